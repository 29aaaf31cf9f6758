import { InvalidParameterError } from '../errors.js'
import { HIDDEN_CHARACTERS } from '../text.js'
import { entryFlows, flowDirection, type Flow } from './flows.js'
import { checkDate, checkDateRange, type DateInput } from './params.js'
import type { TransactionEntry } from './schema.js'

export type FilterDirection = 'in' | 'out' | 'self'
export type FilterKind = 'native' | 'erc20' | 'nft' | 'internal'

/**
 * What to show of a wallet's history. Within one field any value matches; fields combine with
 * AND, and direction, kind and token must hold for the same transfer ("received USDC" is an
 * incoming USDC transfer, not a transaction that received ETH and sent USDC). Dates go to the
 * service (`from_date` / `to_date`), so they cost no extra pages; the rest is applied to the
 * entries already loaded.
 */
export interface WalletHistoryFilter {
  /** The service's categories (`send`, `receive`, `token send`, `nft receive`, `approve`, …). */
  categories?: readonly string[] | undefined
  /** From the wallet's side. */
  directions?: readonly FilterDirection[] | undefined
  kinds?: readonly FilterKind[] | undefined
  /** Token or NFT contract addresses. */
  tokens?: readonly string[] | undefined
  /** Text to find in a hash, an address, a label, a token's symbol or name, a summary or method. */
  search?: string | undefined
  fromDate?: DateInput | undefined
  toDate?: DateInput | undefined
}

const DIRECTIONS: readonly FilterDirection[] = ['in', 'out', 'self']
const KINDS: readonly FilterKind[] = ['native', 'erc20', 'nft', 'internal']

/** Whether the filter narrows loaded entries (dates alone do not: the service applied them). */
export function filtersEntries(filter: WalletHistoryFilter | undefined): boolean {
  if (!filter) return false
  return Boolean(filter.categories?.length || filter.directions?.length || filter.kinds?.length || filter.tokens?.length || filter.search?.trim())
}

/** The filter checked: unknown directions or kinds, or tokens that are not addresses, are named. */
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
 * Works out ahead what a filter reads of each entry (its search text and transfers), so the
 * first keystroke costs no more than the next: call it for each page as it arrives, in idle time.
 */
export function prepareWalletHistoryFilter(entries: readonly TransactionEntry[], chain?: string): void {
  for (const entry of entries) {
    haystack(entry)
    cachedFlows(entry, chain)
  }
}

/**
 * A predicate for entries of `wallet`'s history that the filter keeps. Build it once per filter
 * (it prepares the sets), then call it per entry.
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

/** The entries the filter keeps, in order. */
export function filterWalletHistory(entries: readonly TransactionEntry[], wallet: string, filter: WalletHistoryFilter, chain?: string): TransactionEntry[] {
  if (!filtersEntries(filter)) return entries.slice()
  return entries.filter(walletHistoryFilterPredicate(wallet, filter, chain))
}

const LIST_KEYS = ['categories', 'directions', 'kinds', 'tokens'] as const

/** The filter as URL search parameters (`category=send&direction=in&q=usdc&from=2024-03-01`), for shareable links. */
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

/** Reads a filter back from URL search parameters; values it does not know are dropped, never thrown. */
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
