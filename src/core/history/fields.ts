import { NEVER, array, pipe, transform } from 'zod/mini'
import type { z } from 'zod/mini'
import { parseIsoUtc } from '../time.js'

/**
 * Field readers for tolerant reading: each accepts the spellings real deployments send and
 * produces one normalized value, or reports an issue at the field's path. Written as single
 * transforms (not unions) because they run for every field of every entry.
 */

type Ctx = { issues: { push(issue: { code: 'custom'; message: string; input: unknown }): void } }

const DECIMAL = /^\d+$/
const fail = (ctx: Ctx, input: unknown, message: string) => {
  ctx.issues.push({ code: 'custom', message, input })
  return NEVER
}

function describe(v: unknown): string {
  if (v === null) return 'null'
  if (v === undefined) return 'nothing'
  if (typeof v === 'string') return `"${v.length > 24 ? `${v.slice(0, 24)}…` : v}"`
  return typeof v
}

function readInt(v: unknown, ctx: Ctx): string {
  if (typeof v === 'string' && DECIMAL.test(v)) return v
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v) && v >= 0) return String(v)
    if (Number.isInteger(v) && v > 0) {
      return fail(ctx, v, 'integer above 2^53 arrived already rounded; parse the body with parseJsonLossless')
    }
  }
  if (typeof v === 'bigint' && v >= 0n) return v.toString()
  return fail(ctx, v, `expected a non-negative integer (decimal text or number), got ${describe(v)}`)
}

/** Required integer, normalized to decimal text. */
export const intText = transform((v: unknown, ctx) => readInt(v, ctx as Ctx))

/** Optional integer: missing, null or empty text become null. */
export const optIntText = transform((v: unknown, ctx): string | null =>
  v === undefined || v === null || v === '' ? null : readInt(v, ctx as Ctx),
)

/** Required non-empty text. */
export const text = transform((v: unknown, ctx): string => {
  if (typeof v === 'string' && v !== '') return v
  return fail(ctx as Ctx, v, `expected text, got ${describe(v)}`)
})

/** Optional text: missing, null and empty text all become null. */
export const optText = transform((v: unknown, ctx): string | null => {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'string') return v
  if (typeof v === 'number') return String(v)
  return fail(ctx as Ctx, v, `expected text or null, got ${describe(v)}`)
})

/** Hex data (`input`, `output`): empty text is the spec's bare `0x`, as some deployments send it; missing or null is null. */
export const optHexData = transform((v: unknown, ctx): string | null => {
  if (v === undefined || v === null) return null
  if (v === '') return '0x'
  if (typeof v === 'string') return v
  return fail(ctx as Ctx, v, `expected hex data or null, got ${describe(v)}`)
})

/** A flag sent as a boolean or as text (`"true"`, `"1"`, `"yes"`…); missing or null is null. */
export const flag = transform((v: unknown, ctx): boolean | null => {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'boolean') return v
  if (v === 1 || v === 0) return v === 1
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase()
    if (s === 'true' || s === '1' || s === 'yes') return true
    if (s === 'false' || s === '0' || s === 'no') return false
  }
  return fail(ctx as Ctx, v, `expected a boolean or "true"/"false", got ${describe(v)}`)
})

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
  return fail(ctx, v, Number.isFinite(ms)
    ? `expected a timestamp JavaScript can hold (up to year 275760), got ${describe(v)}`
    : `expected an ISO 8601 timestamp or unix seconds, got ${describe(v)}`)
}

export const timestamp = transform((v: unknown, ctx) => readTimestamp(v, ctx as Ctx))

export const optTimestamp = transform((v: unknown, ctx): string | null =>
  v === undefined || v === null || v === '' ? null : readTimestamp(v, ctx as Ctx),
)

export type Direction = 'incoming' | 'outgoing'
// A Map, not an object literal: service text such as "constructor" must not find Object.prototype members.
const DIRECTIONS = new Map<string, Direction>([
  ['outgoing', 'outgoing'], ['out', 'outgoing'], ['send', 'outgoing'], ['sent', 'outgoing'], ['sending', 'outgoing'],
  ['incoming', 'incoming'], ['in', 'incoming'], ['receive', 'incoming'], ['received', 'incoming'], ['receiving', 'incoming'],
])

/** The one rule for every transfer list: `direction` in any common spelling, as `outgoing` / `incoming`; anything else is null. */
export function readDirection(v: unknown): Direction | null {
  return typeof v === 'string' ? (DIRECTIONS.get(v.trim().toLowerCase()) ?? null) : null
}

export const direction = transform(readDirection)

/** A list that may be missing or null (normalized to an empty list). */
export function list<T extends z.core.SomeType>(item: T) {
  return pipe(
    transform((v: unknown) => (v === undefined || v === null ? [] : v)),
    array(item),
  )
}
