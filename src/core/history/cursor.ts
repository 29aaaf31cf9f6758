import type { WalletHistoryPage } from './schema.js'

/**
 * The cursor to ask for after `page`, or undefined when paging is over: no cursor (null or
 * empty), or a cursor already seen (a service that repeats itself would loop forever).
 */
export function nextCursor(page: Pick<WalletHistoryPage, 'cursor'>, seen: ReadonlySet<string>): string | undefined {
  const c = page.cursor
  if (c === null || c === '' || seen.has(c)) return undefined
  return c
}
