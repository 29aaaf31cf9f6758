import { array, boolean, literal, nullable, number, object, string, unknown, enum as zEnum, regex, safeParse } from 'zod/mini'
import type { z } from 'zod/mini'

export const trackedStatuses = ['pending', 'confirmed', 'failed', 'replaced', 'dropped'] as const
export type TrackedStatus = (typeof trackedStatuses)[number]

const hash32 = string().check(regex(/^0x[0-9a-fA-F]{64}$/))
const address = string().check(regex(/^0x[0-9a-fA-F]{40}$/))
const hexData = string().check(regex(/^0x(?:[0-9a-fA-F]{2})*$/))
const decimal = string().check(regex(/^\d+$/))

/** An ERC-20 `transfer`/`transferFrom` decoded from the calldata: what "Sending 25 USDC to 0x…" is drawn from. */
export const trackedTokenTransferSchema = object({
  /** The token contract (the transaction's `to`). */
  token: address,
  from: address,
  to: address,
  /** Raw amount in the token's smallest unit, as decimal text. */
  amount: decimal,
})

/** One tracked transaction as `get`, `list` and listeners see it, and as it is stored (JSON-safe). */
export const trackedTransactionSchema = object({
  hash: hash32,
  chain: string(),
  /** The sender; null until known (tracked by hash alone, before the node answers). */
  from: nullable(address),
  nonce: nullable(number()),
  /** Null for a contract creation or while unknown. */
  to: nullable(address),
  /** Native value in wei as decimal text; null while unknown. */
  value: nullable(decimal),
  tokenTransfer: nullable(trackedTokenTransferSchema),
  status: zEnum(trackedStatuses),
  blockNumber: nullable(number()),
  /** Blocks on top of the receipt's, counting its own, up to `confirmationsTarget`. */
  confirmations: number(),
  confirmationsTarget: number(),
  /** True once nothing will change any more (the target is reached, or failed, replaced, dropped). */
  final: boolean(),
  replacedBy: nullable(hash32),
  /** Why it failed or was dropped, in words; null otherwise. */
  error: nullable(string()),
  /** The signed transaction, when known: kept so a dropped one can be sent again. */
  raw: nullable(hexData),
  /** Milliseconds since the epoch. */
  trackedAt: number(),
  updatedAt: number(),
})

export type TrackedTransaction = z.infer<typeof trackedTransactionSchema>
export type TrackedTokenTransfer = z.infer<typeof trackedTokenTransferSchema>

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
    const one = safeParse(trackedTransactionSchema, r)
    if (one.success) out.push(one.data)
  }
  return out
}

export function writeStoredRecords(records: readonly TrackedTransaction[]): string {
  return JSON.stringify({ version: 1, records })
}
