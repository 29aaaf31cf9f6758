import { chainIdentity } from '../../chains.js'
import { InvalidParameterError, ResponseShapeError } from '../../errors.js'
import { clip } from '../../text.js'
import { nextCursor } from '../cursor.js'
import type { WalletHistoryParameters } from '../params.js'
import type { TransactionEntry, WalletHistoryPage } from '../schema.js'
import type { MergeKey } from '../order.js'
import { compareInOrder } from './frontier.js'
import { addMergedFieldsInPlace, addView } from './mergedEntry.js'
import { recordOf, type TransactionRecord } from './record.js'
import { knownBefore, knownRecord, openGeneration } from './known.js'
import type { MergeSource, MergeState } from './state.js'

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
  let records: TransactionRecord[]
  try {
    records = readRecords(state, source, page)
  } catch (error) {
    failSource(source, error)
    return
  }
  placeRecords(state, source, records, source.cursor === undefined)
  const lastRecord = records[records.length - 1]
  // Keys only: a record kept here would keep its entry alive.
  if (lastRecord && (source.bound === undefined || compareInOrder(state, source.bound, lastRecord) < 0)) source.bound = keyOf(lastRecord)
  if (records.length > 0) {
    source.floor = source.pageFirst
    source.pageFirst = keyOf(records[0]!)
  }

  source.pageCursor = source.cursor
  const cursor = typeof page.cursor === 'string' ? nextCursor({ cursor: page.cursor }, source.seen) : undefined
  if (cursor === undefined) {
    source.status = 'done'
    source.cursor = undefined
  } else {
    source.seen.add(cursor)
    // The last 64 cursors: a service looping through more pages than that is stopped by the page's round limit instead.
    if (source.seen.size > 64) source.seen.delete(source.seen.values().next().value!)
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
  let records: TransactionRecord[]
  try {
    records = readRecords(state, source, page)
  } catch {
    return -1
  }
  return placeRecords(state, source, records, true)
}

/** A page's entries as records, in the feed's order; throws the typed error of an entry the merge cannot order. */
function readRecords(state: MergeState, source: MergeSource, page: Pick<WalletHistoryPage, 'result'>): TransactionRecord[] {
  const result: unknown = page?.result
  if (!Array.isArray(result)) throw new ResponseShapeError('wallet history page', [{ path: ['result'], message: 'expected a list of transactions' }])
  const n = result.length
  const records: TransactionRecord[] = new Array(n)
  let sorted = true
  for (let i = 0; i < n; i++) {
    const record = (records[i] = recordOf(result[i] as TransactionEntry, source.chainIndex, i, source.walletIndex))
    if (sorted && i > 0 && compareInOrder(state, records[i - 1]!, record) > 0) sorted = false
  }
  // Services send their pages in order; sort only one that is not (stable: a repeat keeps its place).
  if (!sorted) records.sort((a, b) => compareInOrder(state, a, b))
  return records
}

/**
 * Puts sorted records where they belong: each transaction once (another wallet's view joins the
 * record already known), before the last emitted entry into `late`, after it into `source`'s
 * buffer. Returns how many were new.
 */
function placeRecords(state: MergeState, source: MergeSource, records: TransactionRecord[], pinned: boolean): number {
  const n = records.length
  let added = 0
  let resort = false
  const several = state.wallets.length > 1
  const generations = state.known[source.chainIndex]!
  const generation = openGeneration(state, source.chainIndex, pinned)
  const { last, after } = state
  const buffer = source.buffer
  for (let i = 0; i < n; i++) {
    const record = records[i]!
    // A page read again from a snapshot: what sorts at or before it was an earlier page's.
    if (after !== undefined && compareInOrder(state, record, after) <= 0) continue
    if (several) {
      const same = knownRecord(generations, record.hash)
      if (same) {
        if (addView(same, source.walletIndex, record.entry) && same.emitted) state.late.add(same)
        continue
      }
      generation.records.set(record.hash, record)
    } else {
      // The service repeated itself (one wallet: the same hash is the same view).
      if (knownBefore(generations, generation, record.hash)) continue
    }
    if (generation.last === undefined || compareInOrder(state, generation.last, record) < 0) generation.last = keyOf(record)
    added++
    addMergedFieldsInPlace(state, record)
    if (last !== undefined && compareInOrder(state, record, last) <= 0) {
      record.emitted = true
      state.late.add(record)
      continue
    }
    if (!resort && source.nextIndex < buffer.length && compareInOrder(state, buffer[buffer.length - 1]!, record) > 0) resort = true
    buffer.push(record)
  }
  if (resort) {
    source.buffer = buffer.slice(source.nextIndex).sort((a, b) => compareInOrder(state, a, b))
    source.nextIndex = 0
  }
  return added
}

/** A record's key alone (not its entry). */
const keyOf = ({ time, chain, block, index, hash }: MergeKey): MergeKey => ({ time, chain, block, index, hash })

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
