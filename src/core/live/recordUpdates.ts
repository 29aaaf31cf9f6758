import type { NodeReceipt, NodeTransaction } from './nodeAnswers.js'
import { receiptTransfers } from './receipt.js'
import type { TrackedTransaction } from './record.js'
import { decodeTokenTransfer } from './signedTransaction.js'

/** A record whose sender and nonce are known: the ones a nonce read can settle. */
export type SenderKnownRecord = TrackedTransaction & { from: string; nonce: number }

export const isSenderKnown = (r: TrackedTransaction): r is SenderKnownRecord => r.from !== null && r.nonce !== null

export const sameAddress = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase()

/** The sender and nonce a transaction takes, as one key (a second transaction with it replaces the first). */
export const nonceSlot = (from: string, nonce: number) => `${from.toLowerCase()}:${nonce}`

/** Every change is a new object stamped with the time of the change. */
export function updated(r: TrackedTransaction, patch: Partial<TrackedTransaction>): TrackedTransaction {
  return { ...r, ...patch, updatedAt: Date.now() }
}

export function markDropped(r: TrackedTransaction, error: string): TrackedTransaction {
  return updated(r, { status: 'dropped', final: true, error })
}

export function markReplaced(r: TrackedTransaction, replacedBy: string): TrackedTransaction {
  return updated(r, { status: 'replaced', replacedBy, final: true, error: null })
}

/** Blocks from `blockNumber` to `head`, counting both, between 1 and the record's target. */
export function confirmationsAt(r: TrackedTransaction, blockNumber: number, head: bigint): number {
  return Math.max(1, Math.min(r.confirmationsTarget, Number(head) - blockNumber + 1))
}

/** The record as its receipt says it ended, with the confirmations `head` gives it. */
export function withReceipt(r: TrackedTransaction, receipt: NodeReceipt, head: bigint): TrackedTransaction {
  const { blockNumber } = receipt
  // A pre-Byzantium receipt (status null) says it was mined, not how it ended: confirmed.
  const failed = receipt.status === 'reverted'
  const count = confirmationsAt(r, blockNumber, head)
  return updated(r, {
    status: failed ? 'failed' : 'confirmed',
    blockNumber,
    confirmations: count,
    final: failed || count >= r.confirmationsTarget,
    from: r.from ?? receipt.from,
    to: r.to ?? receipt.to,
    error: failed ? 'The transaction reverted (receipt status 0)' : null,
    // What it moved, as the logs say (a reverted transaction has none).
    receiptTransfers: receiptTransfers(receipt.logs),
  })
}

/** Sender, nonce, to, value and calldata from the node, for a record tracked without them; the same record otherwise. */
export function withNodeTransaction(r: TrackedTransaction, tx: NodeTransaction): TrackedTransaction {
  if (r.from !== null && r.nonce !== null) return r
  return updated(r, { from: tx.from, nonce: tx.nonce, to: tx.to, value: tx.value.toString(), tokenTransfer: decodeTokenTransfer(tx.from, tx.to, tx.input) })
}
