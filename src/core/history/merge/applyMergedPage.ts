import { chainIdentity } from '../../chains.js'
import { entryId } from '../entryId.js'
import { compareInFeedOrder, mergeKeyOf, type MergeOrder } from '../order.js'
import type { MergedTransactionEntry, MergedWalletHistoryPage } from './types.js'

/**
 * Returns a stable key for an entry of a merged feed (its chain and hash), the same for every
 * wallet's view of one transaction: use it as a React `key`.
 *
 * @param entry - An entry of a merged feed (its `chain` and `hash`).
 * @returns The key; `eth` and `0x1` give the same one.
 * @example
 * ```ts
 * import { mergedEntryId } from 'blockfeed'
 *
 * const key = mergedEntryId({ chain: 'eth', hash: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' })
 * ```
 */
export function mergedEntryId(entry: Pick<MergedTransactionEntry, 'chain' | 'hash'>): string {
  return entryId(entry)
}

/**
 * Adds a merged page to the list you show: its `entries` appended, its `late` ones put in their
 * place (replacing an entry of the same chain and hash).
 *
 * @param list - The entries shown so far.
 * @param page - The merged page (its `entries` and `late`).
 * @param order - The feed's order, `'DESC'` or `'ASC'`.
 * @param chains - The feed's chains in the order given (they break timestamp ties).
 * @returns A new array; `list` is left as it was.
 * @example
 * ```ts
 * import { applyMergedPage, createClient, mergedWalletHistoryPages, type MergedTransactionEntry } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com' })
 * const chains = ['eth', 'base']
 * let shown: MergedTransactionEntry[] = []
 * for await (const page of mergedWalletHistoryPages(client, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chains })) {
 *   shown = applyMergedPage(shown, page, 'DESC', chains)
 *   if (shown.length >= 100) break
 * }
 * ```
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
