import { hashKey, type QueryClient } from '@tanstack/react-query'
import { mergedEntryId, type MergedTransactionEntry } from '../core/history/merge.js'
import type { WalletHistoryPage } from '../core/history/schema.js'
import { recordArrivals } from './arrivalStore.js'
import type { MergedWalletHistoryData, MergedWalletHistoryQueryKey } from './useMergedWalletHistory.js'

/**
 * Puts a source's first page, read again, into a loaded merged feed: the entries it does not hold
 * yet (by chain and hash) go into the first page's `late` entries, which `applyMergedPage` sorts
 * into place, and are recorded as arrivals. Idempotent; nothing before the feed has loaded.
 * `wallet` is set when the feed merges several wallets (the entry is that wallet's view).
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
    const ids = new Set(data.pages.flatMap((p) => [...p.entries, ...p.late].map(mergedEntryId)))
    fresh = []
    for (const entry of page.result) {
      const merged: MergedTransactionEntry = { ...entry, chain: source.chain, ...(source.wallet !== undefined ? { wallet: source.wallet, wallets: [source.wallet] } : {}) }
      const id = mergedEntryId(merged)
      if (ids.has(id)) continue
      ids.add(id)
      fresh.push(merged)
    }
    if (fresh.length === 0) return data
    const [head, ...rest] = data.pages
    return { ...data, pages: [{ ...head!, late: [...head!.late, ...fresh] }, ...rest] }
  })
  recordArrivals(queryClient, hashKey(queryKey), fresh.map((e) => e.hash))
  return fresh
}
