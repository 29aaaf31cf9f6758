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

/** The merged feed as an async iterator, with per-source retry. */
export interface MergedWalletHistoryIterator extends AsyncIterableIterator<MergedWalletHistoryPage, undefined, undefined> {
  /**
   * Lets the failed sources of `chain` (one `wallet`'s, or every wallet's) be asked again; the next
   * `next()` fetches them (only them until they catch up) and hands their entries out in `late`.
   * Works after the iterator reported done because only failures were left.
   */
  retrySource(chain: string, wallet?: string): void
  /** Every source's status now (also while a page is being fetched). */
  readonly sources: MergedSourceState[]
  readonly state: MergeState
}

/**
 * Pages of one feed merged across `chains` and wallets, through anything with
 * `getWalletHistory` (a `BlockfeedClient`). Bad parameters throw here, before any request.
 * Each page holds up to `limit` new entries; a source that fails is reported in the page and
 * skipped (the others keep flowing). The iterator ends when every source has ended, or when
 * only failed sources are left (after a page saying so); `retrySource` then lets it go on.
 */
export function mergedWalletHistoryPages(
  client: HistorySource,
  params: MergedWalletHistoryParameters,
  options?: { signal?: AbortSignal | undefined },
): MergedWalletHistoryIterator {
  const state = createMergeState(params, { chain: client.chain, extraChains: client.extraChains })
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
