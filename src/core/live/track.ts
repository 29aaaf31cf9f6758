import { getAddress, keccak256, type Hex } from 'viem'
import { checkChain, type ChainInput } from '../chains.js'
import type { BlockfeedClient } from '../clientTypes.js'
import { InvalidParameterError } from '../errors.js'
import type { NodeReads } from './nodeReads.js'
import type { TrackedTransaction } from './record.js'
import { updated, withNodeTransaction } from './recordUpdates.js'
import { decodeSignedTransaction, decodeTokenTransfer, describeValue, isHexBytes, type SignedTransactionFields } from './signedTransaction.js'
import { recordKey, type TrackerStore } from './trackerStore.js'

/** What to pass to `tracker.track`: the transaction's hash, and what the app already knows of it. */
export interface TrackParameters {
  /** The transaction hash (0x + 64 hex digits). */
  hash: string
  /** The chain it was sent on (spec name or hex id). @defaultValue the client's `chain` */
  chain?: ChainInput | undefined
  /** The signed transaction, when known: decoded at once (no request) and kept so a dropped one can be sent again. */
  raw?: string | undefined
  /** The sender when the app knows it (e.g. the connected account), so the record lists under it before the node answers. */
  from?: string | undefined
  /**
   * The recipient or contract the app asked to send to, when it knows (wagmi's variables). With
   * `value` and `data`, the record says what it does ("Sending 25 USDC to 0x…") at once, with no
   * request; the node's answer replaces it. Ignored when `raw` is given (it says it all).
   */
  to?: string | undefined
  /** The value sent, in wei (decimal text or bigint). @defaultValue `0` when `to` or `data` is given */
  value?: string | bigint | undefined
  /** The calldata sent (0x-prefixed hex): an ERC-20 `transfer` is shown as a token send. */
  data?: string | undefined
}

export interface TrackContext {
  client: BlockfeedClient
  store: TrackerStore
  reads: NodeReads
  confirmationsTarget(chain: string): number
  /** Saves, follows and announces changed records. */
  commit(changed: TrackedTransaction[]): void
  isStopped(): boolean
}

/** The parameters of `track`, checked: the hash (from `raw` when left out) in lower case, and the chain resolved. */
function readTrackParameters(client: BlockfeedClient, parameters: TrackParameters) {
  if (parameters === null || typeof parameters !== 'object') throw new InvalidParameterError('parameters', 'expected { hash, chain, raw? }')
  const { raw } = parameters
  let hash = parameters.hash
  if (hash === undefined && typeof raw === 'string' && isHexBytes(raw)) hash = keccak256(raw as Hex)
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new InvalidParameterError('hash', `expected a 32-byte transaction hash (0x + 64 hex digits), got ${describeValue(hash)}`)
  }
  const chain = resolveChain(client, parameters.chain)
  const sender = parameters.from
  if (sender !== undefined && (typeof sender !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(sender))) {
    throw new InvalidParameterError('from', `expected an address (0x + 40 hex digits), got ${describeValue(sender)}`)
  }
  return { hash: hash.toLowerCase(), chain, raw, sender }
}

/** `to`, `value` and `data` as the app gave them, checked (a typed error names a wrong one); an ERC-20 transfer decoded. */
function readSentRequest(parameters: TrackParameters, from: string | null): Partial<SignedTransactionFields> {
  const { to, value, data } = parameters
  if (to === undefined && value === undefined && data === undefined) return {}
  if (to !== undefined && (typeof to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(to))) {
    throw new InvalidParameterError('to', `expected an address (0x + 40 hex digits), got ${describeValue(to)}`)
  }
  const wei = typeof value === 'bigint' ? value : typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : value === undefined ? 0n : -1n
  if (wei < 0n) throw new InvalidParameterError('value', `expected a whole number of wei, got ${describeValue(value)}`)
  if (data !== undefined && (typeof data !== 'string' || (data !== '0x' && !isHexBytes(data)))) {
    throw new InvalidParameterError('data', `expected calldata as 0x-prefixed hex, got ${describeValue(data)}`)
  }
  const recipient = to === undefined ? null : getAddress(to)
  return {
    to: recipient,
    value: wei.toString(),
    tokenTransfer: from ? decodeTokenTransfer(getAddress(from), recipient, data as Hex | undefined) : null,
  }
}

function resolveChain(client: BlockfeedClient, chain: unknown, parameter = 'chain'): string {
  const chosen = chain ?? client.chain
  if (chosen === undefined) throw new InvalidParameterError(parameter, 'expected a chain: pass `chain`, or set one on the client')
  return checkChain(chosen, client.extraChains, parameter)
}

/** Starts following a transaction; resolves with its record (already listed and announced). */
export async function trackTransaction(context: TrackContext, parameters: TrackParameters): Promise<TrackedTransaction> {
  const { hash, chain, raw, sender } = readTrackParameters(context.client, parameters)
  let decoded: SignedTransactionFields = {
    from: sender ? getAddress(sender) : null, nonce: null, to: null, value: null, tokenTransfer: null, raw: null,
  }
  if (raw !== undefined) decoded = await decodeSignedTransaction(raw, hash, chain)
  else decoded = { ...decoded, ...readSentRequest(parameters, decoded.from) }

  const key = recordKey(chain, hash)
  const existing = context.store.get(key)
  if (existing) return trackAgain(context, key, existing, decoded)
  const now = Date.now()
  const record: TrackedTransaction = {
    hash, chain, ...decoded, receiptTransfers: null,
    status: 'pending', blockNumber: null, confirmations: 0, confirmationsTarget: context.confirmationsTarget(chain), final: false,
    replacedBy: null, error: null, trackedAt: now, updatedAt: now,
  }
  context.commit([record])
  if (record.from === null || record.nonce === null) void lookUpSender(context, record)
  return record
}

function trackAgain(context: TrackContext, key: string, existing: TrackedTransaction, decoded: SignedTransactionFields): TrackedTransaction {
  // Tracked again after it was dropped: it was sent again ("Send again"), so it is followed anew.
  if (existing.status === 'dropped') {
    const now = Date.now()
    context.store.resetSightings(key)
    const revived: TrackedTransaction = { ...existing, raw: existing.raw ?? decoded.raw, status: 'pending', final: false, error: null, trackedAt: now, updatedAt: now }
    context.commit([revived])
    return revived
  }
  if (existing.raw === null && decoded.raw !== null) {
    const merged = updated(existing, { ...decoded, from: existing.from ?? decoded.from, nonce: existing.nonce ?? decoded.nonce })
    context.commit([merged])
    return merged
  }
  return existing
}

/** Tracked by hash alone: the node is asked at once for the sender and nonce, so the record lists under its wallet. */
async function lookUpSender(context: TrackContext, r: TrackedTransaction) {
  const answer = await context.reads.transaction(r.chain, r.hash)
  const key = recordKey(r.chain, r.hash)
  const current = context.store.get(key)
  const sightings = context.store.sightingsOf(key)
  if (!answer.ok || !answer.value || !current || !sightings || context.isStopped()) return
  sightings.lastSeenAt = Date.now()
  const next = withNodeTransaction(current, answer.value)
  if (next !== current) context.commit([next])
}
