import type { HistoryContext, RequestOptions } from '../clientTypes.js'
import { getNormalizedWalletHistory } from './getWalletHistory.js'
import { normalizeWalletHistoryParameters, type WalletHistoryParameters } from './params.js'
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

/** Every page of a wallet's history, in order, following cursors until there are none. */
export async function* walletHistoryPages(
  ctx: HistoryContext,
  params: WalletHistoryParameters,
  options?: RequestOptions,
): AsyncGenerator<WalletHistoryPage, void, undefined> {
  const base = normalizeWalletHistoryParameters(params, { chain: ctx.config.chain, extraChains: ctx.config.extraChains })
  const seen = new Set<string>()
  if (base.cursor) seen.add(base.cursor)
  let cursor = base.cursor
  for (;;) {
    const page = await getNormalizedWalletHistory(ctx, { ...base, cursor }, options)
    yield page
    const next = nextCursor(page, seen)
    if (next === undefined) return
    seen.add(next)
    cursor = next
  }
}
