import { mergeKeyOf, type MergeKey } from '../order.js'
import type { TransactionEntry } from '../schema.js'
import { canonicalTime } from './time.js'

/** One transaction: where it sorts (its key, read once from the entry, on the record itself) and its views. */
export interface TransactionRecord extends MergeKey {
  /** The first wallet (by index) whose history holds it, and its entry. */
  wallet: number
  entry: TransactionEntry
  /** Other wallets' entries, by wallet index. */
  others: [number, TransactionEntry][] | undefined
  emitted: boolean
  /** `entry` itself was given the merged fields (see `addMergedFieldsInPlace`). */
  inPlace: boolean
}

/** Every record is made here: one shape, so the merge's comparisons see one kind of object. */
function makeRecord(time: number, chain: number, block: string, index: number, hash: string, wallet: number, entry: TransactionEntry): TransactionRecord {
  return { time, chain, block, index, hash, wallet, entry, others: undefined, emitted: false, inPlace: false }
}

const isDigit = (c: number) => c >= 48 && c <= 57

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
export function recordOf(entry: TransactionEntry, chainIndex: number, position: number, wallet: number): TransactionRecord {
  if (entry !== null && typeof entry === 'object') {
    const { hash, block_timestamp: ts, block_number: bn, transaction_index: ti } = entry as Record<string, unknown>
    if (typeof hash === 'string' && hash !== '' && typeof ts === 'string' && typeof bn === 'string' && plainDecimal(bn, false)) {
      const time = canonicalTime(ts)
      let index = Number.NaN
      if (ti === null || ti === undefined) index = -1
      else if (typeof ti === 'string' && plainDecimal(ti, true)) index = Number(ti)
      else if (typeof ti === 'number' && Number.isSafeInteger(ti) && ti >= 0) index = ti
      if (time === time && index === index) return makeRecord(time, chainIndex, bn, index, hash.toLowerCase(), wallet, entry)
    }
  }
  const k = mergeKeyOf(entry, chainIndex, position)
  return makeRecord(k.time, k.chain, k.block, k.index, k.hash, wallet, entry)
}
