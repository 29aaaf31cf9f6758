import { getChainInfo, type ChainName } from '../chains.js'
import type { BlockfeedClient } from '../clientTypes.js'
import { InvalidParameterError } from '../errors.js'
import { checkCount, checkMs } from '../options.js'
import { DEFAULT_POLLING_INTERVAL_MS } from './pollingInterval.js'
import { defaultTrackerStorage, type TrackerStorage } from './storage.js'

/** The options of {@link createTransactionTracker}. */
export interface TransactionTrackerOptions {
  /** The client from `createClient`: its JSON-RPC URLs are where the tracker reads receipts and nonces. */
  client: BlockfeedClient
  /** Where records survive a reload. @defaultValue `localStorage` in browsers, memory elsewhere ({@link defaultTrackerStorage}) */
  storage?: TrackerStorage | undefined
  /** The storage key the records are kept under. @defaultValue `'blockfeed:tracked-transactions:v1'` */
  storageKey?: string | undefined
  /** Confirmations after which a record is final: one number, or per chain (name or hex id as tracked). @defaultValue {@link defaultConfirmations} per chain, 1 for other chains */
  confirmations?: number | Readonly<Record<string, number>> | undefined
  /** How often the shared head poller reads `eth_blockNumber`, in ms. @defaultValue `4000` */
  pollingIntervalMs?: number | undefined
  /** How long the node may not know a transaction (while its nonce is unused) before it counts as dropped, in ms. @defaultValue `120000` */
  dropAfterMs?: number | undefined
  /** Calls the tracker puts in one block's batch (match the client's `batch.size`). @defaultValue `20` (the client's default batch size) */
  maxCallsPerBlock?: number | undefined
  /** Final records older than this are pruned, in ms. @defaultValue 7 days (`604800000`) */
  keepFinalMs?: number | undefined
}

/**
 * The confirmations after which the tracker counts a transaction as final, for each of the spec's
 * chains: about the depth past which reorgs are not seen in practice (L2s and single-slot-final chains: 1).
 *
 * @example
 * ```ts
 * import { createClient, createTransactionTracker, defaultConfirmations } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * // Wait for twice the usual depth on Ethereum.
 * const tracker = createTransactionTracker({ client, confirmations: { ...defaultConfirmations, eth: 2 * defaultConfirmations.eth } })
 * ```
 */
export const defaultConfirmations: Readonly<Record<ChainName, number>> = Object.freeze({
  eth: 12, polygon: 32, bsc: 15, avalanche: 1, fantom: 1, palm: 1, cronos: 1,
  arbitrum: 1, gnosis: 12, chiliz: 1, base: 1, optimism: 1, linea: 1,
})

/** The options with their defaults filled in, each checked. */
export interface TrackerSettings {
  client: BlockfeedClient
  storage: TrackerStorage
  storageKey: string
  intervalMs: number
  dropAfterMs: number
  maxCallsPerBlock: number
  keepFinalMs: number
  confirmations: TransactionTrackerOptions['confirmations']
}

/** Throws an `InvalidParameterError` naming the first option that is wrong. */
export function readTrackerOptions(options: TransactionTrackerOptions): TrackerSettings {
  const { client } = options
  if (!client || typeof client.rpc !== 'function') throw new InvalidParameterError('client', 'expected a client from createClient')
  const storage = options.storage ?? defaultTrackerStorage()
  const storageKey = options.storageKey ?? 'blockfeed:tracked-transactions:v1'
  // The client's option checks: a timer's delay is a whole number of ms up to 2^31 − 1; counts are whole.
  const intervalMs = checkMs(options.pollingIntervalMs, 'pollingIntervalMs') ?? DEFAULT_POLLING_INTERVAL_MS
  const dropAfterMs = checkCount(options.dropAfterMs, 'dropAfterMs') ?? 120_000
  const maxCallsPerBlock = checkCount(options.maxCallsPerBlock, 'maxCallsPerBlock', 1) ?? 20
  const keepFinalMs = checkCount(options.keepFinalMs, 'keepFinalMs') ?? 7 * 24 * 3600_000
  const confirmations = options.confirmations
  if (confirmations !== undefined && typeof confirmations !== 'number' && (confirmations === null || typeof confirmations !== 'object')) {
    throw new InvalidParameterError('confirmations', 'expected a number or an object of numbers per chain')
  }
  if (typeof confirmations === 'number') checkCount(confirmations, 'confirmations', 1)
  else if (confirmations) for (const [chain, n] of Object.entries(confirmations)) checkCount(n, `confirmations.${chain}`, 1)
  return { client, storage, storageKey, intervalMs, dropAfterMs, maxCallsPerBlock, keepFinalMs, confirmations }
}

/** The confirmations a record of `chain` waits for: the option, else the chain's default, else 1. */
export function confirmationsTarget(confirmations: TrackerSettings['confirmations'], chain: string): number {
  if (typeof confirmations === 'number') return confirmations
  if (confirmations && Object.hasOwn(confirmations, chain)) return confirmations[chain]!
  const name = getChainInfo(chain)?.name
  return name && Object.hasOwn(defaultConfirmations, name) ? defaultConfirmations[name] : 1
}
