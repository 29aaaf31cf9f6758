import { chainIdentity, checkChain } from '../../chains.js'
import { InvalidParameterError } from '../../errors.js'
import type { MergeKey, MergeOrder } from '../order.js'
import { checkAddress, normalizeWalletHistoryParameters, type NormalizedWalletHistoryParameters } from '../params.js'
import type { TransactionRecord } from './record.js'
import type { SeenHashes } from './seenHashes.js'
import type { MergedSourceStatus, MergedWalletHistoryParameters } from './types.js'

export interface MergeSource {
  readonly wallet: string
  readonly walletIndex: number
  readonly chain: string
  readonly chainIndex: number
  readonly params: NormalizedWalletHistoryParameters
  /** The cursor of the next request; undefined for the first page. */
  cursor: string | undefined
  /** The cursor the last page answered was asked with (undefined: the first page): where a snapshot reads it again. */
  pageCursor: string | undefined
  /** The cursors asked lately (the last 64): a service leading back to one of them has ended. */
  readonly seen: Set<string>
  status: MergedSourceStatus
  error: unknown
  inFlight: boolean
  /** The latest-sorting entry delivered so far; undefined before any. */
  bound: MergeKey | undefined
  /** The first entry of the last page with entries, and of the one before it (`floor`): see `forgetPassedGenerations`. */
  pageFirst: MergeKey | undefined
  floor: MergeKey | undefined
  /** Delivered, not yet emitted entries this source introduced, sorted; the ones before `nextIndex` are already emitted. */
  buffer: TransactionRecord[]
  /**
   * Index in `buffer` of the next record to emit: moving an index costs less than shifting the array.
   */
  nextIndex: number
  requests: number
}

/**
 * What one source page brought to its chain: its hashes (one wallet: to drop a service's repeat) or
 * its records (several wallets: to fold another wallet's view into the one record of a transaction).
 */
export interface KnownGeneration {
  /** A first page (or a live re-read of one): kept for good, so a first page read again for arrivals finds what is shown. */
  readonly pinned: boolean
  readonly hashes: SeenHashes
  readonly records: Map<string, TransactionRecord>
  /** The latest-sorting key it holds. */
  last: MergeKey | undefined
}

/** The merge's whole state. Mutated only by the steps in this folder, none of which does I/O. */
export interface MergeState {
  readonly order: MergeOrder
  readonly limit: number
  readonly wallets: readonly string[]
  readonly chains: readonly string[]
  readonly sources: readonly MergeSource[]
  /**
   * Per chain index, by source page: hash → the one record of that transaction, to fold other
   * wallets' views into it. With one wallet there is nothing to fold: only the hashes are kept (a
   * repeat is dropped), so a record is garbage once emitted. Generations no source can come back to
   * are forgotten (`forgetPassedGenerations`): memory stays flat however deep the feed goes.
   */
  readonly known: readonly KnownGeneration[][]
  /**
   * A merge started from a snapshot (a page read again): entries at or before this key were
   * emitted by earlier pages, and are dropped as they come.
   */
  after: MergeKey | undefined
  /** Key of the last emitted entry. */
  last: MergeKey | undefined
  /** Records to hand out in the next page's `late`. */
  readonly late: Set<TransactionRecord>
  /** `[wallet]` per wallet index: one frozen list shared by every entry only that wallet holds. */
  readonly walletAsList: readonly (readonly string[])[]
}

/** Entries per merged page and per source request when `limit` is not given. */
export const MERGED_PAGE_LIMIT = 25

type StateDefaults = { chain?: string | undefined; extraChains?: readonly string[] | undefined }

/** Checks every parameter (a typed error naming the first wrong one) and lays out one source per wallet × chain. */
export function createMergeState(params: MergedWalletHistoryParameters, defaults: StateDefaults = {}): MergeState {
  if (params === null || typeof params !== 'object') throw new InvalidParameterError('params', 'expected an object with `address` or `addresses`, and `chains`')
  const { address, addresses, chains, chain, cursor, limit = MERGED_PAGE_LIMIT, order = 'DESC', ...rest } = params as MergedWalletHistoryParameters & { cursor?: unknown }
  if (cursor !== undefined) throw new InvalidParameterError('cursor', 'a merged feed keeps one cursor per source and cannot start from one')
  const wallets = checkWallets(address, addresses)
  const extraChains = defaults.extraChains ?? []
  const chainList = checkChains(chains, chain, defaults, extraChains)

  const sources: MergeSource[] = []
  wallets.forEach((wallet, walletIndex) => {
    chainList.forEach((c, chainIndex) => {
      const normalized = normalizeWalletHistoryParameters({ ...rest, address: wallet, chain: c, order, limit }, { extraChains })
      sources.push({
        wallet, walletIndex, chain: c, chainIndex, params: normalized,
        cursor: undefined, pageCursor: undefined, seen: new Set(), status: 'loading', error: undefined, inFlight: false,
        bound: undefined, pageFirst: undefined, floor: undefined, buffer: [], nextIndex: 0, requests: 0,
      })
    })
  })
  const first = sources[0]!.params
  return {
    order: first.order!, limit: first.limit!, wallets, chains: chainList, sources,
    known: chainList.map(() => []), after: undefined, last: undefined, late: new Set(),
    walletAsList: wallets.map((w) => Object.freeze([w])),
  }
}

/** The wallets of `address` or `addresses` (not both), checked, once each. */
function checkWallets(address: string | undefined, addresses: readonly string[] | undefined): string[] {
  if (address !== undefined && addresses !== undefined) throw new InvalidParameterError('addresses', 'give `address` or `addresses`, not both')
  if (addresses === undefined) return uniqueWallets([checkAddress(address)])
  if (!Array.isArray(addresses) || addresses.length === 0) throw new InvalidParameterError('addresses', 'expected a non-empty list of addresses')
  return uniqueWallets(addresses.map((a, i) => checkAddress(a, `addresses[${i}]`)))
}

/** The chains of `chains`, else the one `chain` (the caller's, then the client's), checked, once each. */
function checkChains(
  chains: MergedWalletHistoryParameters['chains'],
  chain: MergedWalletHistoryParameters['chain'],
  defaults: StateDefaults,
  extraChains: readonly string[],
): string[] {
  if (chains !== undefined) {
    if (!Array.isArray(chains) || chains.length === 0) throw new InvalidParameterError('chains', 'expected a non-empty list of chains')
    return uniqueChains(chains.map((c, i) => checkChain(c, extraChains, `chains[${i}]`)))
  }
  const one = chain ?? defaults.chain
  if (one === undefined) throw new InvalidParameterError('chains', 'expected a non-empty list of chains (no `chain` and no client default)')
  return uniqueChains([checkChain(one, extraChains)])
}

/** Wallets once each, whatever their letter case, in their first spelling (the merge and the merged feed's live sources alike). */
export const uniqueWallets = <T extends string>(list: readonly T[]): T[] => dedupe(list, (w) => w.toLowerCase())
/** Chains once each ('eth' and '0x1' are one chain), in their first spelling. */
export const uniqueChains = <T extends string>(list: readonly T[]): T[] => dedupe(list, chainIdentity)

function dedupe<T extends string>(list: readonly T[], identity: (s: string) => string): T[] {
  const seen = new Set<string>()
  return list.filter((x) => !seen.has(identity(x)) && (seen.add(identity(x)), true))
}
