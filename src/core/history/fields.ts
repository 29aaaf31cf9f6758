import { array, pipe, transform } from 'zod/mini'
import type { z } from 'zod/mini'
import * as r from './readers.js'

/**
 * The field readers (readers.ts) as zod/mini schemas, for the exported schemas (zodSchemas.ts):
 * each is a single `transform` of the reader itself, so the schemas and the walker's tables
 * (tables.ts, generated from the schemas by scripts/history-tables.mjs) call the very same function.
 * Written as single transforms (not unions) because they run for every field of every entry.
 */

/** Required integer, normalized to decimal text. */
export const intText = transform(r.intText)
/** Optional integer: missing, null or empty text become null. */
export const optIntText = transform(r.optIntText)
/** Optional text: missing, null and empty text all become null. */
export const optText = transform(r.optText)
/** Required text that repeats across entries (addresses, token contracts): one shared copy. */
export const sharedText = transform(r.sharedText)
/** Optional text that repeats across entries (addresses, labels, names, logos, topics): one shared copy. */
export const optSharedText = transform(r.optSharedText)
/** The entry's hash (remembered for its lists). */
export const entryHash = transform(r.entryHash)
/** The entry's block hash (remembered for its lists). */
export const entryBlockHash = transform(r.entryBlockHash)
/** The entry's block number (remembered for its lists). */
export const entryBlockNumber = transform(r.entryBlockNumber)
/** The entry's value (remembered for its native transfers). */
export const entryValue = transform(r.entryValue)
/** A native transfer's value: the entry's own string when it moves the entry's value. */
export const valueOfEntry = transform(r.valueOfEntry)
/** The entry's time (remembered for its lists). */
export const entryTimestamp = transform(r.entryTimestamp)
/** A transfer's or log's transaction hash: the entry's own string when it is the entry's. */
export const txHashOfEntry = transform(r.txHashOfEntry)
/** A transfer's or log's block hash: the entry's own string when it is the entry's. */
export const blockHashOfEntry = transform(r.blockHashOfEntry)
/** A transfer's or log's block number: the entry's own string when it is the entry's. */
export const blockNumberOfEntry = transform(r.blockNumberOfEntry)
/** A transfer's or log's time: the entry's own string when it is the entry's. */
export const timestampOfEntry = transform(r.timestampOfEntry)
/** Hex data (`input`, `output`): empty text is `0x`; missing or null is null. */
export const optHexData = transform(r.optHexData)
/** A flag sent as a boolean or as text; missing or null is null. */
export const flag = transform(r.flag)
/** A transfer's direction, normalized from any common spelling; anything else is null. */
export const direction = transform(r.direction)
/** `page` and `page_size`: numbers, or null when unreadable. */
export const pageNumber = transform(r.pageNumber)

/** A list that may be missing or null (normalized to an empty list). */
export function list<T extends z.core.SomeType>(item: T) {
  return pipe(transform(r.orEmptyList), array(item))
}
