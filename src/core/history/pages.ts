import type { HistoryContext, RequestOptions } from '../clientTypes.js'
import { getNormalizedWalletHistory } from './getWalletHistory.js'
import { normalizeWalletHistoryParameters, type WalletHistoryParameters } from './params.js'
import type { WalletHistoryPage } from './schema.js'
import { nextCursor } from './cursor.js'

export { nextCursor }

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
