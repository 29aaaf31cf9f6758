import type { ChainInput } from '../../chains.js'
import type { WalletHistoryParameters } from '../params.js'
import type { TransactionEntry, WalletHistoryPage } from '../schema.js'

/** What the merge needs of a client (a `BlockfeedClient` fits); named here so the client's contract can name the merge's types. */
export interface HistorySource {
  /** Reads one page of a wallet's history (the client's `getWalletHistory`). */
  getWalletHistory(params: WalletHistoryParameters, options?: { signal?: AbortSignal | undefined }): Promise<WalletHistoryPage>
  /** The default chain, used when the parameters name none. */
  readonly chain?: string | undefined
  /** Chains accepted beyond the spec's 13. */
  readonly extraChains?: readonly string[] | undefined
}

/**
 * What to merge: one wallet (`address`) or several (`addresses`), on one or more `chains`, with the
 * wallet-history parameters every source shares (`fromBlock`, `fromDate`, `includeInternalTransactions`…).
 */
export interface MergedWalletHistoryParameters extends Omit<WalletHistoryParameters, 'address' | 'chain' | 'cursor' | 'limit'> {
  /** The one wallet to read. Give this or `addresses`, not both. */
  address?: string | undefined
  /** Several wallets to read as one feed (each once, whatever its letter case). Give this or `address`, not both. */
  addresses?: readonly string[] | undefined
  /**
   * The chains to merge (spec names or hex ids, each once); their order breaks timestamp ties.
   * @defaultValue `[chain]`, else the client's `chain`
   */
  chains?: readonly ChainInput[] | undefined
  /** The one chain to read when `chains` is left out. */
  chain?: ChainInput | undefined
  /**
   * Entries per merged page, and per source request.
   * @defaultValue `25`
   */
  limit?: number | undefined
  /**
   * `DESC` for newest first, `ASC` for oldest first; always sent, since the merge relies on each source's order.
   * @defaultValue `'DESC'`
   */
  order?: WalletHistoryParameters['order']
}

/** A transaction in a merged feed: the service's entry plus the chain (and, with several wallets, the wallets) it came from. */
export type MergedTransactionEntry = TransactionEntry & {
  /** The chain as given in `chains`. */
  chain: string
  /** When several wallets are merged: the wallet whose view these fields are (the first of `addresses` holding it). */
  wallet?: string
  /** When several wallets are merged: every one whose history holds it, in `addresses` order (two for a transfer between them). */
  wallets?: readonly string[]
  /** Each wallet's own entry (direction, category, summary differ), aligned with `wallets`; only when there are several. */
  views?: readonly TransactionEntry[]
}

/** Where one source of a merged feed stands: `loading`, `ok` (more to come), `error` or `done`. */
export type MergedSourceStatus = 'loading' | 'ok' | 'error' | 'done'

/** One source of a merged feed (one wallet on one chain) and where it stands. */
export interface MergedSourceState {
  /** The chain, as given in `chains`. */
  readonly chain: string
  /** The wallet, as given. */
  readonly wallet: string
  /** `loading`: no answer yet (or a request under way); `ok`: more pages to come; `error`: the last request failed; `done`: no more pages. */
  readonly status: MergedSourceStatus
  /** The failure, when `status` is `error` (a blockfeed error class, after the client's retries). */
  readonly error: unknown
  /** History requests sent for this source so far. */
  readonly requests: number
}

/** One page of a merged feed: the new entries in order, late ones to put in place, and every source's status. */
export interface MergedWalletHistoryPage {
  /** New entries in order; each sorts at or after every entry of earlier pages. */
  entries: MergedTransactionEntry[]
  /**
   * Entries that belong before ones already emitted: from a source that failed and was retried
   * (or a service that broke its own order), or an emitted entry that gained a wallet's view
   * (same chain and hash: replace it). `applyMergedPage` puts them in place.
   */
  late: MergedTransactionEntry[]
  /** Every source's status, wallets × chains in the order given. */
  sources: MergedSourceState[]
  /** Sources that failed before reaching the last emitted entry: their entries may be missing up to it. */
  incomplete: { chain: string; wallet: string }[]
  /** Every source has ended and every entry was emitted. */
  done: boolean
}
