import { HIDDEN_CHARACTERS } from '../text.js'
import { filtersEntries, type FilterKind, type WalletHistoryFilter } from './filterCheck.js'
import { entryFlows, flowDirection, type Flow } from './flows.js'
import type { TransactionEntry } from './schema.js'

// Which entries of a wallet's history a filter keeps. What a filter is and its check, and a filter in a link,
// are beside this file and re-exported here.
export { checkWalletHistoryFilter, filtersEntries, type FilterDirection, type FilterKind, type WalletHistoryFilter } from './filterCheck.js'
export { walletHistoryFilterFromSearchParams, walletHistoryFilterToSearchParams } from './filterSearchParams.js'

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
