import { chainIdentity } from '../../chains.js'
import { entryId } from '../entryId.js'
import { compareInFeedOrder, mergeKeyOf, type MergeOrder } from '../order.js'
import type { MergedTransactionEntry, MergedWalletHistoryPage } from './types.js'

/** Key of a merged entry (chain and hash), the same for every view of one transaction. */
export function mergedEntryId(entry: Pick<MergedTransactionEntry, 'chain' | 'hash'>): string {
  return entryId(entry)
}

/**
 * A consumer's whole list after `page`: its `entries` appended, its `late` ones put in place
 * (replacing an entry of the same chain and hash). Returns a new array.
 */
export function applyMergedPage(
  list: readonly MergedTransactionEntry[],
  page: Pick<MergedWalletHistoryPage, 'entries' | 'late'>,
  order: MergeOrder,
  chains: readonly string[],
): MergedTransactionEntry[] {
  if (page.late.length === 0) return [...list, ...page.entries]
  const replaced = new Map(page.late.map((e) => [mergedEntryId(e), e]))
  const kept = list.filter((e) => !replaced.has(mergedEntryId(e)))
  const index = new Map(chains.map((c, i) => [chainIdentity(c), i]))
  const keyOf = (e: MergedTransactionEntry, i: number) => mergeKeyOf(e, index.get(chainIdentity(e.chain)) ?? chains.length, i)
  const all = [...kept, ...page.late, ...page.entries]
  const keys = new Map(all.map((e, i) => [e, keyOf(e, i)]))
  return all.sort((a, b) => compareInFeedOrder(order === 'DESC', keys.get(a)!, keys.get(b)!))
}
