import { array, boolean, custom, literal, nullable, object, string, unknown, enum as zEnum, safeParse } from 'zod/mini'
import type { z } from 'zod/mini'

export const trackedStatuses = ['pending', 'confirmed', 'failed', 'replaced', 'dropped'] as const
export type TrackedStatus = (typeof trackedStatuses)[number]

// Fields as predicates (zod's `custom`) rather than zod's regex, length and number checks, which cost the
// pending chunk 1.6 kB more: a record is only ever kept or skipped, so no check needs its own message.
const text = (pattern: RegExp) => custom<string>((v) => typeof v === 'string' && pattern.test(v))
const hash32 = text(/^0x[0-9a-fA-F]{64}$/)
const address = text(/^0x[0-9a-fA-F]{40}$/)
const hexData = text(/^0x(?:[0-9a-fA-F]{2})*$/)
const decimal = text(/^\d+$/)
/** A uint256 in decimal is at most 78 digits. */
const uint256 = text(/^\d{1,78}$/)
// Stored numbers are whole (a nonce of 1.5 made BigInt throw at every block, stalling the chain's other records).
const whole = (max: number) => custom<number>((v) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max)
const count = whole(Number.MAX_SAFE_INTEGER)
/** Milliseconds a `Date` can hold: beyond them `toISOString` throws while the row is drawn. */
const time = whole(8.64e15)

/** Lines a stored record may hold (see `MAX_RECEIPT_TRANSFER_LINES` in receipt.ts, which keeps 20). */
const MAX_STORED_LINES = 20

/** An ERC-20 `transfer`/`transferFrom` decoded from the calldata: what "Sending 25 USDC to 0x…" is drawn from. */
export const trackedTokenTransferSchema = object({
  /** The token contract (the transaction's `to`). */
  token: address,
  from: address,
  to: address,
  /** Raw amount in the token's smallest unit, as decimal text. */
  amount: decimal,
})

/** One token transfer from the receipt's logs (ERC-20, ERC-721, or one id of an ERC-1155 single or batch transfer). */
export const trackedTransferLineSchema = object({
  kind: zEnum(['erc20', 'erc721', 'erc1155']),
  /** The contract that emitted the event. */
  token: address,
  from: address,
  to: address,
  /** ERC-20 raw amount, ERC-1155 count, '1' for ERC-721. */
  amount: uint256,
  /** ERC-721 / ERC-1155 token id; null for ERC-20. */
  tokenId: nullable(uint256),
  logIndex: nullable(count),
})

/** The receipt's transfers: the first lines (bounded, as a record is stored) and how many there were in all. */
export const trackedReceiptTransfersSchema = object({
  lines: custom<z.output<typeof trackedTransferLineSchema>[]>((v) => Array.isArray(v) && v.length <= MAX_STORED_LINES && v.every((l) => safeParse(trackedTransferLineSchema, l).success)),
  total: count,
})

/** One tracked transaction as `get`, `list` and listeners see it, and as it is stored (JSON-safe). */
export const trackedTransactionSchema = object({
  hash: hash32,
  chain: string(),
  /** The sender; null until known (tracked by hash alone, before the node answers). */
  from: nullable(address),
  nonce: nullable(count),
  /** Null for a contract creation or while unknown. */
  to: nullable(address),
  /** Native value in wei as decimal text; null while unknown. */
  value: nullable(decimal),
  tokenTransfer: nullable(trackedTokenTransferSchema),
  /**
   * What the receipt's logs moved, once mined (null before): these lines replace the calldata
   * guess, which misses what a router moves.
   */
  receiptTransfers: nullable(trackedReceiptTransfersSchema),
  status: zEnum(trackedStatuses),
  blockNumber: nullable(count),
  /** Blocks on top of the receipt's, counting its own, up to `confirmationsTarget`. */
  confirmations: count,
  confirmationsTarget: count,
  /** True once nothing will change any more (the target is reached, or failed, replaced, dropped). */
  final: boolean(),
  replacedBy: nullable(hash32),
  /** Why it failed or was dropped, in words; null otherwise. */
  error: nullable(string()),
  /** The signed transaction, when known: kept so a dropped one can be sent again. */
  raw: nullable(hexData),
  /** Milliseconds since the epoch. */
  trackedAt: time,
  updatedAt: time,
})

/** `receiptTransfers` may be left out when a record is made by hand (a story, a test): it reads as null. */
export type TrackedTransaction = Omit<z.infer<typeof trackedTransactionSchema>, 'receiptTransfers'> & {
  receiptTransfers?: TrackedReceiptTransfers | null | undefined
}
export type TrackedTokenTransfer = z.infer<typeof trackedTokenTransferSchema>
export type TrackedTransferLine = z.infer<typeof trackedTransferLineSchema>
export type TrackedReceiptTransfers = z.infer<typeof trackedReceiptTransfersSchema>

const storedSchema = object({ version: literal(1), records: array(unknown()) })

/** Reads stored text: malformed text or records are skipped, never thrown (storage is outside our control). */
export function readStoredRecords(text: string | null): TrackedTransaction[] {
  if (text === null) return []
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return []
  }
  const parsed = safeParse(storedSchema, json)
  if (!parsed.success) return []
  const out: TrackedTransaction[] = []
  for (const r of parsed.data.records) {
    // Stored before receipts were kept: read as "no receipt lines" rather than dropped.
    const one = safeParse(trackedTransactionSchema, r !== null && typeof r === 'object' && !('receiptTransfers' in r) ? { ...r, receiptTransfers: null } : r)
    if (one.success) out.push(one.data)
  }
  return out
}

export function writeStoredRecords(records: readonly TrackedTransaction[]): string {
  return JSON.stringify({ version: 1, records })
}
