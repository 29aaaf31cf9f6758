import { InvalidParameterError } from '../errors.js'
import { checkDateRange, type DateInput } from './params.js'

// What a wallet-history filter is, and checking one read from a form or a link.

/** A transfer's side for a filter: `in` (to the wallet), `out` (from it) or `self` (from it to itself). */
export type FilterDirection = 'in' | 'out' | 'self'
/** What a transfer moved, for a filter: the chain's currency, an ERC-20 token, an NFT, or value moved by a contract (`internal`). */
export type FilterKind = 'native' | 'erc20' | 'nft' | 'internal'

/**
 * What to show of a wallet's history: categories, directions, kinds of transfer, tokens, a text
 * search and a date range. Every field is optional; an empty filter keeps everything.
 *
 * Within one field any value matches; fields combine with AND, and direction, kind and token must
 * hold for the same transfer ("received USDC" is an incoming USDC transfer, not a transaction that
 * received ETH and sent USDC). Dates go to the service (`from_date` / `to_date`), so they cost no
 * extra pages; the rest is applied to the entries already loaded.
 */
export interface WalletHistoryFilter {
  /** The service's categories to keep (`send`, `receive`, `token send`, `nft receive`, `approve`, …), in any letter case. */
  categories?: readonly string[] | undefined
  /** The sides to keep, from the wallet's side. */
  directions?: readonly FilterDirection[] | undefined
  /** The kinds of transfer to keep. */
  kinds?: readonly FilterKind[] | undefined
  /** Token or NFT contract addresses to keep. */
  tokens?: readonly string[] | undefined
  /** Text to find (any letter case) in a hash, an address, a label, a token's symbol or name, a summary or method. */
  search?: string | undefined
  /** The earliest time to show; sent to the service as `from_date`. */
  fromDate?: DateInput | undefined
  /** The latest time to show; sent to the service as `to_date`. */
  toDate?: DateInput | undefined
}

// The directions and kinds a filter knows, as a form or a link may name them.
export const DIRECTIONS: readonly FilterDirection[] = ['in', 'out', 'self']
export const KINDS: readonly FilterKind[] = ['native', 'erc20', 'nft', 'internal']

/**
 * Tells whether a filter narrows the entries already loaded (dates alone do not: the service applies them).
 *
 * @param filter - The filter, or `undefined`.
 * @returns True when it has a category, direction, kind, token or non-blank search.
 * @example
 * ```ts
 * import { filtersEntries } from 'blockfeed'
 *
 * filtersEntries({ fromDate: '2024-01-01' }) // false
 * filtersEntries({ kinds: ['erc20'] }) // true
 * ```
 */
export function filtersEntries(filter: WalletHistoryFilter | undefined): boolean {
  if (!filter) return false
  return Boolean(filter.categories?.length || filter.directions?.length || filter.kinds?.length || filter.tokens?.length || filter.search?.trim())
}

/**
 * Checks a filter (one read from a form or a link, say) before you use it.
 *
 * @param filter - Anything; `undefined` is the empty filter.
 * @returns The filter, typed.
 * @throws {@link InvalidParameterError} When a field is not a list of text, a direction or kind is
 *   unknown, a token is not an address, `search` is not text, or a date is unreadable or
 *   `fromDate` is after `toDate`; `parameter` names it (e.g. `filter.kinds[1]`).
 * @example
 * ```ts
 * import { checkWalletHistoryFilter } from 'blockfeed'
 *
 * const filter = checkWalletHistoryFilter(JSON.parse('{"directions":["in"],"kinds":["erc20"]}'))
 * ```
 */
export function checkWalletHistoryFilter(filter: unknown): WalletHistoryFilter {
  if (filter === undefined) return {}
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) throw new InvalidParameterError('filter', 'expected an object')
  const f = filter as WalletHistoryFilter
  const listOf = <T extends string>(name: string, value: unknown, allowed?: readonly T[]): readonly T[] | undefined => {
    if (value === undefined) return undefined
    if (!Array.isArray(value)) throw new InvalidParameterError(`filter.${name}`, 'expected an array')
    value.forEach((v, i) => {
      if (typeof v !== 'string') throw new InvalidParameterError(`filter.${name}[${i}]`, 'expected text')
      if (allowed && !allowed.includes(v as T)) throw new InvalidParameterError(`filter.${name}[${i}]`, `expected one of ${allowed.join(', ')}`)
    })
    return value as T[]
  }
  const tokens = listOf('tokens', f.tokens)
  tokens?.forEach((t, i) => {
    if (!/^0x[0-9a-fA-F]{40}$/.test(t)) throw new InvalidParameterError(`filter.tokens[${i}]`, 'expected a contract address (0x + 40 hex)')
  })
  if (f.search !== undefined && typeof f.search !== 'string') throw new InvalidParameterError('filter.search', 'expected text')
  // The dates as the request will check them, named as the filter's: a wrong date is the filter's
  // error up front, not a failed request with a Retry that cannot help.
  checkDateRange(f.fromDate as DateInput | undefined, f.toDate as DateInput | undefined, 'filter.')
  return {
    ...f,
    categories: listOf('categories', f.categories),
    directions: listOf('directions', f.directions, DIRECTIONS),
    kinds: listOf('kinds', f.kinds, KINDS),
    tokens,
  }
}
