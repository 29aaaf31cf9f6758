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

export interface TransactionTracker {
  /** Starts following a transaction; resolves with its record (already listed and announced to subscribers). */
  track(parameters: TrackParameters): Promise<TrackedTransaction>
  get(hash: string, chain?: ChainInput): TrackedTransaction | undefined
  /** Records of one wallet and/or chain, newest first. The same array is returned until something changes. */
  list(filter?: TrackedTransactionFilter): readonly TrackedTransaction[]
  /** Called with the records that changed (a removed one with its last state). */
  subscribe(listener: (changed: readonly TrackedTransaction[]) => void): () => void
  remove(hash: string, chain?: ChainInput): void
  /** Stops polling and notifying; records stay in storage for the next tracker. */
  stop(): void
}

/**
 * Follows the user's own transactions from pending to final, framework-free. Every tracked
 * transaction of a chain is driven by that chain's one shared head poller (`watchHead`).
 * At each new block one tick sends each sender's nonce (read at that block) and the receipts,
 * lowest nonces first, up to `maxCallsPerBlock` calls, which the client's viem transport sends
 * as one batch; a receipt left out is asked for only when the nonce shows it may be mined.
 * Nothing polls while no record of a chain is still changing (pending, or confirmed below its
 * confirmations target), nor while the tab is hidden. Every node answer is checked against what
 * was asked (`./nodeAnswers.ts`): a wrong one (another transaction's receipt, a status or number
 * no chain has) moves no record, and is asked again at the next block.
 *
 * Pruning: a final record is removed once it is older than `keepFinalMs` (7 days), and only
 * the newest 50 final records of each (chain, sender) are kept; unfinished ones never are.
 *
 * @example
 * const tracker = createTransactionTracker({ client })
 * const hash = await sendTransaction(wagmiConfig, { to, value }) // sent by other means
 * await tracker.track({ hash, chain: 'eth', from: account.address })
 * const stop = tracker.subscribe(() => render(tracker.list({ address: account.address, chain: 'eth' })))
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

