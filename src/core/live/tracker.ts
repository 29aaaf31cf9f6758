import type { ChainInput } from '../chains.js'
import { InvalidParameterError } from '../errors.js'
import { checkBlock } from './blockCheck.js'
import { createChainFollowing } from './chainFollowing.js'
import { createNodeReads } from './nodeReads.js'
import type { TrackedTransaction } from './record.js'
import { trackTransaction, type TrackParameters } from './track.js'
import { confirmationsTarget, readTrackerOptions, type TransactionTrackerOptions } from './trackerOptions.js'
import { createTrackerPersistence } from './trackerPersistence.js'
import { chainKey, createTrackerStore, recordKey, type TrackedTransactionFilter } from './trackerStore.js'

export { decodeTokenTransfer } from './signedTransaction.js'
export { defaultConfirmations, type TransactionTrackerOptions } from './trackerOptions.js'
export type { TrackParameters } from './track.js'
export type { TrackedTransactionFilter } from './trackerStore.js'

/** The tracker made by {@link createTransactionTracker}: start following transactions, read their records, hear of changes. */
export interface TransactionTracker {
  /**
   * Starts following a transaction; resolves with its record (already listed and announced to subscribers).
   * Tracking a hash again returns its record (a dropped one is followed anew, as after "Send again").
   * @throws {@link InvalidParameterError} When the hash, chain, `from`, `to`, `value`, `data` or `raw` is malformed, or `raw` is not the transaction of `hash`.
   */
  track(parameters: TrackParameters): Promise<TrackedTransaction>
  /** The record of one transaction, or `undefined` when it is not tracked; without `chain`, the first record with that hash. */
  get(hash: string, chain?: ChainInput): TrackedTransaction | undefined
  /** Records of one wallet and/or chain, newest first. The same array is returned until something changes. */
  list(filter?: TrackedTransactionFilter): readonly TrackedTransaction[]
  /**
   * Calls `listener` with the records that changed (a removed one with its last state); returns the function that unsubscribes.
   * @throws {@link InvalidParameterError} When `listener` is not a function.
   */
  subscribe(listener: (changed: readonly TrackedTransaction[]) => void): () => void
  /** Stops following a transaction and forgets its record (on every chain, without `chain`). */
  remove(hash: string, chain?: ChainInput): void
  /** Stops polling and notifying; records stay in storage for the next tracker. */
  stop(): void
}

/**
 * Follows your user's own transactions from sent to final (pending, confirmed, failed, replaced or
 * dropped), so your UI can show them before the history service indexes them. Works without React.
 *
 * Records survive a reload in `storage` and are shared with other tabs. Pruning: a final record is
 * removed once it is older than `keepFinalMs` (7 days), and only the newest 50 final records of each
 * (chain, sender) are kept; unfinished ones never are.
 *
 * @param options - The client, and optionally storage, confirmations and timings.
 * @returns A {@link TransactionTracker}; call `stop()` when you no longer need it.
 * @throws {@link InvalidParameterError} When `client` is not a client from `createClient`, or an option is not a valid number; nothing is sent.
 * @remarks Every tracked transaction of a chain is driven by that chain's one shared head poller
 * (`watchHead`: `eth_blockNumber`, or the proxy's head stream). At each new block one tick sends each
 * sender's nonce (`eth_getTransactionCount` at that block) and the receipts
 * (`eth_getTransactionReceipt`), lowest nonces first, up to `maxCallsPerBlock` calls, which the
 * client's JSON-RPC batching sends as one HTTP request; a receipt left out is asked for only when the
 * nonce shows it may be mined. A transaction the node does not know (`eth_getTransactionByHash`) while
 * its nonce stays unused for `dropAfterMs` is dropped; one whose nonce was used by another is replaced
 * (found with `eth_getBlockByNumber`). Nothing polls while no record of a chain is still changing, nor while
 * the tab is hidden. A node answer that does not match what was asked moves no record and is asked
 * again at the next block. Errors of the node's reads are not thrown: a failed or dropped record says
 * why in its `error` field.
 * @example
 * ```ts
 * import { createClient, createTransactionTracker } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const tracker = createTransactionTracker({ client })
 * const unsubscribe = tracker.subscribe((changed) => {
 *   for (const record of changed) console.log(record.hash, record.status, record.confirmations)
 * })
 * await tracker.track({
 *   hash: '0x2a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809',
 *   from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 * })
 * console.log(tracker.list({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }))
 * unsubscribe()
 * tracker.stop()
 * ```
 */
export function createTransactionTracker(options: TransactionTrackerOptions): TransactionTracker {
  const settings = readTrackerOptions(options)
  const { client } = settings
  const store = createTrackerStore()
  const persistence = createTrackerPersistence(settings, store)
  const reads = createNodeReads(client)
  const listeners = new Set<(changed: readonly TrackedTransaction[]) => void>()
  let stopped = false
  const isStopped = () => stopped
  const blockCheckContext = { client, reads, store, dropAfterMs: settings.dropAfterMs, maxCallsPerBlock: settings.maxCallsPerBlock }
  const following = createChainFollowing({
    client,
    intervalMs: settings.intervalMs,
    hasUnfinished: (key) => store.records().some((r) => !r.final && chainKey(r.chain) === key),
    checkHead: async (chain, head) => {
      const changed = await checkBlock(blockCheckContext, chain, head)
      if (!stopped) commit(changed)
    },
    isStopped,
  })

  /** Records changed (or, with `gone`, removed): saved, followed or let go, and announced with those adopted from storage. */
  function commit(changed: TrackedTransaction[], gone?: boolean) {
    if (changed.length + persistence.adoptedCount === 0) return
    for (const r of changed) {
      if (gone) store.remove(recordKey(r.chain, r.hash))
      else store.put(r)
    }
    persistence.save()
    const all = [...changed, ...persistence.drainAdopted()]
    for (const chain of new Set(all.map((r) => r.chain))) following.sync(chain)
    if (stopped) return
    for (const listener of [...listeners]) listener(all)
  }

  // Another tab wrote: what it tracked or learnt shows here at once, not at this tab's next change.
  const onStorage = (e: StorageEvent) => void (e.key === settings.storageKey && (persistence.adoptStored(), commit([])))
  globalThis.addEventListener?.('storage', onStorage)

  // Records loaded from storage that are still changing are followed again (a reload).
  for (const chain of new Set(store.records().filter((r) => !r.final).map((r) => r.chain))) following.sync(chain)

  const trackContext = { client, store, reads, commit, isStopped, confirmationsTarget: (chain: string) => confirmationsTarget(settings.confirmations, chain) }
  return {
    track: (parameters) => trackTransaction(trackContext, parameters),
    get(hash, chain) {
      if (typeof hash !== 'string') return undefined
      if (chain !== undefined) return store.get(recordKey(chain, hash))
      const wanted = hash.toLowerCase()
      return store.records().find((r) => r.hash === wanted)
    },
    list: (filter = {}) => store.list(filter),
    subscribe(listener) {
      if (typeof listener !== 'function') throw new InvalidParameterError('listener', 'expected a function')
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    remove(hash, chain) {
      const wanted = String(hash).toLowerCase()
      commit(store.records().filter((r) => r.hash === wanted && (chain === undefined || chainKey(r.chain) === chainKey(chain))), true)
    },
    stop() {
      stopped = true
      globalThis.removeEventListener?.('storage', onStorage)
      following.releaseAll()
      listeners.clear()
    },
  }
}

