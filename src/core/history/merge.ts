/**
 * One feed across chains and wallets. One cursor per (wallet, chain) source; entries merged by
 * `block_timestamp`, then chain, block number, transaction index (see order.ts).
 *
 * Frontier rule: an entry is emitted only once every source that can still answer has
 * delivered an entry at or after it, so `entries` never goes back. Minimal requests: only the
 * sources holding the frontier back (the ones with the earliest last-delivered entry) are asked
 * for their next page. Split in two so a TanStack Query hook can drive the merge without this
 * iterator: an I/O-free state with its steps (in merge/) and `mergedWalletHistoryPages`, an
 * async iterator over it. This module is the one importers use: it re-exports the pieces.
 */
import type { WalletHistoryPage } from './schema.js'
import { takeMergedEntries, mergedPage, mergeSourceStates } from './merge/emit.js'
import { isCatchingUp, sourcesToFetch } from './merge/frontier.js'
import { beginSourceRequest, failSource, receiveSourcePage, retryMergeSource } from './merge/sources.js'
import { createMergeState, type MergeSource, type MergeState } from './merge/state.js'
import type {
  HistorySource,
  MergedSourceState,
  MergedTransactionEntry,
  MergedWalletHistoryPage,
  MergedWalletHistoryParameters,
} from './merge/types.js'

export type {
  HistorySource,
  MergedSourceState,
  MergedSourceStatus,
  MergedTransactionEntry,
  MergedWalletHistoryPage,
  MergedWalletHistoryParameters,
} from './merge/types.js'
export { canonicalTime } from './merge/time.js'
export { MERGED_PAGE_LIMIT, createMergeState, uniqueChains, uniqueWallets, type MergeSource, type MergeState } from './merge/state.js'
export { compareInOrder, isCatchingUp, mergeFrontier, sourcesToFetch } from './merge/frontier.js'
export { beginSourceRequest, failSource, findSources, receiveLivePage, receiveSourcePage, retryMergeSource } from './merge/sources.js'
export { incompleteSources, isMergeDone, mergeHasMore, mergeSourceStates, mergedPage, takeLateEntries, takeMergedEntries } from './merge/emit.js'
export { applyMergedPage, mergedEntryId } from './merge/applyMergedPage.js'
export { createMergeStateAt, snapshotOf, type MergeSnapshot, type SourceSnapshot } from './merge/snapshot.js'

/**
 * The merged feed `mergedWalletHistoryPages` returns: an async iterator of merged pages, with each
 * source's status and a way to retry the sources that failed.
 */
export interface MergedWalletHistoryIterator extends AsyncIterableIterator<MergedWalletHistoryPage, undefined, undefined> {
  /**
   * Lets the failed sources of `chain` (one `wallet`'s, or every wallet's) be asked again; the next
   * `next()` fetches them (only them until they catch up) and hands their entries out in `late`.
   * Works after the iterator reported done because only failures were left.
   */
  retrySource(chain: string, wallet?: string): void
  /** Every source's status now (also while a page is being fetched). */
  readonly sources: MergedSourceState[]
  /** The merge's internal state, for the hooks that drive it; treat it as read-only. */
  readonly state: MergeState
}

/**
 * Reads one feed merged across several chains and wallets, newest first (or oldest first), page by page.
 *
 * Each wallet on each chain is one source with its own cursor. Entries are merged by
 * `block_timestamp` (then chain order, block number, transaction index), and an entry is handed
 * out only once no source can still hold one that sorts before it, so `entries` never goes back.
 * Each entry carries its `chain` (and, with several wallets, `wallets` and `views`). A source that
 * fails is reported in the page's `sources` and skipped while the others keep flowing; call
 * `retrySource` to ask it again. The iterator ends when every source has ended, or when only
 * failed sources are left (after a page saying so).
 *
 * @param client - The client (anything with `getWalletHistory`, `chain` and `extraChains`).
 * @param params - The wallet(s), the chains, and the history parameters every source shares.
 * @param options - An `AbortSignal` that stops every request; `next()` then rejects with its reason.
 * @returns An async iterator of {@link MergedWalletHistoryPage}s, with `sources` and `retrySource`.
 * @throws {@link InvalidParameterError} At once, before any request: a bad address, chain or
 *   parameter, both `address` and `addresses`, no chain at all, or a `cursor` (a merged feed
 *   cannot start from one). A source's request errors are not thrown: they are in its `error`.
 * @remarks One `GET /api/v2.2/wallets/{address}/history` per source page, through the client
 *   (with its retries). Only the sources holding the merge back are asked for their next page;
 *   each request asks for `limit` entries. Nothing is cached.
 * @example
 * ```ts
 * import { createClient, mergedWalletHistoryPages } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com' })
 * const feed = mergedWalletHistoryPages(client, {
 *   address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *   chains: ['eth', 'base', 'arbitrum'],
 *   limit: 20,
 * })
 * const first = await feed.next()
 * if (!first.done) {
 *   for (const entry of first.value.entries) console.log(entry.chain, entry.hash)
 *   for (const source of first.value.sources) if (source.status === 'error') feed.retrySource(source.chain)
 * }
 * ```
 */
export function mergedWalletHistoryPages(
  client: HistorySource,
  params: MergedWalletHistoryParameters,
  options?: { signal?: AbortSignal | undefined },
): MergedWalletHistoryIterator {
  return mergedPagesOf(client, createMergeState(params, { chain: client.chain, extraChains: client.extraChains }), options)
}

/** The iterator of `mergedWalletHistoryPages` over a state made by the caller (one started from a snapshot, say). */
export function mergedPagesOf(client: HistorySource, state: MergeState, options?: { signal?: AbortSignal | undefined }): MergedWalletHistoryIterator {
  const controller = new AbortController()
  const outer = options?.signal
  const onAbort = () => controller.abort(outer?.reason)
  if (outer?.aborted) onAbort()
  else outer?.addEventListener('abort', onAbort, { once: true })
  let closed = false
  let queue: Promise<unknown> = Promise.resolve()

  async function step(): Promise<IteratorResult<MergedWalletHistoryPage, undefined>> {
    if (closed) return { done: true, value: undefined }
    controller.signal.throwIfAborted()
    const catchingUp = isCatchingUp(state)
    const entries: MergedTransactionEntry[] = []
    let asked = 0
    // At most 100 rounds of requests a page: a service answering empty pages with new cursors forever must not hold it for ever.
    for (let round = 0; round < 100; round++) {
      entries.push(...takeMergedEntries(state, state.limit - entries.length))
      if (entries.length >= state.limit) break
      // A retry costs only the retried sources' requests: stop once they have caught up.
      if (catchingUp && !isCatchingUp(state)) break
      const toFetch = sourcesToFetch(state)
      if (toFetch.length === 0) break
      asked += toFetch.length
      await Promise.all(toFetch.map((source) => fetchSourcePage(client, state, source, controller.signal)))
    }
    if (entries.length === 0 && state.late.size === 0 && asked === 0) return { done: true, value: undefined }
    return { done: false, value: mergedPage(state, entries) }
  }

  const iterator: MergedWalletHistoryIterator = {
    next() {
      const run = queue.then(step)
      queue = run.catch(() => undefined)
      return run
    },
    async return() {
      closed = true
      controller.abort()
      outer?.removeEventListener('abort', onAbort)
      return { done: true, value: undefined }
    },
    retrySource(chain, wallet) {
      retryMergeSource(state, chain, wallet)
    },
    get sources() {
      return mergeSourceStates(state)
    },
    state,
    [Symbol.asyncIterator]() {
      return iterator
    },
  }
  return iterator
}

/** Asks `source` for its next page and takes the answer (or the failure) in. */
async function fetchSourcePage(client: HistorySource, state: MergeState, source: MergeSource, signal: AbortSignal): Promise<void> {
  const before = source.status
  const request = beginSourceRequest(source)
  let page: WalletHistoryPage
  try {
    page = await client.getWalletHistory(request, { signal })
  } catch (error) {
    if (signal.aborted) {
      // An abort is the caller's, not the source's failure: leave it as it was.
      source.inFlight = false
      source.status = before
      source.requests--
      throw error
    }
    failSource(source, error)
    return
  }
  receiveSourcePage(state, source, page)
}
