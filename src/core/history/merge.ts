import { checkChain, type ChainInput } from '../chains.js'
import { chainIdentity } from '../chains.js'
import { entryId } from './entryId.js'
import { InvalidParameterError, ResponseShapeError } from '../errors.js'
import { clip } from '../text.js'
import { compareInFeedOrder, compareMergeKeys, mergeKeyOf, type MergeKey, type MergeOrder } from './order.js'
import { nextCursor } from './cursor.js'
import {
  checkAddress,
  normalizeWalletHistoryParameters,
  type NormalizedWalletHistoryParameters,
  type WalletHistoryParameters,
} from './params.js'
import type { TransactionEntry, WalletHistoryPage } from './schema.js'

/** What the merge needs of a client (a `BlockfeedClient` fits); named here so the client's contract can name the merge's types. */
export interface HistorySource {
  getWalletHistory(params: WalletHistoryParameters, options?: { signal?: AbortSignal | undefined }): Promise<WalletHistoryPage>
  readonly chain?: string | undefined
  readonly extraChains?: readonly string[] | undefined
}

/**
 * One feed across chains and wallets (issue 14). One cursor per (wallet, chain) source; entries
 * merged by `block_timestamp`, then chain, block number, transaction index (see order.ts).
 *
 * Frontier rule: an entry is emitted only once every source that can still answer has
 * delivered an entry at or after it, so `entries` never goes back. Minimal requests: only the
 * sources holding the frontier back (the ones with the earliest last-delivered entry) are asked
 * for their next page. Split in two: an I/O-free state with its steps (what a TanStack Query hook
 * can drive) and `mergedWalletHistoryPages`, an async iterator over it.
 */

/** The history parameters for a merged feed: `address` or `addresses`, and `chains`. */
export interface MergedWalletHistoryParameters extends Omit<WalletHistoryParameters, 'address' | 'chain' | 'cursor' | 'limit'> {
  address?: string | undefined
  addresses?: readonly string[] | undefined
  /** The chains to merge (spec names or hex ids); their order breaks timestamp ties. Default: `[chain]`, then the client's chain. */
  chains?: readonly ChainInput[] | undefined
  chain?: ChainInput | undefined
  /** Entries per merged page and per source request. Default 25. */
  limit?: number | undefined
  /** Default `DESC` (newest first); always sent, since the merge relies on each source's order. */
  order?: WalletHistoryParameters['order']
}

/** A transaction in a merged feed: the service's entry plus where it came from. */
export type MergedTransactionEntry = TransactionEntry & {
  /** The chain as given in `chains`. */
  chain: string
  /** When several wallets are merged: the wallet whose view these fields are (the first of `addresses` holding it). */
  wallet?: string
  /** When several wallets are merged: every one whose history holds it, in `addresses` order (two for a transfer between them). */
  wallets?: readonly string[]
  /** Each wallet's own entry (direction, category, summary differ), aligned with `wallets`; only when there are several. */
  views?: readonly TransactionEntry[]
}

export type MergedSourceStatus = 'loading' | 'ok' | 'error' | 'done'

export interface MergedSourceState {
  readonly chain: string
  readonly wallet: string
  /** `loading`: no answer yet (or a request under way); `ok`: more pages to come; `error`: the last request failed; `done`: no more pages. */
  readonly status: MergedSourceStatus
  /** The failure, when `status` is `error` (a blockfeed error class, after the client's retries). */
  readonly error: unknown
  /** History requests sent for this source so far. */
  readonly requests: number
}

export interface MergedWalletHistoryPage {
  /** New entries in order; each sorts at or after every entry of earlier pages. */
  entries: MergedTransactionEntry[]
  /**
   * Entries that belong before ones already emitted: from a source that failed and was retried
   * (or a service that broke its own order), or an emitted entry that gained a wallet's view
   * (same chain and hash: replace it). `applyMergedPage` puts them in place.
   */
  late: MergedTransactionEntry[]
  /** Every source's status, wallets × chains in the order given. */
  sources: MergedSourceState[]
  /** Sources that failed before reaching the last emitted entry: their entries may be missing up to it. */
  incomplete: { chain: string; wallet: string }[]
  /** Every source has ended and every entry was emitted. */
  done: boolean
}

/** One transaction: where it sorts (its key, read once from the entry, on the record itself) and its views. */
interface Rec extends MergeKey {
  /** The first wallet (by index) whose history holds it, and its entry. */
  wallet: number
  entry: TransactionEntry
  /** Other wallets' entries, by wallet index. */
  others: [number, TransactionEntry][] | undefined
  emitted: boolean
  /** `entry` itself was given the merged fields (see `build`). */
  inPlace: boolean
}

/** Every record is made here: one shape, so the merge's comparisons see one kind of object. */
function makeRec(time: number, chain: number, block: string, index: number, hash: string, wallet: number, entry: TransactionEntry): Rec {
  return { time, chain, block, index, hash, wallet, entry, others: undefined, emitted: false, inPlace: false }
}

const isDigit = (c: number) => c >= 48 && c <= 57
/** The digit at `i`, or -1 when it is not one. */
const digit = (s: string, i: number) => {
  const c = s.charCodeAt(i)
  return c >= 48 && c <= 57 ? c - 48 : -1
}
/** Two digits as a number; negative when either is not a digit. */
const twoDigits = (s: string, i: number) => {
  const a = digit(s, i)
  const b = digit(s, i + 1)
  return a < 0 || b < 0 ? -1 : a * 10 + b
}
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * Milliseconds of `YYYY-MM-DDTHH:MM:SS.sssZ` (the form the client's reader gives every
 * timestamp) by arithmetic, or NaN for anything else (then `mergeKeyOf` decides, by `Date.parse`).
 * `Date.parse` costs more than the rest of the merge's work on an entry.
 */
export function canonicalTime(s: string): number {
  if (s.length !== 24 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58 || s.charCodeAt(19) !== 46 || s.charCodeAt(23) !== 90) return Number.NaN
  const y1 = twoDigits(s, 0)
  const y2 = twoDigits(s, 2)
  const m = twoDigits(s, 5)
  const d = twoDigits(s, 8)
  const hh = twoDigits(s, 11)
  const mm = twoDigits(s, 14)
  const ss = twoDigits(s, 17)
  const ms1 = twoDigits(s, 20)
  const ms2 = digit(s, 22)
  // A character that is not a digit made its part negative (all parts are small integers).
  if ((y1 | y2 | hh | mm | ss | ms1 | ms2) < 0 || hh > 23 || mm > 59 || ss > 59 || m < 1 || m > 12 || d < 1) return Number.NaN
  const y = y1 * 100 + y2
  const ms = ms1 * 10 + ms2
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
  if (d > (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!)) return Number.NaN
  // Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil).
  const yy = m <= 2 ? y - 1 : y
  const era = Math.floor(yy / 400)
  const yoe = yy - era * 400
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1
  const days = era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468
  return days * 86_400_000 + hh * 3_600_000 + mm * 60_000 + ss * 1000 + ms
}

/** Decimal text without a leading zero (or "0"), shorter than 16 digits when `short`. */
function plainDecimal(s: string, short: boolean): boolean {
  const n = s.length
  if (n === 0 || (short && n > 15) || (n > 1 && s.charCodeAt(0) === 48)) return false
  for (let i = 0; i < n; i++) if (!isDigit(s.charCodeAt(i))) return false
  return true
}

/**
 * The record of `entry`: its key read directly when its fields have the forms the client's
 * reader gives them (nearly always), else through `mergeKeyOf` (every other form, and the
 * typed error for a field the merge cannot order by).
 */
function recOf(entry: TransactionEntry, chainIndex: number, position: number, wallet: number): Rec {
  if (entry !== null && typeof entry === 'object') {
    const { hash, block_timestamp: ts, block_number: bn, transaction_index: ti } = entry as Record<string, unknown>
    if (typeof hash === 'string' && hash !== '' && typeof ts === 'string' && typeof bn === 'string' && plainDecimal(bn, false)) {
      const time = canonicalTime(ts)
      let index = Number.NaN
      if (ti === null || ti === undefined) index = -1
      else if (typeof ti === 'string' && plainDecimal(ti, true)) index = Number(ti)
      else if (typeof ti === 'number' && Number.isSafeInteger(ti) && ti >= 0) index = ti
      if (time === time && index === index) return makeRec(time, chainIndex, bn, index, hash.toLowerCase(), wallet, entry)
    }
  }
  const k = mergeKeyOf(entry, chainIndex, position)
  return makeRec(k.time, k.chain, k.block, k.index, k.hash, wallet, entry)
}

export interface MergeSource {
  readonly wallet: string
  readonly walletIndex: number
  readonly chain: string
  readonly chainIndex: number
  readonly params: NormalizedWalletHistoryParameters
  /** The cursor of the next request; undefined for the first page. */
  cursor: string | undefined
  readonly seen: Set<string>
  status: MergedSourceStatus
  error: unknown
  inFlight: boolean
  /** The latest-sorting entry delivered so far; undefined before any. */
  bound: MergeKey | undefined
  /** Delivered, not yet emitted entries this source introduced, sorted; read from `head`. */
  buffer: Rec[]
  head: number
  requests: number
}

/**
 * The hashes one chain has delivered, as small integers: a set of text keys costs more than the
 * rest of the merge's work on an entry. Two hashes folding to one integer (or a repeat) make
 * it exact from then on: a set of the hashes themselves.
 */
interface SeenHashes {
  readonly folds: Set<number>
  /** The hashes, in arrival order, until `exact` is made from them. */
  list: string[]
  exact: Set<string> | undefined
}

/**
 * A 30-bit fold of the last 16 characters and the length (a small integer, which a Set keeps
 * cheaply): a transaction hash's tail is as random as all of it, and a clash only costs the exact set.
 */
function fold(hash: string): number {
  let h = hash.length
  for (let i = Math.max(0, hash.length - 16); i < hash.length; i++) h = (Math.imul(h, 31) + hash.charCodeAt(i)) | 0
  return h & 0x3fffffff
}

/** Whether `hash` was seen before on this chain; records it when not. */
function seenBefore(seen: SeenHashes, hash: string): boolean {
  let exact = seen.exact
  if (exact === undefined) {
    const k = fold(hash)
    if (!seen.folds.has(k)) {
      seen.folds.add(k)
      seen.list.push(hash)
      return false
    }
    exact = seen.exact = new Set(seen.list)
    seen.list = []
  }
  if (exact.has(hash)) return true
  exact.add(hash)
  return false
}

/** The merge's whole state. Mutated only by the functions below, none of which does I/O. */
export interface MergeState {
  readonly order: MergeOrder
  readonly limit: number
  readonly wallets: readonly string[]
  readonly chains: readonly string[]
  readonly sources: readonly MergeSource[]
  /**
   * Per chain index: hash → the one record of that transaction, to fold other wallets' views
   * into it. With one wallet there is nothing to fold: only the hashes are kept (a repeat is
   * dropped), so a record is garbage once emitted instead of living as long as the feed.
   */
  readonly byHash: readonly Map<string, Rec>[]
  readonly hashes: readonly SeenHashes[]
  /** Key of the last emitted entry. */
  last: MergeKey | undefined
  /** Records to hand out in the next page's `late`. */
  readonly late: Set<Rec>
  /** `[wallet]` per wallet, shared by every entry only that wallet holds. */
  readonly single: readonly (readonly string[])[]
}


/** Entries per merged page and per source request when `limit` is not given. */
export const MERGED_PAGE_LIMIT = 25

/** Checks every parameter (a typed error naming the first wrong one) and lays out one source per wallet × chain. */
export function createMergeState(
  params: MergedWalletHistoryParameters,
  defaults: { chain?: string | undefined; extraChains?: readonly string[] | undefined } = {},
): MergeState {
  if (params === null || typeof params !== 'object') throw new InvalidParameterError('params', 'expected an object with `address` or `addresses`, and `chains`')
  const { address, addresses, chains, chain, cursor, limit = MERGED_PAGE_LIMIT, order = 'DESC', ...rest } = params as MergedWalletHistoryParameters & { cursor?: unknown }
  if (cursor !== undefined) throw new InvalidParameterError('cursor', 'a merged feed keeps one cursor per source and cannot start from one')
  if (address !== undefined && addresses !== undefined) throw new InvalidParameterError('addresses', 'give `address` or `addresses`, not both')

  let walletList: string[]
  if (addresses !== undefined) {
    if (!Array.isArray(addresses) || addresses.length === 0) throw new InvalidParameterError('addresses', 'expected a non-empty list of addresses')
    walletList = addresses.map((a, i) => checkAddress(a, `addresses[${i}]`))
  } else walletList = [checkAddress(address)]
  const wallets = uniqueWallets(walletList)

  const extraChains = defaults.extraChains ?? []
  let chainList: string[]
  if (chains !== undefined) {
    if (!Array.isArray(chains) || chains.length === 0) throw new InvalidParameterError('chains', 'expected a non-empty list of chains')
    chainList = chains.map((c, i) => checkChain(c, extraChains, `chains[${i}]`))
  } else {
    const one = chain ?? defaults.chain
    if (one === undefined) throw new InvalidParameterError('chains', 'expected a non-empty list of chains (no `chain` and no client default)')
    chainList = [checkChain(one, extraChains)]
  }
  const chainsOut = uniqueChains(chainList)

  const sources: MergeSource[] = []
  wallets.forEach((wallet, walletIndex) => {
    chainsOut.forEach((c, chainIndex) => {
      const normalized = normalizeWalletHistoryParameters({ ...rest, address: wallet, chain: c, order, limit }, { extraChains })
      sources.push({
        wallet, walletIndex, chain: c, chainIndex, params: normalized,
        cursor: undefined, seen: new Set(), status: 'loading', error: undefined, inFlight: false,
        bound: undefined, buffer: [], head: 0, requests: 0,
      })
    })
  })
  const first = sources[0]!.params
  return {
    order: first.order!, limit: first.limit!, wallets, chains: chainsOut, sources,
    byHash: chainsOut.map(() => new Map()), hashes: chainsOut.map(() => ({ folds: new Set<number>(), list: [], exact: undefined })), last: undefined, late: new Set(), single: wallets.map((w) => Object.freeze([w])),
  }
}

/** Wallets once each, whatever their letter case, in their first spelling (the merge and the merged feed's live sources alike). */
export const uniqueWallets = <T extends string>(list: readonly T[]): T[] => dedupe(list, (w) => w.toLowerCase())
/** Chains once each ('eth' and '0x1' are one chain), in their first spelling. */
export const uniqueChains = <T extends string>(list: readonly T[]): T[] => dedupe(list, chainIdentity)

function dedupe<T extends string>(list: readonly T[], identity: (s: string) => string): T[] {
  const seen = new Set<string>()
  return list.filter((x) => !seen.has(identity(x)) && (seen.add(identity(x)), true))
}

/** Whether `a` comes before `b` in the feed's order; the time alone decides nearly always. */
function precedes(desc: boolean, a: MergeKey, b: MergeKey): boolean {
  if (a.time !== b.time) return desc ? a.time > b.time : a.time < b.time
  return compareInFeedOrder(desc, a, b) < 0
}

/** Comparison in the feed's order. */
export function compareInOrder(state: Pick<MergeState, 'order'>, a: MergeKey, b: MergeKey): number {
  return compareInFeedOrder(state.order === 'DESC', a, b)
}

const active = (s: MergeSource) => s.status === 'loading' || s.status === 'ok'

/**
 * How far entries may be emitted: `none` while some answering source has delivered nothing,
 * `all` when no source can answer any more, else the earliest last-delivered entry among them.
 */
export function mergeFrontier(state: MergeState): MergeKey | 'none' | 'all' {
  let min: MergeKey | undefined
  for (const s of state.sources) {
    if (!active(s)) continue
    if (s.bound === undefined) return 'none'
    if (min === undefined || compareInOrder(state, s.bound, min) < 0) min = s.bound
  }
  return min ?? 'all'
}

/**
 * Emits up to `max` entries the frontier allows, in order. Entries from a source that failed
 * are passed over (the page's `incomplete` says so).
 */
export function takeMergedEntries(state: MergeState, max: number): MergedTransactionEntry[] {
  const out: MergedTransactionEntry[] = []
  const f = mergeFrontier(state)
  if (f === 'none') return out
  const desc = state.order === 'DESC'
  const sources = state.sources
  while (out.length < max) {
    // A scan of the sources' next entries: 13 chains make a heap no faster.
    let best: MergeSource | undefined
    let head: Rec | undefined
    for (let i = 0; i < sources.length; i++) {
      const s = sources[i]!
      if (s.head === s.buffer.length) continue
      const r = s.buffer[s.head]!
      if (head === undefined || precedes(desc, r, head)) {
        best = s
        head = r
      }
    }
    if (best === undefined || head === undefined) break
    if (f !== 'all' && precedes(desc, f, head)) break
    best.head++
    head.emitted = true
    state.last = head
    out.push(build(state, head))
  }
  for (const s of state.sources) {
    // Drop what was read once it is most of the buffer (keeps a long history linear).
    if (s.head > 256 && s.head * 2 > s.buffer.length) {
      s.buffer = s.buffer.slice(s.head)
      s.head = 0
    }
  }
  return out
}

const OURS = new Set(['chain', 'wallet', 'wallets', 'views'])

/** The service's entry without the fields `build` added to it in place. */
function strip(entry: TransactionEntry): TransactionEntry {
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(entry)) {
    if (OURS.has(k)) continue
    const value = (entry as Record<string, unknown>)[k]
    // A service's own "__proto__" field stays a field: `out.__proto__ = v` would make it the view's prototype.
    if (k === '__proto__') Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true })
    else out[k] = value
  }
  return out as TransactionEntry
}

/**
 * Gives `rec`'s entry (the client's fresh object) its merged fields in place, as it arrives and
 * is still in cache: a copy of every entry would cost more than reading it.
 */
function claim(state: MergeState, rec: Rec): void {
  rec.inPlace = true
  const out = rec.entry as MergedTransactionEntry
  out.chain = state.chains[rec.chain]!
  // Each added field costs every entry a slot: `wallet(s)` only where they tell something.
  if (state.wallets.length > 1) {
    out.wallet = state.wallets[rec.wallet]!
    out.wallets = state.single[rec.wallet]!
  }
}

function build(state: MergeState, rec: Rec): MergedTransactionEntry {
  if (rec.others === undefined) {
    if (!rec.inPlace) claim(state, rec)
    return rec.entry as MergedTransactionEntry
  }
  const chain = state.chains[rec.chain]!
  const wallet = state.wallets[rec.wallet]!
  const base = rec.inPlace ? strip(rec.entry) : rec.entry
  return {
    ...base,
    chain,
    wallet,
    wallets: [wallet, ...rec.others.map(([w]) => state.wallets[w]!)],
    views: [base, ...rec.others.map(([, e]) => e)],
  }
}

function addView(rec: Rec, wallet: number, entry: TransactionEntry): boolean {
  if (rec.wallet === wallet || rec.others?.some(([w]) => w === wallet)) return false // the service repeated itself
  const others = rec.others ?? []
  if (wallet < rec.wallet) {
    others.push([rec.wallet, rec.inPlace ? strip(rec.entry) : rec.entry])
    rec.wallet = wallet
    rec.entry = entry
    rec.inPlace = false
  } else others.push([wallet, entry])
  rec.others = others.sort((a, b) => a[0] - b[0])
  return true
}

/**
 * The sources to ask now for their next page, to be fetched in parallel: those holding the
 * frontier back and not already waiting for an answer. Empty when no source can move it.
 */
export function sourcesToFetch(state: MergeState): MergeSource[] {
  const f = mergeFrontier(state)
  if (f === 'all') return []
  return state.sources.filter(
    (s) => active(s) && !s.inFlight && (f === 'none' ? s.bound === undefined : s.bound !== undefined && compareMergeKeys(s.bound, f) === 0),
  )
}

/** Whether some answering source has not yet reached the last emitted entry (a retried one catching up). */
export function isCatchingUp(state: MergeState): boolean {
  const last = state.last
  if (last === undefined) return false
  return state.sources.some((s) => active(s) && (s.bound === undefined || compareInOrder(state, s.bound, last) < 0))
}

/** The parameters of `source`'s next request. Marks it as under way. */
export function beginSourceRequest(source: MergeSource): WalletHistoryParameters {
  source.inFlight = true
  source.status = 'loading'
  source.requests++
  return source.cursor === undefined ? { ...source.params } : { ...source.params, cursor: source.cursor }
}

/**
 * Takes in `source`'s answer. A page whose entries cannot be ordered fails the source with a
 * `ResponseShapeError` (and changes nothing else).
 */
export function receiveSourcePage(state: MergeState, source: MergeSource, page: Pick<WalletHistoryPage, 'result' | 'cursor'>): void {
  source.inFlight = false
  let recs: Rec[]
  try {
    recs = readRecs(state, source, page)
  } catch (error) {
    failSource(source, error)
    return
  }
  admit(state, source, recs)
  const lastRec = recs[recs.length - 1]
  if (lastRec && (source.bound === undefined || compareInOrder(state, source.bound, lastRec) < 0)) source.bound = lastRec

  const cursor = typeof page.cursor === 'string' ? nextCursor({ cursor: page.cursor }, source.seen) : undefined
  if (cursor === undefined) {
    source.status = 'done'
    source.cursor = undefined
  } else {
    source.seen.add(cursor)
    source.cursor = cursor
    source.status = 'ok'
  }
  source.error = undefined
}

/**
 * A source's first page read again for new arrivals (a live feed): what the merge has not seen
 * goes where it belongs, as for any page — before the last emitted entry into `late` (hand it out
 * with `takeLateEntries`), after it into the source's buffer, emitted in order by a later page —
 * and another wallet's view joins a transaction already known. Entries the merge holds back
 * (fetched, not yet emitted) stay held back: they are not new. The source's cursor, status and
 * frontier are left as they are. Returns how many entries were new to the merge; -1 (and nothing
 * changes) for a page the merge cannot order.
 */
export function receiveLivePage(state: MergeState, source: MergeSource, page: Pick<WalletHistoryPage, 'result'>): number {
  let recs: Rec[]
  try {
    recs = readRecs(state, source, page)
  } catch {
    return -1
  }
  return admit(state, source, recs)
}

/** A page's entries as records, in the feed's order; throws the typed error of an entry the merge cannot order. */
function readRecs(state: MergeState, source: MergeSource, page: Pick<WalletHistoryPage, 'result'>): Rec[] {
  const result: unknown = page?.result
  if (!Array.isArray(result)) throw new ResponseShapeError('wallet history page', [{ path: ['result'], message: 'expected a list of transactions' }])
  const n = result.length
  const recs: Rec[] = new Array(n)
  let sorted = true
  for (let i = 0; i < n; i++) {
    const rec = (recs[i] = recOf(result[i] as TransactionEntry, source.chainIndex, i, source.walletIndex))
    if (sorted && i > 0 && compareInOrder(state, recs[i - 1]!, rec) > 0) sorted = false
  }
  // Services send their pages in order; sort only one that is not (stable: a repeat keeps its place).
  if (!sorted) recs.sort((a, b) => compareInOrder(state, a, b))
  return recs
}

/** Takes sorted records in: each transaction once (other wallets' views joined), late or buffered. Returns how many were new. */
function admit(state: MergeState, source: MergeSource, recs: Rec[]): number {
  const n = recs.length
  let added = 0
  let resort = false
  const several = state.wallets.length > 1
  const seen = state.byHash[source.chainIndex]!
  const hashes = state.hashes[source.chainIndex]!
  const last = state.last
  const buffer = source.buffer
  for (let i = 0; i < n; i++) {
    const rec = recs[i]!
    if (several) {
      const known = seen.get(rec.hash)
      if (known) {
        if (addView(known, source.walletIndex, rec.entry) && known.emitted) state.late.add(known)
        continue
      }
      seen.set(rec.hash, rec)
    } else {
      // The service repeated itself (one wallet: the same hash is the same view).
      if (seenBefore(hashes, rec.hash)) continue
    }
    added++
    claim(state, rec)
    if (last !== undefined && compareInOrder(state, rec, last) <= 0) {
      rec.emitted = true
      state.late.add(rec)
      continue
    }
    if (!resort && source.head < buffer.length && compareInOrder(state, buffer[buffer.length - 1]!, rec) > 0) resort = true
    buffer.push(rec)
  }
  if (resort) {
    source.buffer = buffer.slice(source.head).sort((a, b) => compareInOrder(state, a, b))
    source.head = 0
  }
  return added
}

/** Records a failed request (after the client's own retries). */
export function failSource(source: MergeSource, error: unknown): void {
  source.inFlight = false
  source.status = 'error'
  source.error = error
}

/** The sources of `chain` (and `wallet`, when given) in the feed; a typed error when it names none. */
export function findSources(state: MergeState, chain: string, wallet?: string): MergeSource[] {
  const id = typeof chain === 'string' ? chainIdentity(chain) : ''
  const w = typeof wallet === 'string' ? wallet.toLowerCase() : undefined
  if (!state.chains.some((c) => chainIdentity(c) === id)) {
    throw new InvalidParameterError('chain', `"${clip(String(chain))}" is not one of this feed's chains (${state.chains.join(', ')})`)
  }
  const found = state.sources.filter((s) => chainIdentity(s.chain) === id && (w === undefined || s.wallet.toLowerCase() === w))
  if (found.length === 0) throw new InvalidParameterError('wallet', `"${clip(String(wallet))}" is not one of this feed's wallets`)
  return found
}

/** Lets failed sources of `chain` (and `wallet`) be asked again, from the cursor that failed. */
export function retryMergeSource(state: MergeState, chain: string, wallet?: string): void {
  for (const s of findSources(state, chain, wallet)) {
    if (s.status === 'error') {
      s.status = 'loading'
      s.error = undefined
    }
  }
}

export function mergeSourceStates(state: MergeState): MergedSourceState[] {
  return state.sources.map((s) => ({ chain: s.chain, wallet: s.wallet, status: s.status, error: s.error, requests: s.requests }))
}

/** Failed sources that have not reached the last emitted entry. */
export function incompleteSources(state: MergeState): { chain: string; wallet: string }[] {
  const last = state.last
  if (last === undefined) return []
  return state.sources
    .filter((s) => s.status === 'error' && (s.bound === undefined || compareInOrder(state, s.bound, last) < 0))
    .map((s) => ({ chain: s.chain, wallet: s.wallet }))
}

/** Hands out the pending `late` records, in order, as fresh entries. */
export function takeLateEntries(state: MergeState): MergedTransactionEntry[] {
  const recs = [...state.late].sort((a, b) => compareInOrder(state, a, b))
  state.late.clear()
  return recs.map((rec) => build(state, rec))
}

export function isMergeDone(state: MergeState): boolean {
  return state.late.size === 0 && state.sources.every((s) => s.status === 'done' && s.head === s.buffer.length)
}

/** Builds a page from what was just emitted, with every source's status. */
export function mergedPage(state: MergeState, entries: MergedTransactionEntry[]): MergedWalletHistoryPage {
  return {
    entries,
    late: takeLateEntries(state),
    sources: mergeSourceStates(state),
    incomplete: incompleteSources(state),
    done: isMergeDone(state),
  }
}

/** Key of a merged entry (chain and hash), the same for every view of one transaction. */
export function mergedEntryId(entry: Pick<MergedTransactionEntry, 'chain' | 'hash'>): string {
  return entryId(entry)
}

/**
 * A consumer's whole list after `page`: its `entries` appended, its `late` ones put in place
 * (replacing an entry of the same chain and hash). Returns a new array.
 */
export function applyMergedPage(
  list: readonly MergedTransactionEntry[],
  page: Pick<MergedWalletHistoryPage, 'entries' | 'late'>,
  order: MergeOrder,
  chains: readonly string[],
): MergedTransactionEntry[] {
  if (page.late.length === 0) return [...list, ...page.entries]
  const replaced = new Map(page.late.map((e) => [mergedEntryId(e), e]))
  const kept = list.filter((e) => !replaced.has(mergedEntryId(e)))
  const index = new Map(chains.map((c, i) => [chainIdentity(c), i]))
  const keyOf = (e: MergedTransactionEntry, i: number) => mergeKeyOf(e, index.get(chainIdentity(e.chain)) ?? chains.length, i)
  const all = [...kept, ...page.late, ...page.entries]
  const keys = new Map(all.map((e, i) => [e, keyOf(e, i)]))
  return all.sort((a, b) => compareInFeedOrder(order === 'DESC', keys.get(a)!, keys.get(b)!))
}

/** The merged feed as an async iterator, with per-source retry. */
export interface MergedWalletHistoryIterator extends AsyncIterableIterator<MergedWalletHistoryPage, undefined, undefined> {
  /**
   * Lets the failed sources of `chain` (one `wallet`'s, or every wallet's) be asked again; the next
   * `next()` fetches them (only them until they catch up) and hands their entries out in `late`.
   * Works after the iterator reported done because only failures were left.
   */
  retrySource(chain: string, wallet?: string): void
  /** Every source's status now (also while a page is being fetched). */
  readonly sources: MergedSourceState[]
  readonly state: MergeState
}

/**
 * Pages of one feed merged across `chains` and wallets, through anything with
 * `getWalletHistory` (a `BlockfeedClient`). Bad parameters throw here, before any request.
 * Each page holds up to `limit` new entries; a source that fails is reported in the page and
 * skipped (the others keep flowing). The iterator ends when every source has ended, or when
 * only failed sources are left (after a page saying so); `retrySource` then lets it go on.
 */
export function mergedWalletHistoryPages(
  client: HistorySource,
  params: MergedWalletHistoryParameters,
  options?: { signal?: AbortSignal | undefined },
): MergedWalletHistoryIterator {
  const state = createMergeState(params, { chain: client.chain, extraChains: client.extraChains })
  const controller = new AbortController()
  const outer = options?.signal
  const onAbort = () => controller.abort(outer?.reason)
  if (outer?.aborted) onAbort()
  else outer?.addEventListener('abort', onAbort, { once: true })
  let closed = false
  let queue: Promise<unknown> = Promise.resolve()

  async function fetchSource(source: MergeSource): Promise<void> {
    const before = source.status
    const request = beginSourceRequest(source)
    let page: WalletHistoryPage
    try {
      page = await client.getWalletHistory(request, { signal: controller.signal })
    } catch (error) {
      if (controller.signal.aborted) {
        // An abort is the caller's, not the source's failure: leave it as it was.
        source.inFlight = false
        source.status = before
        source.requests--
        throw error
      }
      failSource(source, error)
      return
    }
    receiveSourcePage(state, source, page)
  }

  async function step(): Promise<IteratorResult<MergedWalletHistoryPage, undefined>> {
    if (closed) return { done: true, value: undefined }
    controller.signal.throwIfAborted()
    const catchingUp = isCatchingUp(state)
    const entries: MergedTransactionEntry[] = []
    let asked = 0
    // At most 100 rounds of requests a page: a service answering empty pages with new cursors forever must not hold it for ever.
    for (let round = 0; round < 100; round++) {
      entries.push(...takeMergedEntries(state, state.limit - entries.length))
      if (entries.length >= state.limit) break
      // A retry costs only the retried sources' requests: stop once they have caught up.
      if (catchingUp && !isCatchingUp(state)) break
      const next = sourcesToFetch(state)
      if (next.length === 0) break
      asked += next.length
      await Promise.all(next.map(fetchSource))
    }
    if (entries.length === 0 && state.late.size === 0 && asked === 0) return { done: true, value: undefined }
    return { done: false, value: mergedPage(state, entries) }
  }

  const iterator: MergedWalletHistoryIterator = {
    next() {
      const run = queue.then(step)
      queue = run.catch(() => undefined)
      return run
    },
    async return() {
      closed = true
      controller.abort()
      outer?.removeEventListener('abort', onAbort)
      return { done: true, value: undefined }
    },
    retrySource(chain, wallet) {
      retryMergeSource(state, chain, wallet)
    },
    get sources() {
      return mergeSourceStates(state)
    },
    state,
    [Symbol.asyncIterator]() {
      return iterator
    },
  }
  return iterator
}
