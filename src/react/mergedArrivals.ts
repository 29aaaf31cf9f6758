import { hashKey, type QueryClient } from '@tanstack/react-query'
import { findSources, mergedEntryId, receiveLivePage, takeLateEntries, takeMergedEntries, type MergeState, type MergedTransactionEntry } from '../core/history/merge.js'
import type { WalletHistoryPage } from '../core/history/schema.js'
import { recordArrivals } from '../core/arrivals/arrivalStore.js'
import { afterRunningFetch } from '../core/arrivals/afterRunningFetch.js'
import { mergeStateOf, type MergedWalletHistoryData, type MergedWalletHistoryQueryKey } from './useMergedWalletHistory.js'

/**
 * Puts a source's first page, read again, into a loaded merged feed, through the merge itself
 * (`receiveLivePage`): only what the merge has not seen is new. Entries it fetched and holds back
 * (past the frontier or the page size) stay held back and come in order with a later page; a new
 * one goes in place (the last page's `late`, which `applyMergedPage` sorts into the whole list) and
 * is recorded as an arrival; another merged wallet's view of a shown transaction replaces it where
 * it is (`wallets`, `views`). A page of nothing but new entries, with more after it, may leave a gap
 * below it: the feed is merged again from the top. Idempotent. `wallet` is set when the feed merges several wallets.
 * Nothing happens for data this QueryClient did not merge (hydrated): its next refetch merges anew.
 */
export function insertIntoMergedHistory(
  queryClient: QueryClient,
  queryKey: MergedWalletHistoryQueryKey,
  source: { chain: string; wallet?: string | undefined },
  page: WalletHistoryPage,
  state: MergeState | undefined = mergeStateOf(queryClient, queryKey),
): MergedTransactionEntry[] {
  if (!state || !queryClient.getQueryData<MergedWalletHistoryData>(queryKey)?.pages.length) return []
  let from
  try {
    from = findSources(state, source.chain, source.wallet ?? state.wallets[0])[0]!
  } catch {
    return []
  }
  const added = receiveLivePage(state, from, page)
  if (added < 0) return []
  // Every entry new and more after them: the ones between this page and the feed's top were never read. Merge again from the top.
  if (added > 0 && added === page.result.length && page.cursor && from.status !== 'error') void queryClient.invalidateQueries({ queryKey, exact: true })
  // Nothing shown yet (no history on any chain): there is no row to go before, so the merge hands them out now.
  const late = state.last === undefined ? takeMergedEntries(state, state.limit) : takeLateEntries(state)
  if (late.length === 0) return []
  const fresh = place(queryClient, queryKey, late)
  // A page fetched meanwhile is written over what was set here (TanStack keeps the pages it started from): place them again then.
  afterRunningFetch(queryClient, queryKey, () => void place(queryClient, queryKey, late))
  recordArrivals(queryClient, hashKey(queryKey), fresh.map(mergedEntryId))
  return fresh
}

/** Replaces the shown entries among `late` where they are and adds the others; returns the added ones. */
function place(queryClient: QueryClient, queryKey: MergedWalletHistoryQueryKey, late: readonly MergedTransactionEntry[]): MergedTransactionEntry[] {
  let fresh: MergedTransactionEntry[] = []
  queryClient.setQueryData<MergedWalletHistoryData>(queryKey, (data) => {
    if (!data?.pages.length) return data
    const where = new Map<string, [number, 'entries' | 'late', number]>()
    data.pages.forEach((p, i) => {
      p.entries.forEach((e, j) => where.set(mergedEntryId(e), [i, 'entries', j]))
      p.late.forEach((e, j) => where.set(mergedEntryId(e), [i, 'late', j]))
    })
    const pages = data.pages.map((p) => ({ ...p, entries: [...p.entries], late: [...p.late] }))
    fresh = []
    let changed = false
    for (const entry of late) {
      const at = where.get(mergedEntryId(entry))
      if (at === undefined) {
        pages[pages.length - 1]!.late.push(entry)
        fresh.push(entry)
        changed = true
      } else if (pages[at[0]]![at[1]][at[2]] !== entry) {
        pages[at[0]]![at[1]][at[2]] = entry
        changed = true
      }
    }
    return changed ? { ...data, pages } : data
  })
  return fresh
}
