import type { WalletHistoryPage } from './schema.js'

/**
 * Tells which cursor to ask for after a page, or that paging is over, the way `walletHistoryPages`
 * and the hooks decide it.
 *
 * Paging is over when the page has no cursor (null or empty), or when its cursor was already seen
 * (a service that repeats itself would otherwise loop forever).
 *
 * @param page - The page just read (its `cursor`).
 * @param seen - The cursors already asked for.
 * @returns The next cursor, or `undefined` when there is no next page.
 * @example
 * ```ts
 * import { createClient, nextCursor } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 * const seen = new Set<string>()
 * let cursor: string | undefined
 * do {
 *   const page = await client.getWalletHistory({ address, cursor })
 *   cursor = nextCursor(page, seen)
 *   if (cursor) seen.add(cursor)
 * } while (cursor)
 * ```
 */
export function nextCursor(page: Pick<WalletHistoryPage, 'cursor'>, seen: ReadonlySet<string>): string | undefined {
  const c = page.cursor
  if (c === null || c === '' || seen.has(c)) return undefined
  return c
}
