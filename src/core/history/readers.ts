import { clip } from '../text.js'
import { parseIsoUtc } from '../time.js'
import { BOOLEAN, DIGITS, LIST, MAP, NULL, REMEMBER, SAME, SHARES, SLOT, TEXT, isDigits, withShortcut } from './shortcut.js'

/**
 * Field readers for tolerant reading, free of zod: each accepts the spellings real deployments send
 * and produces one normalized value, or reports an issue (which the caller turns into the field's
 * path). They are the one implementation of each rule: the zod schemas (fields.ts) wrap them in
 * `transform`, the walker's tables (tables.ts, generated from those schemas) call them directly.
 * Each takes `(value, ctx)` as a zod transform does; the shortcut beside a reader (shortcut.ts) says
 * what it gives back without being called.
 */

/** What a reader reports an issue to: zod's payload, the walker's (which gives up) or the checker's. */
export type Ctx = { issues: { push(issue: { code: 'custom'; message: string; input: unknown }): void } }
/** A field reader: `value` as sent (undefined when the key is missing), normalized. */
export type Reader<T = unknown> = (value: unknown, ctx: Ctx) => T

const DECIMAL = /^\d+$/
// What a failed read gives after reporting: never looked at (the read has failed), typed as anything.
const report = (ctx: Ctx, input: unknown, message: string): never => {
  ctx.issues.push({ code: 'custom', message, input })
  return undefined as never
}
/** Reports `expected <what>, got <the value, described>`. */
const fail = (ctx: Ctx, input: unknown, what: string): never => report(ctx, input, `expected ${what}, got ${describe(input)}`)
/** Reports digits JSON.parse already rounded (a bare number above 2^53): the body is read again losslessly. */
const rounded = (ctx: Ctx, input: unknown): never => report(ctx, input, 'integer above 2^53 arrived already rounded; parse the body with parseJsonLossless')

function describe(v: unknown): string {
  if (v === null) return 'null'
  if (v === undefined) return 'nothing'
  if (typeof v === 'string') return `"${clip(v, 24)}"`
  return typeof v
}

/**
 * One copy of each text that repeats across entries and pages — the wallet's and its counterparties'
 * addresses, token contracts, names, logos, labels, event signatures. JSON.parse makes a new string
 * per occurrence, and those copies were most of a loaded page's heap. A direct-mapped cache keyed by
 * a few characters, not a Map: hashing every fresh string cost more than parsing it. A collision
 * only loses sharing; the cache holds at most SLOTS strings.
 */
const SLOTS = 1 << 13
const cache: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined)

export function shared(s: string): string {
  // After a failed read (the checker goes on past it) the value is not text.
  if (typeof s !== 'string') return s
  return earlierCopy(s) ?? s
}

/**
 * The copy of `s` met earlier, or `undefined` when `s` itself is the one copy (new text, or short
 * text JSON.parse already shares): reading in place, the walker then stores nothing.
 */
function earlierCopy(s: string): string | undefined {
  const n = s.length
  // JSON.parse already makes one copy of text up to 10 characters (token symbols, categories).
  if (n <= 10) return undefined
  const m = n >> 1
  // Text other than hex (logos, labels, names) often differs only in a few middle characters
  // ("…/usdc.png", "…/usdt.png"): hash all of it. Hex is random enough to sample.
  if (s.charCodeAt(1) !== 120 /* x */) {
    let f = n
    for (let i = 0; i < n; i++) f = Math.imul(f ^ s.charCodeAt(i), 0x9e3779b1)
    const slot = (f ^ (f >>> 15)) & (SLOTS - 1)
    const seen = cache[slot]
    if (seen === s) return seen
    cache[slot] = s
    return undefined
  }
  let h = Math.imul(n ^ s.charCodeAt(n - 1), 0x9e3779b1)
  h = Math.imul(h ^ s.charCodeAt(n - 2), 0x85ebca6b)
  h = Math.imul(h ^ s.charCodeAt(n - 3), 0xc2b2ae35)
  h = Math.imul(h ^ s.charCodeAt(m), 0x27d4eb2f)
  h = Math.imul(h ^ s.charCodeAt(m - 1), 0x165667b1)
  h = Math.imul(h ^ s.charCodeAt(n >> 2), 0x9e3779b1)
  const i = (h ^ (h >>> 15)) & (SLOTS - 1)
  const seen = cache[i]
  // Equal text in another string object compares equal here; the model then holds the older one.
  if (seen === s) return seen
  cache[i] = s
  return undefined
}

/**
 * The entry being read: its transfers and logs repeat its hash, block hash, time and number, and
 * take the entry's own strings instead of copies (one comparison with a string still in cache).
 * Entry fields come before its lists in the schema, so they are set when the lists are read.
 * The readers that set it (entry…) are called for every entry; the walker keeps what they
 * give (`remember`) and gives it to a later field repeating it without a call (`same`).
 */
const entry = { hash: '', block_hash: '', block_timestamp: '', block_number: '', value: '' }
// The walker's slots for the same five texts (shortcut.ts, `SLOT`).
const HASH = 1
const BLOCK_HASH = 2
const TIME = 3
const BLOCK_NUMBER = 4
const VALUE = 5
type EntryKey = keyof typeof entry
const sameAs = (key: EntryKey, v: string): string => (v === entry[key] ? entry[key] : v)

/** Decimal text of small integers sent as numbers (indexes): one string each, not one per occurrence. */
const SMALL_INTS: string[] = []
const decimalOf = (n: number): string => (n < 1024 ? (SMALL_INTS[n] ??= String(n)) : String(n))

function readInt(v: unknown, ctx: Ctx): string {
  if (typeof v === 'string' && isDigits(v)) return v
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v) && v >= 0) return decimalOf(v)
    if (Number.isInteger(v) && v > 0) return rounded(ctx, v)
  }
  if (typeof v === 'bigint' && v >= 0n) return v.toString()
  return fail(ctx, v, 'a non-negative integer (decimal text or number)')
}

/** Required integer, normalized to decimal text. */
export const intText = withShortcut((v: unknown, ctx: Ctx): string => readInt(v, ctx), DIGITS)

/** Optional integer: missing, null or empty text become null. */
export const optIntText = withShortcut((v: unknown, ctx: Ctx): string | null =>
  v === undefined || v === null || v === '' ? null : readInt(v, ctx),
NULL | DIGITS)

function readText(v: unknown, ctx: Ctx): string {
  if (typeof v === 'string' && v !== '') return v
  return fail(ctx, v, 'text')
}

/**
 * True while a body parsed by `parseJsonLossless` is read: a bare integer above 2^53 still a number
 * then was written in a form JSON.parse keeps as written (an exponent), not rounded digits.
 */
let lossless = false
export function readLossless<T>(read: () => T): T {
  lossless = true
  try {
    return read()
  } finally {
    lossless = false
  }
}

function readOptText(v: unknown, ctx: Ctx): string | null {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'string') return v
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v) && v >= 0) return decimalOf(v)
    // Digits JSON.parse rounded (a 0-decimal token's amount as a bare number): read the body again, losslessly.
    if (!lossless && Number.isInteger(v) && !Number.isSafeInteger(v)) return rounded(ctx, v)
    return String(v)
  }
  return fail(ctx, v, 'text or null')
}

/** Optional text: missing, null and empty text all become null. */
export const optText = withShortcut((v: unknown, ctx: Ctx): string | null => readOptText(v, ctx), NULL | TEXT)

/** Required text that repeats across entries (addresses, token contracts): one shared copy. */
export const sharedText = withShortcut((v: unknown, ctx: Ctx): string => shared(readText(v, ctx)), MAP | TEXT, { map: earlierCopy })

/** Optional text that repeats across entries (addresses, labels, names, logos, topics): one shared copy. */
export const optSharedText = withShortcut((v: unknown, ctx: Ctx): string | null => {
  const out = readOptText(v, ctx)
  return out === null ? null : shared(out)
}, NULL | MAP | TEXT, { map: earlierCopy })

/** The entry's hash (remembered for its lists). */
export const entryHash = withShortcut((v: unknown, ctx: Ctx): string => (entry.hash = readText(v, ctx)), REMEMBER | (HASH << SLOT))
/** The entry's block hash (remembered for its lists). */
export const entryBlockHash = withShortcut((v: unknown, ctx: Ctx): string | null => {
  const out = readOptText(v, ctx)
  entry.block_hash = out ?? ''
  return out
}, REMEMBER | (BLOCK_HASH << SLOT))
/** The entry's block number (remembered for its lists). */
export const entryBlockNumber = withShortcut((v: unknown, ctx: Ctx): string => (entry.block_number = readInt(v, ctx)), REMEMBER | (BLOCK_NUMBER << SLOT))
/** The entry's value (remembered for its native transfers). */
export const entryValue = withShortcut((v: unknown, ctx: Ctx): string => (entry.value = readInt(v, ctx)), REMEMBER | (VALUE << SLOT))
/** A native transfer's value: the entry's own string when it moves the entry's value (the usual top-level transfer). */
export const valueOfEntry = withShortcut((v: unknown, ctx: Ctx): string => sameAs('value', readInt(v, ctx)), SHARES | SAME | (VALUE << SLOT))
/** The entry's time (remembered for its lists). */
export const entryTimestamp = withShortcut((v: unknown, ctx: Ctx): string => (entry.block_timestamp = readTimestamp(v, ctx)), REMEMBER | (TIME << SLOT))

/** A transfer's or log's transaction hash: the entry's own string when it is the entry's. */
export const txHashOfEntry = withShortcut((v: unknown, ctx: Ctx): string | null => {
  const out = readOptText(v, ctx)
  return out === null ? null : sameAs('hash', out)
}, NULL | SHARES | SAME | (HASH << SLOT))
/** A transfer's or log's block hash: the entry's own string when it is the entry's. */
export const blockHashOfEntry = withShortcut((v: unknown, ctx: Ctx): string | null => {
  const out = readOptText(v, ctx)
  return out === null ? null : sameAs('block_hash', out)
}, NULL | SHARES | SAME | (BLOCK_HASH << SLOT))
/** A transfer's or log's block number: the entry's own string when it is the entry's. */
export const blockNumberOfEntry = withShortcut((v: unknown, ctx: Ctx): string | null => {
  // The entry's own text (already checked): no second check of its digits.
  if (v === entry.block_number && v !== '') return entry.block_number
  return v === undefined || v === null || v === '' ? null : sameAs('block_number', readInt(v, ctx))
}, NULL | SHARES | SAME | (BLOCK_NUMBER << SLOT))
/** A transfer's or log's time: the entry's own string when it is the entry's. */
export const timestampOfEntry = withShortcut((v: unknown, ctx: Ctx): string | null => {
  // Equal to the entry's normalized time means already normalized: no pattern test, no Date.
  if (v === entry.block_timestamp && v !== '') return entry.block_timestamp
  return v === undefined || v === null || v === '' ? null : sameAs('block_timestamp', readTimestamp(v, ctx))
}, NULL | SHARES | SAME | (TIME << SLOT))

/** Hex data (`input`, `output`): empty text is the spec's bare `0x`, as some deployments send it; missing or null is null. */
export const optHexData = withShortcut((v: unknown, ctx: Ctx): string | null => {
  if (v === undefined || v === null) return null
  if (v === '') return '0x'
  if (typeof v === 'string') return v
  return fail(ctx, v, 'hex data or null')
}, NULL | TEXT)

/** A flag sent as a boolean or as text (`"true"`, `"1"`, `"yes"`…); missing or null is null. */
export const flag = withShortcut((v: unknown, ctx: Ctx): boolean | null => {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'boolean') return v
  if (v === 1 || v === 0) return v === 1
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase()
    if (s === 'true' || s === '1' || s === 'yes') return true
    if (s === 'false' || s === '0' || s === 'no') return false
  }
  return fail(ctx, v, 'a boolean or "true"/"false"')
}, NULL | BOOLEAN)

const MAX_DATE_MS = 8.64e15
const CANONICAL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/

/**
 * A timestamp: ISO 8601 (with or without milliseconds or zone), unix seconds or
 * milliseconds as a number or text. Normalized to ISO 8601 UTC with milliseconds.
 */
function readTimestamp(v: unknown, ctx: Ctx): string {
  // Already the normalized form (what the spec sends): no Date round trip on the hot path.
  if (typeof v === 'string' && CANONICAL_TIME.test(v)) return v
  let ms = Number.NaN
  if (typeof v === 'number' || (typeof v === 'string' && DECIMAL.test(v))) {
    const n = Number(v)
    ms = n < 1e12 ? n * 1000 : n
  } else if (typeof v === 'string') {
    ms = parseIsoUtc(v)
  }
  // Past ±8.64e15 ms a Date is invalid and toISOString throws a RangeError: report the field instead.
  if (Math.abs(ms) <= MAX_DATE_MS) return new Date(ms).toISOString()
  return fail(ctx, v, Number.isFinite(ms) ? 'a timestamp JavaScript can hold (up to year 275760)' : 'an ISO 8601 timestamp or unix seconds')
}

/** A transfer's direction from the viewed wallet's side, normalized from any common spelling (`send`, `out`, `receive`, `in`…); a transfer with none has `direction: null`. */
export type Direction = 'incoming' | 'outgoing'
// A Map, not an object literal: service text such as "constructor" must not find Object.prototype members.
const DIRECTIONS = new Map<string, Direction>([
  ['outgoing', 'outgoing'], ['out', 'outgoing'], ['send', 'outgoing'], ['sent', 'outgoing'], ['sending', 'outgoing'],
  ['incoming', 'incoming'], ['in', 'incoming'], ['receive', 'incoming'], ['received', 'incoming'], ['receiving', 'incoming'],
])

/** The one rule for every transfer list: `direction` in any common spelling, as `outgoing` / `incoming`; anything else is null. */
export function direction(v: unknown): Direction | null {
  if (typeof v !== 'string') return null
  // The spec's own spellings (most transfers) need no trimming, lowering or lookup.
  if (v === 'outgoing' || v === 'incoming') return v
  return DIRECTIONS.get(v.trim().toLowerCase()) ?? null
}

/** A list's first step: a list that may be missing or null (normalized to an empty list); anything else goes on to be refused. */
export const orEmptyList = withShortcut((v: unknown): unknown => (v === undefined || v === null ? [] : v), LIST)

/** The ERC-20 list arrives under the spec's `erc20_transfer` or the plural `erc20_transfers` (the hosted service's): an entry's first step. */
export const mergeErc20Key = withShortcut((v: unknown): unknown => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v
  const o = v as Record<string, unknown>
  if (o.erc20_transfer == null && o.erc20_transfers != null) {
    const { erc20_transfers, ...rest } = o
    return { ...rest, erc20_transfer: erc20_transfers }
  }
  return v
}, 0, { rename: { from: 'erc20_transfers', to: 'erc20_transfer' } })

/** `page` and `page_size`: a number, or decimal text; anything else (or nothing) is null. */
export function pageNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (typeof v === 'string' && isDigits(v)) return Number(v)
  return null
}
