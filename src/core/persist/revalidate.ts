import type { TransactionEntry, WalletHistoryPage } from '../history/schema.js'
import type { WalletHistoryData } from '../query/walletHistory.js'

const id = (e: TransactionEntry) => e.hash.toLowerCase()

/**
 * A restored history with its first page read again: entries the stored rows did not have go in at
 * the top of the first page (the feed holds them behind "N new" while the reader is scrolled), a
 * stored entry the service now shows differently is replaced where it is, later pages keep their
 * place. When the fresh page shares nothing with the stored rows and has more after it, the stored
 * rows are too old to join: the history becomes the fresh page alone.
 */
export function mergeFirstPage(restored: WalletHistoryData, fresh: WalletHistoryPage): { data: WalletHistoryData; arrived: string[] } {
  const byId = new Map(fresh.result.map((e) => [id(e), e]))
  const stored = new Set(restored.pages.flatMap((p) => p.result.map(id)))
  const arrived = fresh.result.filter((e) => !stored.has(id(e)))
  const gap = stored.size > 0 && arrived.length === fresh.result.length && typeof fresh.cursor === 'string' && fresh.cursor !== ''
  if (gap || restored.pages.length === 0) return { data: { pages: [fresh], pageParams: [undefined] }, arrived: [] }
  const [head, ...rest] = restored.pages
  const later = new Set(rest.flatMap((p) => p.result.map(id)))
  const top = new Set(fresh.result.map(id))
  const refreshed = (p: WalletHistoryPage): WalletHistoryPage => ({ ...p, result: p.result.map((e) => byId.get(id(e)) ?? e) })
  const first: WalletHistoryPage = {
    ...head!,
    result: [...fresh.result.filter((e) => !later.has(id(e))), ...head!.result.filter((e) => !top.has(id(e)))],
  }
  return { data: { pages: [first, ...rest.map(refreshed)], pageParams: restored.pageParams }, arrived: arrived.map((e) => e.hash) }
}
