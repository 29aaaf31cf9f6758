import { DIRECTIONS, KINDS, type FilterDirection, type FilterKind, type WalletHistoryFilter } from './filterCheck.js'
import { checkDate, type DateInput } from './params.js'

// A filter in a link: written as URL search parameters, and read back from them.

const LIST_KEYS = ['categories', 'directions', 'kinds', 'tokens'] as const

/**
 * Writes a filter as URL search parameters, for links that share a filtered feed
 * (`category=send&direction=in&q=usdc&from=2024-03-01`).
 *
 * @param filter - The filter.
 * @param into - Search parameters to add to (your page's others). Default: new ones.
 * @returns `into`, with `category`, `direction`, `kind`, `token` (repeated), `q`, `from` and `to` set.
 * @throws {@link InvalidParameterError} When a date is an invalid `Date`.
 * @example
 * ```ts
 * import { walletHistoryFilterToSearchParams } from 'blockfeed'
 *
 * const search = walletHistoryFilterToSearchParams({ directions: ['in'], search: 'usdc' })
 * const link = `/wallet?${search}` // '/wallet?direction=in&q=usdc'
 * ```
 */
export function walletHistoryFilterToSearchParams(filter: WalletHistoryFilter, into = new URLSearchParams()): URLSearchParams {
  const names = { categories: 'category', directions: 'direction', kinds: 'kind', tokens: 'token' } as const
  for (const key of LIST_KEYS) for (const v of filter[key] ?? []) into.append(names[key], v)
  if (filter.search?.trim()) into.set('q', filter.search.trim())
  // An invalid Date is named here (its toISOString would throw a bare RangeError).
  const date = (d: DateInput, name: string) => (d instanceof Date ? checkDate(d, `filter.${name}`) : String(d))
  if (filter.fromDate !== undefined) into.set('from', date(filter.fromDate, 'fromDate'))
  if (filter.toDate !== undefined) into.set('to', date(filter.toDate, 'toDate'))
  return into
}

/**
 * Reads a filter back from URL search parameters written by {@link walletHistoryFilterToSearchParams}.
 *
 * Values it does not know (a hand-edited link's) are dropped, never thrown.
 *
 * @param params - The page's search parameters.
 * @returns The filter (empty when the link carries none).
 * @example
 * ```ts
 * import { walletHistoryFilterFromSearchParams } from 'blockfeed'
 *
 * const filter = walletHistoryFilterFromSearchParams(new URLSearchParams('direction=in&kind=nft&q=punk'))
 * ```
 */
export function walletHistoryFilterFromSearchParams(params: URLSearchParams): WalletHistoryFilter {
  const filter: WalletHistoryFilter = {}
  const categories = params.getAll('category').filter((c) => c !== '')
  const directions = params.getAll('direction').filter((d): d is FilterDirection => (DIRECTIONS as readonly string[]).includes(d))
  const kinds = params.getAll('kind').filter((k): k is FilterKind => (KINDS as readonly string[]).includes(k))
  const tokens = params.getAll('token').filter((t) => /^0x[0-9a-fA-F]{40}$/.test(t))
  if (categories.length) filter.categories = categories
  if (directions.length) filter.directions = directions
  if (kinds.length) filter.kinds = kinds
  if (tokens.length) filter.tokens = tokens
  const q = params.get('q')?.trim()
  if (q) filter.search = q
  const from = params.get('from')
  const to = params.get('to')
  if (from && readableDate(from)) filter.fromDate = from
  if (to && readableDate(to)) filter.toDate = to
  return filter
}

/** A date a link may carry: one the request would take (a hand-edited link's unreadable one is dropped). */
const readableDate = (value: string) => {
  try {
    checkDate(value, 'date')
    return true
  } catch {
    return false
  }
}
