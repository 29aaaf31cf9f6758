import type { NodeReceipt, NodeTransaction } from './nodeAnswers.js'
import type { Settled } from './nodeReads.js'
import type { TrackedTransaction } from './record.js'
import {
  confirmationsAt,
  isSenderKnown,
  markDropped,
  markReplaced,
  nonceSlot,
  sameAddress,
  updated,
  withNodeTransaction,
  withReceipt,
  type SenderKnownRecord,
} from './recordUpdates.js'
import { findReplacements, type ReplacementSearchContext } from './replacementSearch.js'
import { chainKey, recordKey, type TrackerStore } from './trackerStore.js'

export interface BlockCheckContext extends ReplacementSearchContext {
  /** How long the node may not know a transaction (while its nonce is unused) before it counts as dropped. */
  dropAfterMs: number
  /** Calls put in the first batch of a check. */
  maxCallsPerBlock: number
}

/** One check of one head: where it runs, and the records it has changed so far (by key: a later change of a record wins). */
interface HeadCheck {
  chain: string
  head: bigint
  /** When the check started (ms): one time for every grace period it measures. */
  now: number
  changes: Map<string, TrackedTransaction>
}

/** A receipt read whose answer decides whether a record that reached its confirmations is final. */
interface FinalityCheck {
  record: TrackedTransaction
  receipt: Promise<Settled<NodeReceipt | null>>
}

/** What a check asked the node about its pending records. */
interface PendingReads {
  senderKnown: SenderKnownRecord[]
  nonces: Map<string, Promise<Settled<number>>>
  lookups: Map<string, Promise<Settled<NodeTransaction | null>>>
  receipts: Map<string, Promise<Settled<NodeReceipt | null>>>
  askReceipt(r: TrackedTransaction): void
}

const noteChange = (check: HeadCheck, r: TrackedTransaction) => void check.changes.set(recordKey(r.chain, r.hash), r)
const noReceipt = (): Promise<Settled<NodeReceipt | null>> => Promise.resolve({ ok: true, value: null })

/**
 * What a new head of `chain` tells about the chain's unfinished records: receipts, confirmations,
 * and whether a pending one was dropped or replaced. Returns the records changed that are still
 * tracked (one removed while the replies were on their way stays removed).
 * `head` comes from watchHead, which never hands on one no block number can be (2^200).
 */
export async function checkBlock(context: BlockCheckContext, chain: string, head: bigint): Promise<TrackedTransaction[]> {
  const thisChain = chainKey(chain)
  const check: HeadCheck = { chain, head, now: Date.now(), changes: new Map() }
  const active = context.store.records().filter((r) => !r.final && chainKey(r.chain) === thisChain)
  const finalityChecks = countConfirmations(context, check, active)
  const pending = active.filter((r) => r.status === 'pending')
  if (pending.length > 0) await checkPending(context, check, active, pending, finalityChecks.size)
  await applyFinalityChecks(context.store, check, finalityChecks)
  return [...check.changes].filter(([key]) => context.store.has(key)).map(([, r]) => r)
}

/**
 * Confirmed ones only count blocks: the head says it, no request, until the target is reached. Then
 * the receipt is read once more (in this block's batch): a reorg may have taken it out of its block.
 */
function countConfirmations(context: BlockCheckContext, check: HeadCheck, active: TrackedTransaction[]): Map<string, FinalityCheck> {
  const finalityChecks = new Map<string, FinalityCheck>()
  for (const r of active) {
    if (r.status !== 'confirmed' || r.blockNumber === null) continue
    const count = confirmationsAt(r, r.blockNumber, check.head)
    const reached = count >= r.confirmationsTarget
    if (reached && r.confirmationsTarget > 1) {
      finalityChecks.set(recordKey(r.chain, r.hash), { record: r, receipt: context.reads.receipt(check.chain, r.hash, check.head) })
    } else if (count !== r.confirmations) noteChange(check, updated(r, { confirmations: count, final: reached }))
  }
  return finalityChecks
}

async function applyFinalityChecks(store: TrackerStore, check: HeadCheck, finalityChecks: Map<string, FinalityCheck>) {
  for (const [key, { record, receipt }] of finalityChecks) {
    const answer = await receipt
    if (!answer.ok) continue // counted again at the next block
    if (answer.value === null) {
      // Taken out of its block: followed as pending again, from scratch.
      store.resetSightings(key)
      noteChange(check, updated(record, { status: 'pending', blockNumber: null, confirmations: 0, final: false, receiptTransfers: null }))
    } else noteChange(check, withReceipt(record, answer.value, check.head))
  }
}

async function checkPending(context: BlockCheckContext, check: HeadCheck, active: TrackedTransaction[], pending: TrackedTransaction[], callsTaken: number) {
  const asked = askPendingReads(context, check, pending, callsTaken)
  const nonceOf = new Map<string, number | undefined>()
  for (const [sender, read] of asked.nonces) {
    const answer = await read
    nonceOf.set(sender, answer.ok ? answer.value : undefined)
  }
  // The second batch: receipts left out of the first whose sender's nonce shows they may have been mined.
  for (const r of asked.senderKnown) if (!asked.receipts.has(r.hash) && nonceUsed(r, nonceOf)) asked.askReceipt(r)
  const receipts = await Promise.all(pending.map((r) => asked.receipts.get(r.hash) ?? noReceipt()))
  const mined: TrackedTransaction[] = []
  for (const [i, r] of pending.entries()) {
    const answer = receipts[i]!
    if (answer.ok && answer.value) mined.push(withReceipt(r, answer.value, check.head))
  }
  const takenBy = nonceTakers(context.store, check, active, mined)
  for (const r of mined) noteChange(check, r)

  const candidates: SenderKnownRecord[] = []
  for (const [i, r] of pending.entries()) {
    const candidate = await settlePending(context, check, r, receipts[i]!, asked.lookups.get(r.hash), nonceOf, takenBy)
    if (candidate) candidates.push(candidate)
  }
  if (candidates.length > 0) for (const r of await findReplacements(context, check.chain, check.head, candidates)) noteChange(check, r)
}

/**
 * Issued in one synchronous loop: the client's viem transport batches calls of one tick into one request.
 * Per sender its nonce (read at the polled head, not `latest`: a block mined meanwhile must not pass a
 * nonce the block search cannot see), then receipts, each sender's lowest nonces first, while the calls
 * fit one batch. A transaction cannot be mined before its sender's lower nonces, so a receipt left out
 * is only asked for (second batch) when the nonce shows it may have been mined.
 */
function askPendingReads(context: BlockCheckContext, check: HeadCheck, pending: TrackedTransaction[], callsTaken: number): PendingReads {
  const { chain, head, now } = check
  const senderKnown = pending.filter(isSenderKnown)
  const senders = [...new Set(senderKnown.map((r) => r.from.toLowerCase()))]
  const nonces = new Map(senders.map((sender) => [sender, context.reads.nonce(chain, sender, head)]))
  // Asked until the nonce is known (tracked by hash and sender, the node may not have had it yet at `track`): without it a replacement cannot be told.
  const lookups = new Map(
    pending
      .filter((r) => r.nonce === null || now - (context.store.sightingsOf(recordKey(r.chain, r.hash))?.lastSeenAt ?? r.trackedAt) >= context.dropAfterMs)
      .map((r) => [r.hash, context.reads.transaction(chain, r.hash)]),
  )
  const receipts = new Map<string, Promise<Settled<NodeReceipt | null>>>()
  const askReceipt = (r: TrackedTransaction) => void receipts.set(r.hash, context.reads.receipt(chain, r.hash, head))
  for (const r of pending) if (!isSenderKnown(r)) askReceipt(r)
  let room = context.maxCallsPerBlock - callsTaken - nonces.size - lookups.size - receipts.size
  for (const r of lowestNoncesFirst(senderKnown)) if (room-- > 0) askReceipt(r)
  return { senderKnown, nonces, lookups, receipts, askReceipt }
}

/** Ranked by how many of the sender's tracked nonces come before each, then by nonce. */
function lowestNoncesFirst(records: SenderKnownRecord[]): SenderKnownRecord[] {
  const ranked = records.map((r) => ({ r, rank: records.filter((o) => sameAddress(o.from, r.from) && o.nonce < r.nonce).length }))
  ranked.sort((a, b) => a.rank - b.rank || a.r.nonce - b.r.nonce)
  return ranked.map(({ r }) => r)
}

function nonceUsed(r: SenderKnownRecord, nonceOf: Map<string, number | undefined>): boolean {
  const next = nonceOf.get(r.from.toLowerCase())
  return next !== undefined && next > r.nonce
}

/** Nonces taken by a tracked transaction with a receipt: the others with that nonce were replaced by it. */
function nonceTakers(store: TrackerStore, check: HeadCheck, active: TrackedTransaction[], mined: TrackedTransaction[]): Map<string, string> {
  const thisChain = chainKey(check.chain)
  const takenBy = new Map<string, string>()
  for (const r of [...active.filter((a) => a.status === 'confirmed' || a.status === 'failed'), ...mined, ...store.records()]) {
    if ((r.status === 'confirmed' || r.status === 'failed') && isSenderKnown(r) && chainKey(r.chain) === thisChain) {
      takenBy.set(nonceSlot(r.from, r.nonce), r.hash)
    }
  }
  return takenBy
}

/**
 * One pending record once the reads are in: its sender and nonce learnt, dropped, or replaced by a
 * tracked transaction. Returned when its nonce was taken by a transaction not tracked, for the
 * replacement search.
 */
async function settlePending(
  context: BlockCheckContext,
  check: HeadCheck,
  pendingRecord: TrackedTransaction,
  receipt: Settled<NodeReceipt | null>,
  lookup: Promise<Settled<NodeTransaction | null>> | undefined,
  nonceOf: Map<string, number | undefined>,
  takenBy: Map<string, string>,
): Promise<SenderKnownRecord | undefined> {
  const key = recordKey(pendingRecord.chain, pendingRecord.hash)
  const earlier = check.changes.get(key)
  if (earlier && earlier.status !== 'pending') return undefined
  let r = pendingRecord
  // Detached when the record was removed meanwhile: what is learnt then goes nowhere.
  const sightings = context.store.sightingsOf(key) ?? {}
  const found = lookup ? await lookup : undefined
  if (found?.ok && found.value) {
    sightings.lastSeenAt = check.now
    r = withNodeTransaction(r, found.value)
    if (r !== pendingRecord) noteChange(check, r)
  }
  if (!receipt.ok) return undefined
  const unknownPastGrace = found?.ok === true && found.value === null && check.now - (sightings.lastSeenAt ?? r.trackedAt) >= context.dropAfterMs
  if (!isSenderKnown(r)) {
    if (unknownPastGrace) noteChange(check, markDropped(r, 'The node does not know this transaction'))
    return undefined
  }
  const next = nonceOf.get(r.from.toLowerCase())
  if (next === undefined) return undefined
  if (next > r.nonce) {
    const taker = takenBy.get(nonceSlot(r.from, r.nonce))
    if (!taker || taker.toLowerCase() === r.hash.toLowerCase()) return r
    noteChange(check, markReplaced(r, taker))
  } else {
    sightings.unusedAtHead = check.head
    const seconds = Math.round(context.dropAfterMs / 1000)
    if (unknownPastGrace) noteChange(check, markDropped(r, `The node has not known this transaction for ${seconds} s while its nonce is unused`))
  }
  return undefined
}
