import type { ChainInput } from '../../chains.js'
import type { WalletHistoryParameters } from '../params.js'
import type { TransactionEntry, WalletHistoryPage } from '../schema.js'

/** What the merge needs of a client (a `BlockfeedClient` fits); named here so the client's contract can name the merge's types. */
export interface HistorySource {
  getWalletHistory(params: WalletHistoryParameters, options?: { signal?: AbortSignal | undefined }): Promise<WalletHistoryPage>
  readonly chain?: string | undefined
  readonly extraChains?: readonly string[] | undefined
}

/** The history parameters for a merged feed: `address` or `addresses`, and `chains`. */
export interface MergedWalletHistoryParameters extends Omit<WalletHistoryParameters, 'address' | 'chain' | 'cursor' | 'limit'> {
  address?: string | undefined
  addresses?: readonly string[] | undefined
  /** The chains to merge (spec names or hex ids); their order breaks timestamp ties. Default: `[chain]`, then the client's chain. */
  chains?: readonly ChainInput[] | undefined
  chain?: ChainInput | undefined
  /** Entries per merged page and per source request. Default 25. */
  limit?: number | undefined
  /** Default `DESC` (newest first); always sent, since the merge relies on each source's order. */
  order?: WalletHistoryParameters['order']
}

/** A transaction in a merged feed: the service's entry plus where it came from. */
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

export type MergedSourceStatus = 'loading' | 'ok' | 'error' | 'done'

export interface MergedSourceState {
  readonly chain: string
  readonly wallet: string
  /** `loading`: no answer yet (or a request under way); `ok`: more pages to come; `error`: the last request failed; `done`: no more pages. */
  readonly status: MergedSourceStatus
  /** The failure, when `status` is `error` (a blockfeed error class, after the client's retries). */
  readonly error: unknown
  /** History requests sent for this source so far. */
  readonly requests: number
}

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
