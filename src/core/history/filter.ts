import { InvalidParameterError } from '../errors.js'
import { HIDDEN_CHARACTERS } from '../text.js'
import { entryFlows, flowDirection, type Flow } from './flows.js'
import { checkDate, checkDateRange, type DateInput } from './params.js'
import type { TransactionEntry } from './schema.js'

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

const DIRECTIONS: readonly FilterDirection[] = ['in', 'out', 'self']
const KINDS: readonly FilterKind[] = ['native', 'erc20', 'nft', 'internal']

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

/** A date a link may carry: one the request would take (a hand-edited link's unreadable one is dropped). */
const readableDate = (value: string) => {
  try {
    checkDate(value, 'date')
    return true
  } catch {
    return false
  }
}

function flowKind(flow: Flow): FilterKind | null {
  // ERC-721 and ERC-1155 transfers are the filter's NFTs; a flow of no kind matches none.
  return flow.kind === 'erc721' || flow.kind === 'erc1155' ? 'nft' : flow.kind === 'none' ? null : flow.kind
}

// What the text search looks through, lower-cased once per entry object (entries are immutable).
const haystacks = new WeakMap<TransactionEntry, string>()

function haystack(entry: TransactionEntry): string {
  let text = haystacks.get(entry)
  if (text !== undefined) return text
  // A unit separator between fields, so a search never matches across two of them. Each field without
  // the hidden characters a row does not show: what a user reads is what they find.
  text = ''
  const add = (part: string | null | undefined) => {
    if (part) text += `${part.replace(HIDDEN_CHARACTERS, '')}\u001f`
  }
  add(entry.hash); add(entry.from_address); add(entry.to_address); add(entry.from_address_label); add(entry.to_address_label)
  add(entry.from_address_entity); add(entry.to_address_entity); add(entry.summary); add(entry.method_label); add(entry.category)
  add(entry.receipt_contract_address)
  for (const t of entry.erc20_transfer) {
    add(t.address); add(t.token_symbol); add(t.token_name); add(t.from_address); add(t.to_address); add(t.from_address_label); add(t.to_address_label)
  }
  for (const t of entry.nft_transfers) {
    add(t.token_address); add(t.from_address); add(t.to_address); add(t.from_address_label); add(t.to_address_label)
  }
  for (const t of entry.native_transfers) {
    add(t.from_address); add(t.to_address); add(t.from_address_label); add(t.to_address_label); add(t.token_symbol)
  }
  for (const t of entry.internal_transactions) {
    add(t.from); add(t.to)
  }
  text = text.toLowerCase()
  haystacks.set(entry, text)
  return text
}

// The flows of an entry, worked out once per entry object and chain, with their ends lower-cased
// (a keystroke compares 10,000 entries' ends with the wallet: no lower-casing per keystroke).
interface CachedFlows {
  chain: string | undefined
  flows: Flow[]
  from: (string | null)[]
  to: (string | null)[]
}
const flowCache = new WeakMap<TransactionEntry, CachedFlows>()

function cachedFlows(entry: TransactionEntry, chain: string | undefined): CachedFlows {
  const hit = flowCache.get(entry)
  if (hit && hit.chain === chain) return hit
  const flows = entryFlows(entry, chain)
  const made = { chain, flows, from: flows.map((f) => f.from?.toLowerCase() ?? null), to: flows.map((f) => f.to?.toLowerCase() ?? null) }
  flowCache.set(entry, made)
  return made
}

/**
 * Prepares loaded entries for filtering ahead of time, so the first keystroke in a search box is as
 * fast as the next.
 *
 * Call it for each page as it arrives, in idle time. What it works out (each entry's search text
 * and transfers) is kept per entry object and reused by every filter.
 *
 * @param entries - Entries of a wallet's history.
 * @param chain - Their chain, for the native currency's symbol. Default: none.
 * @example
 * ```ts
 * import { createClient, prepareWalletHistoryFilter } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const page = await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * requestIdleCallback(() => prepareWalletHistoryFilter(page.result, 'eth'))
 * ```
 */
export function prepareWalletHistoryFilter(entries: readonly TransactionEntry[], chain?: string): void {
  for (const entry of entries) {
    haystack(entry)
    cachedFlows(entry, chain)
  }
}

/**
 * Builds a test that tells whether the filter keeps an entry of a wallet's history.
 *
 * Build it once per filter, then call it per entry. Dates are not tested (the service applied them).
 *
 * @param wallet - The wallet whose history this is (directions are from its side).
 * @param filter - The filter (see {@link WalletHistoryFilter}).
 * @param chain - The entries' chain, for native transfers. Default: none.
 * @returns A function that returns true for an entry the filter keeps.
 * @example
 * ```ts
 * import { createClient, walletHistoryFilterPredicate } from 'blockfeed'
 *
 * const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const page = await client.getWalletHistory({ address: wallet })
 * const received = walletHistoryFilterPredicate(wallet, { directions: ['in'] }, 'eth')
 * const count = page.result.filter(received).length
 * ```
 */
export function walletHistoryFilterPredicate(wallet: string, filter: WalletHistoryFilter, chain?: string): (entry: TransactionEntry) => boolean {
  const categories = filter.categories?.length ? new Set(filter.categories.map((c) => c.toLowerCase())) : null
  const directions = filter.directions?.length ? new Set<string>(filter.directions) : null
  const kinds = filter.kinds?.length ? new Set<string>(filter.kinds) : null
  const tokens = filter.tokens?.length ? new Set(filter.tokens.map((t) => t.toLowerCase())) : null
  const needle = filter.search?.replace(HIDDEN_CHARACTERS, '').trim().toLowerCase() || null
  const perFlow = directions !== null || kinds !== null || tokens !== null
  const me = wallet.toLowerCase()
  const sideOf = (from: string | null, to: string | null) => (from === me ? (to === me ? 'self' : 'out') : to === me ? 'in' : 'none')

  return (entry) => {
    if (categories && !categories.has((entry.category ?? '').toLowerCase())) return false
    if (needle && !haystack(entry).includes(needle)) return false
    if (!perFlow) return true
    const { flows, from, to } = cachedFlows(entry, chain)
    if (flows.length === 0) {
      // A transaction that moved nothing still has a side (a call the wallet sent).
      if (kinds || tokens) return false
      return directions!.has(flowDirection(wallet, entry.from_address, entry.to_address))
    }
    return flows.some(
      (f, i) =>
        (!directions || directions.has(sideOf(from[i] ?? null, to[i] ?? null))) &&
        (!kinds || kinds.has(flowKind(f) ?? '')) &&
        (!tokens || (f.tokenAddress !== null && tokens.has(f.tokenAddress.toLowerCase()))),
    )
  }
}

/**
 * Returns the entries of a wallet's history that a filter keeps, in their order.
 *
 * @param entries - Entries of the wallet's history.
 * @param wallet - The wallet whose history this is (directions are from its side).
 * @param filter - The filter (see {@link WalletHistoryFilter}); dates are not applied here.
 * @param chain - The entries' chain, for native transfers. Default: none.
 * @returns A new array (all entries when the filter narrows nothing).
 * @example
 * ```ts
 * import { createClient, filterWalletHistory } from 'blockfeed'
 *
 * const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const page = await client.getWalletHistory({ address: wallet })
 * const tokenMoves = filterWalletHistory(page.result, wallet, { kinds: ['erc20'], search: 'usdc' }, 'eth')
 * ```
 */
export function filterWalletHistory(entries: readonly TransactionEntry[], wallet: string, filter: WalletHistoryFilter, chain?: string): TransactionEntry[] {
  if (!filtersEntries(filter)) return entries.slice()
  return entries.filter(walletHistoryFilterPredicate(wallet, filter, chain))
}

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
