import { hashKey, type QueryClient } from '@tanstack/react-query'
import { mergedEntryId, type MergedTransactionEntry } from '../core/history/merge.js'
import type { WalletHistoryPage } from '../core/history/schema.js'
import { recordArrivals } from './arrivalStore.js'
import type { MergedWalletHistoryData, MergedWalletHistoryQueryKey } from './useMergedWalletHistory.js'

/**
 * Puts a source's first page, read again, into a loaded merged feed: the entries it does not hold
 * yet (by chain and hash) go into the first page's `late` entries, which `applyMergedPage` sorts
 * into place, and are recorded as arrivals. Idempotent; nothing before the feed has loaded.
 * `wallet` is set when the feed merges several wallets (the entry is that wallet's view); a transaction
 * another merged wallet already shows gets this wallet's view added to it (`wallets`, `views`).
 */
export function insertIntoMergedHistory(
  queryClient: QueryClient,
  queryKey: MergedWalletHistoryQueryKey,
  source: { chain: string; wallet?: string | undefined },
  page: WalletHistoryPage,
): MergedTransactionEntry[] {
  let fresh: MergedTransactionEntry[] = []
  queryClient.setQueryData<MergedWalletHistoryData>(queryKey, (data) => {
    if (!data?.pages.length) return data
    // Where each loaded transaction is (page, list, index), so another wallet's view of it joins it.
    const where = new Map<string, [number, 'entries' | 'late', number]>()
    data.pages.forEach((p, i) => {
      p.entries.forEach((e, j) => where.set(mergedEntryId(e), [i, 'entries', j]))
      p.late.forEach((e, j) => where.set(mergedEntryId(e), [i, 'late', j]))
    })
    const pages = data.pages.map((p) => ({ ...p, entries: [...p.entries], late: [...p.late] }))
    fresh = []
    let joined = false
    for (const entry of page.result) {
      const merged: MergedTransactionEntry = { ...entry, chain: source.chain, ...(source.wallet !== undefined ? { wallet: source.wallet, wallets: [source.wallet] } : {}) }
      const id = mergedEntryId(merged)
      const at = where.get(id)
      if (at === undefined) {
        where.set(id, [0, 'late', pages[0]!.late.length])
        pages[0]!.late.push(merged)
        fresh.push(merged)
        continue
      }
      // A transaction between two of the merged wallets: one entry with both wallets' views, as the merge builds it.
      const [i, list, j] = at
      const known = pages[i]![list][j]!
      if (source.wallet === undefined || known.wallets === undefined || known.wallets.some((w) => w.toLowerCase() === source.wallet!.toLowerCase())) continue
      pages[i]![list][j] = { ...known, wallets: [...known.wallets, source.wallet], views: [...(known.views ?? [known]), entry] }
      joined = true
    }
    if (fresh.length === 0 && !joined) return data
    return { ...data, pages }
  })
  recordArrivals(queryClient, hashKey(queryKey), fresh.map((e) => e.hash))
  return fresh
}
