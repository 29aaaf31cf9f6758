import { ResponseShapeError } from '../errors.js'
import type { TransactionEntry } from './schema.js'

/** The order of a merged feed. DESC (newest first) unless asked otherwise, as the service commonly defaults. */
export type MergeOrder = 'ASC' | 'DESC'

/**
 * Where an entry sorts in a merged feed, worked out once per entry: `block_timestamp`, then the
 * chain (its place in the feed's `chains`), block number, transaction index and hash.
 */
export interface MergeKey {
  /** `block_timestamp` in milliseconds. */
  readonly time: number
  /** The chain's index in the feed's `chains`. */
  readonly chain: number
  /** Block number as decimal text without leading zeros (compared by length, then text: exact above 2^53). */
  readonly block: string
  /** `transaction_index`, or -1 when the service left it out. */
  readonly index: number
  /** Lower-case hash: the last tie-breaker, and with the chain what makes an entry one entry. */
  readonly hash: string
}

const DECIMAL = /^\d+$/

/** Ascending comparison of two keys; a DESC feed negates it. */
export function compareMergeKeys(a: MergeKey, b: MergeKey): number {
  if (a.time !== b.time) return a.time < b.time ? -1 : 1
  if (a.chain !== b.chain) return a.chain - b.chain
  if (a.block !== b.block) {
    if (a.block.length !== b.block.length) return a.block.length - b.block.length
    return a.block < b.block ? -1 : 1
  }
  if (a.index !== b.index) return a.index - b.index
  return a.hash === b.hash ? 0 : a.hash < b.hash ? -1 : 1
}

/**
 * Comparison in a feed's order: DESC reverses time, block, index and hash, but equal times keep
 * the chains' order (`chains` as given), newest first or not: a tie is predictable.
 */
export function compareInFeedOrder(desc: boolean, a: MergeKey, b: MergeKey): number {
  return a.time === b.time && a.chain !== b.chain ? a.chain - b.chain : desc ? compareMergeKeys(b, a) : compareMergeKeys(a, b)
}

/**
 * The key of `entry` from `chainIndex`. A field the merge cannot order by is a
 * `ResponseShapeError` at `['result', position, field]`: the source fails, the feed does not.
 */
export function mergeKeyOf(entry: TransactionEntry, chainIndex: number, position: number): MergeKey {
  const wrong = (field: string, message: string) =>
    new ResponseShapeError('wallet history page', [{ path: ['result', position, field], message }])
  if (entry === null || typeof entry !== 'object') throw wrong('hash', 'expected a transaction entry object')
  const { hash, block_timestamp: ts, block_number: bn, transaction_index: ti } = entry as Record<string, unknown>
  if (typeof hash !== 'string' || hash === '') throw wrong('hash', 'expected the transaction hash as text')
  const time = typeof ts === 'string' ? Date.parse(ts) : Number.NaN
  if (!Number.isFinite(time)) throw wrong('block_timestamp', 'expected an ISO 8601 timestamp to order by')
  const blockText = typeof bn === 'number' && Number.isSafeInteger(bn) && bn >= 0 ? String(bn) : bn
  if (typeof blockText !== 'string' || !DECIMAL.test(blockText)) throw wrong('block_number', 'expected a decimal block number to order by')
  let index = -1
  if (typeof ti === 'number' && Number.isSafeInteger(ti) && ti >= 0) index = ti
  else if (typeof ti === 'string' && DECIMAL.test(ti) && ti.length < 16) index = Number(ti)
  else if (ti !== null && ti !== undefined) throw wrong('transaction_index', 'expected a decimal transaction index or null')
  const block = blockText.length > 1 && blockText.charCodeAt(0) === 48 ? blockText.replace(/^0+(?=\d)/, '') : blockText
  return { time, chain: chainIndex, block, index, hash: hash.toLowerCase() }
}
