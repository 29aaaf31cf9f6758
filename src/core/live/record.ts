// Stored records are checked by the plain type guards below rather than a schema library: a record
// is only ever kept or skipped, so no check needs its own message, and zod cost the lazily loaded
// Pending group ~5.5 kB gzip for this one shape. Each type is written once; its guard is built from
// a `Shape` of it (a field added to the type without a guard, or with a guard of another type, does
// not compile). The checks are the ones the zod schema made, rule for rule (test/core/live/record.test.ts).

/** Every status a tracked transaction can have (see {@link TrackedStatus}): for a filter menu or an exhaustive switch. */
export const trackedStatuses = ['pending', 'confirmed', 'failed', 'replaced', 'dropped'] as const
/**
 * Where a tracked transaction stands: `pending` (not mined yet), `confirmed` (mined and succeeded),
 * `failed` (mined and reverted), `replaced` (another transaction used its nonce) or `dropped` (the
 * node no longer knows it and its nonce is unused).
 */
export type TrackedStatus = (typeof trackedStatuses)[number]

const transferKinds = ['erc20', 'erc721', 'erc1155'] as const

/** An ERC-20 `transfer`/`transferFrom` decoded from the calldata: what "Sending 25 USDC to 0x…" is drawn from. */
export type TrackedTokenTransfer = {
  /** The token contract (the transaction's `to`). */
  token: string
  /** Whose tokens move. */
  from: string
  /** Who receives them. */
  to: string
  /** Raw amount in the token's smallest unit, as decimal text. */
  amount: string
}

/** One token transfer from the receipt's logs (ERC-20, ERC-721, or one id of an ERC-1155 single or batch transfer). */
export type TrackedTransferLine = {
  /** The token standard of the event. */
  kind: (typeof transferKinds)[number]
  /** The contract that emitted the event. */
  token: string
  /** Whose tokens moved. */
  from: string
  /** Who received them. */
  to: string
  /** ERC-20 raw amount, ERC-1155 count, '1' for ERC-721. */
  amount: string
  /** ERC-721 / ERC-1155 token id; null for ERC-20. */
  tokenId: string | null
  /** The log's position in its block; null when the node did not say. */
  logIndex: number | null
}

/** The receipt's transfers: the first lines (bounded, as a record is stored) and how many there were in all. */
export type TrackedReceiptTransfers = {
  /** The first transfers (at most 20). */
  lines: TrackedTransferLine[]
  /** How many transfers the receipt holds in all. */
  total: number
}

/** One tracked transaction as it is stored (JSON-safe): every field present, `receiptTransfers` too. */
export type StoredTrackedTransaction = {
  /** The transaction hash, lowercase. */
  hash: string
  /** The chain as it was tracked (spec name or hex id). */
  chain: string
  /** The sender; null until known (tracked by hash alone, before the node answers). */
  from: string | null
  /** The sender's nonce; null until known. */
  nonce: number | null
  /** Null for a contract creation or while unknown. */
  to: string | null
  /** Native value in wei as decimal text; null while unknown. */
  value: string | null
  /** An ERC-20 transfer read from the calldata; null for anything else. */
  tokenTransfer: TrackedTokenTransfer | null
  /**
   * What the receipt's logs moved, once mined (null before): these lines replace the calldata
   * guess, which misses what a router moves.
   */
  receiptTransfers: TrackedReceiptTransfers | null
  /** Where it stands: pending, confirmed, failed, replaced or dropped. */
  status: TrackedStatus
  /** The block it was mined in; null until mined. */
  blockNumber: number | null
  /** Blocks on top of the receipt's, counting its own, up to `confirmationsTarget`. */
  confirmations: number
  /** The confirmations after which it is final (the tracker's `confirmations` for its chain). */
  confirmationsTarget: number
  /** True once nothing will change any more (the target is reached, or failed, replaced, dropped). */
  final: boolean
  /** The hash of the transaction that took its nonce, once `replaced` (when known). */
  replacedBy: string | null
  /** Why it failed or was dropped, in words; null otherwise. */
  error: string | null
  /** The signed transaction, when known: kept so a dropped one can be sent again. */
  raw: string | null
  /** When it was first tracked, in milliseconds since the epoch. */
  trackedAt: number
  /** When the record last changed, in milliseconds since the epoch. */
  updatedAt: number
}

/**
 * One tracked transaction as `get`, `list` and listeners see it: its status, confirmations and what
 * it sends. Records are frozen; every change is a new object.
 *
 * Its fields: `hash` (lowercase) and `chain`; `from`, `nonce`, `to` and `value` (wei, decimal text),
 * null until known; `tokenTransfer` (an ERC-20 transfer read from the calldata) and `receiptTransfers`
 * (the receipt's transfers once mined); `status`, `blockNumber`, `confirmations` out of
 * `confirmationsTarget`, `final`; `replacedBy` and `error` (why it failed or was dropped, in words);
 * `raw` (the signed transaction, to send again); `trackedAt` and `updatedAt` (ms since the epoch).
 *
 * `receiptTransfers` may be left out
 * when a record is made by hand (a story, a test): it reads as null.
 */
export type TrackedTransaction = Omit<StoredTrackedTransaction, 'receiptTransfers'> & {
  receiptTransfers?: TrackedReceiptTransfers | null | undefined
}

type Guard<T> = (v: unknown) => v is T
/** A guard per field of `T`, every field required: the shape a guard of `T` is built from. */
type Shape<T> = { readonly [K in keyof T]-?: Guard<T[K]> }

/** The keys of a shape, in the order written (the order a kept record's fields are copied in). */
const keysOf = <T>(shape: Shape<T>) => Object.keys(shape) as (keyof T)[]

// An object, as JSON can make one: arrays are objects too, but never a record.
const isObject = (v: unknown): v is Record<PropertyKey, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A guard of `T` from its shape: an object whose every field passes its own guard (extra fields are allowed, see `pick`). */
const objectOf =
  <T>(shape: Shape<T>): Guard<T> =>
  (v): v is T =>
    isObject(v) && keysOf(shape).every((k) => shape[k](v[k]))

/** A copy holding only the shape's fields: extra stored fields (a `__proto__` key among them) are dropped, not kept. */
function pick<T>(shape: Shape<T>, v: T): T {
  const out: Partial<T> = {}
  for (const k of keysOf(shape)) out[k] = v[k]
  return out as T
}

const nullable =
  <T>(guard: Guard<T>): Guard<T | null> =>
  (v): v is T | null =>
    v === null || guard(v)

const oneOf =
  <T extends string>(values: readonly T[]): Guard<T> =>
  (v): v is T =>
    values.some((x) => x === v)

const text =
  (pattern: RegExp): Guard<string> =>
  (v): v is string =>
    typeof v === 'string' && pattern.test(v)

const isString = (v: unknown): v is string => typeof v === 'string'
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean'

const hash32 = text(/^0x[0-9a-fA-F]{64}$/)
const address = text(/^0x[0-9a-fA-F]{40}$/)
/** The signed transaction: whole bytes, as it is sent again. */
const hexData = text(/^0x(?:[0-9a-fA-F]{2})*$/)
/** Amounts as BigInt reads them: digits only (no sign, fraction or exponent). */
const decimal = text(/^\d+$/)
/** A uint256 in decimal is at most 78 digits. */
const uint256 = text(/^\d{1,78}$/)

/**
 * Stored numbers are whole and not negative: a nonce of 1.5 made BigInt throw at every block,
 * stalling the chain's other records.
 */
const whole =
  (max: number): Guard<number> =>
  (v): v is number =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max
const count = whole(Number.MAX_SAFE_INTEGER)
/** Milliseconds a `Date` can hold: beyond them `toISOString` throws while the row is drawn. */
const time = whole(8.64e15)

/** Lines a stored record may hold (see `MAX_RECEIPT_TRANSFER_LINES` in receipt.ts, which keeps 20). */
const MAX_STORED_LINES = 20

const tokenTransferShape: Shape<TrackedTokenTransfer> = { token: address, from: address, to: address, amount: decimal }

const transferLineShape: Shape<TrackedTransferLine> = {
  kind: oneOf(transferKinds),
  token: address,
  from: address,
  to: address,
  amount: uint256,
  tokenId: nullable(uint256),
  logIndex: nullable(count),
}
const isTransferLine = objectOf(transferLineShape)

/** At most `MAX_STORED_LINES` lines, each one whole (the lines are kept as stored, not copied). */
const isLines = (v: unknown): v is TrackedTransferLine[] => Array.isArray(v) && v.length <= MAX_STORED_LINES && v.every(isTransferLine)

const receiptTransfersShape: Shape<TrackedReceiptTransfers> = { lines: isLines, total: count }

const storedShape: Shape<StoredTrackedTransaction> = {
  hash: hash32,
  chain: isString,
  from: nullable(address),
  nonce: nullable(count),
  to: nullable(address),
  value: nullable(decimal),
  tokenTransfer: nullable(objectOf(tokenTransferShape)),
  receiptTransfers: nullable(objectOf(receiptTransfersShape)),
  status: oneOf(trackedStatuses),
  blockNumber: nullable(count),
  confirmations: count,
  confirmationsTarget: count,
  final: isBoolean,
  replacedBy: nullable(hash32),
  error: nullable(isString),
  raw: nullable(hexData),
  trackedAt: time,
  updatedAt: time,
}
/** A stored record whose every field is right (what `trackedTransactionSchema` accepts); extra fields allowed. */
export const isStoredTrackedTransaction = objectOf(storedShape)

/** The record as the tracker keeps it: its own fields only, its token transfer and receipt transfers copied too. */
export function copyStoredTrackedTransaction(r: StoredTrackedTransaction): StoredTrackedTransaction {
  const { tokenTransfer, receiptTransfers } = r
  return {
    ...pick(storedShape, r),
    tokenTransfer: tokenTransfer && pick(tokenTransferShape, tokenTransfer),
    receiptTransfers: receiptTransfers && pick(receiptTransfersShape, receiptTransfers),
  }
}

/** One stored record, or undefined when any field is wrong (never thrown). */
function readStoredRecord(v: unknown): TrackedTransaction | undefined {
  // Stored before receipts were kept: read as "no receipt lines" rather than dropped.
  const r = isObject(v) && !('receiptTransfers' in v) ? { ...v, receiptTransfers: null } : v
  return isStoredTrackedTransaction(r) ? copyStoredTrackedTransaction(r) : undefined
}

/** Reads stored text: malformed text or records are skipped, never thrown (storage is outside our control). */
export function readStoredRecords(text: string | null): TrackedTransaction[] {
  if (text === null) return []
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return []
  }
  // Only this layout (version 1) is known; anything else is another program's or a later version's.
  if (!isObject(json) || json.version !== 1 || !Array.isArray(json.records)) return []
  const out: TrackedTransaction[] = []
  for (const r of json.records) {
    const one = readStoredRecord(r)
    if (one) out.push(one)
  }
  return out
}

export function writeStoredRecords(records: readonly TrackedTransaction[]): string {
  return JSON.stringify({ version: 1, records })
}
