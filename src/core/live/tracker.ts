import {
  decodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  numberToHex,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
  type Hex,
  type TransactionSerialized,
} from 'viem'
import { chainIdentity, checkChain, getChainInfo, type ChainInput, type ChainName } from '../chains.js'
import type { BlockfeedClient } from '../clientTypes.js'
import type { WalletHistoryPage } from '../history/schema.js'
import { InvalidParameterError } from '../errors.js'
import { checkCount, checkMs } from '../options.js'
import { clip } from '../text.js'
import { watchHead } from './headPoller.js'
import {
  checkedBlockTransactions,
  checkedReceipt,
  checkedTransaction,
  checkedTransactionCount,
  type NodeReceipt,
  type NodeTransaction,
} from './nodeAnswers.js'
import { DEFAULT_POLLING_INTERVAL_MS } from './pollingInterval.js'
import { receiptTransfers } from './receipt.js'
import { readStoredRecords, writeStoredRecords, type TrackedTokenTransfer, type TrackedTransaction } from './record.js'
import { defaultTrackerStorage, type TrackerStorage } from './storage.js'

export interface TransactionTrackerOptions {
  client: BlockfeedClient
  /** Where records survive a reload. Default: `localStorage` in browsers, memory elsewhere. */
  storage?: TrackerStorage | undefined
  /** The storage key. Default `blockfeed:tracked-transactions:v1`. */
  storageKey?: string | undefined
  /** Confirmations after which a record is final: one number, or per chain (name or hex id as tracked). Default per chain: {@link defaultConfirmations}. */
  confirmations?: number | Readonly<Record<string, number>> | undefined
  /** How often the shared head poller reads `eth_blockNumber`. Default 4 000 ms. */
  pollingIntervalMs?: number | undefined
  /** How long the node may not know a transaction (while its nonce is unused) before it counts as dropped. Default 120 000 ms. */
  dropAfterMs?: number | undefined
  /** Calls the tracker puts in one block's batch (match the client's `batch.size`). Default 20, the client's default. */
  maxCallsPerBlock?: number | undefined
  /** Final records older than this are pruned. Default 7 days. */
  keepFinalMs?: number | undefined
}

export interface TrackParameters {
  hash: string
  /** Default: the client's chain. */
  chain?: ChainInput | undefined
  /** The signed transaction, when known: decoded at once (no request) and kept so a dropped one can be sent again. */
  raw?: string | undefined
  /** The sender when the app knows it (e.g. the connected account), so the record lists under it before the node answers. */
  from?: string | undefined
}

export interface TrackedTransactionFilter {
  address?: string | undefined
  chain?: ChainInput | undefined
}

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
 * Confirmations after which a transaction counts as final, per spec chain: about the depth
 * past which reorgs are not seen in practice (L2s and single-slot-final chains: 1).
 */
export const defaultConfirmations: Readonly<Record<ChainName, number>> = Object.freeze({
  eth: 12, polygon: 32, bsc: 15, avalanche: 1, fantom: 1, palm: 1, cronos: 1,
  arbitrum: 1, gnosis: 12, chiliz: 1, base: 1, optimism: 1, linea: 1,
})

/** Final records kept per (chain, sender) beyond the age rule. */
const KEEP_FINAL_PER_WALLET = 50
/** How many recent blocks are searched for the transaction that took a nonce. */
const SEARCH_BLOCKS = 10

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }
const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }))

/** A node answer, checked (./nodeAnswers.ts): a wrong one settles as a failed read does, so it moves nothing and is asked again at the next block. */
const checked = <A, T>(answer: Promise<A>, check: (answer: A) => T | undefined): Promise<Settled<T>> =>
  answer.then(
    (a) => {
      const value = check(a)
      return value === undefined ? { ok: false as const, error: 'not an answer to what was asked' } : { ok: true as const, value }
    },
    (error: unknown) => ({ ok: false as const, error }),
  )

interface Private {
  /** When the node last returned the transaction (ms). */
  lastSeenAt?: number
  /** The last head at which the sender's nonce was seen unused. */
  unusedAtHead?: bigint
}

interface ChainState {
  release: (() => void) | undefined
  running: boolean
  queued: bigint | undefined
}

// One chain by its spec name or hex id ('eth' and '0x1'): a record tracked under one is listed under the other.
const chainKey = chainIdentity
const recordKey = (chain: string, hash: string) => `${chainKey(chain)}:${hash.toLowerCase()}`
const sameAddress = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase()

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

  const records = new Map<string, TrackedTransaction>()
  const privates = new Map<string, Private>()
  const chains = new Map<string, ChainState>()
  const listeners = new Set<(changed: readonly TrackedTransaction[]) => void>()
  const lists = new Map<string, readonly TrackedTransaction[]>()
  /** Keys this tracker removed: not taken back from storage when another tracker still has them. */
  const removed = new Set<string>()
  /** Records taken from storage at the last save: announced, and followed if unfinished. */
  const adopted = new Map<string, TrackedTransaction>()
  let stopped = false

  for (const r of prune(readStoredRecords(safeRead()), Date.now())) records.set(recordKey(r.chain, r.hash), Object.freeze(r))
  /** Keys in storage when last read or written: a final record gone from it since was removed (dismissed) in another tab. */
  let stored = new Set(records.keys())

  function safeRead(): string | null {
    try {
      return storage.getItem(storageKey)
    } catch {
      return null
    }
  }

  function targetFor(chain: string): number {
    if (typeof confirmations === 'number') return confirmations
    if (confirmations && Object.hasOwn(confirmations, chain)) return confirmations[chain]!
    const name = getChainInfo(chain)?.name
    return name && Object.hasOwn(defaultConfirmations, name) ? defaultConfirmations[name] : 1
  }

  function prune(all: TrackedTransaction[], now: number): TrackedTransaction[] {
    const fresh = all.filter((r) => !r.final || now - r.updatedAt <= keepFinalMs)
    const finalCount = new Map<string, number>()
    return fresh
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .filter((r) => {
        if (!r.final) return true
        const k = `${chainKey(r.chain)}:${(r.from ?? '').toLowerCase()}`
        const n = (finalCount.get(k) ?? 0) + 1
        finalCount.set(k, n)
        return n <= KEEP_FINAL_PER_WALLET
      })
  }

  /** Takes what another tracker (another tab) wrote since, where newer: kept rather than overwritten, and announced. */
  function take() {
    const text = safeRead()
    const seen = new Set<string>()
    for (const r of readStoredRecords(text)) {
      const k = recordKey(r.chain, r.hash)
      seen.add(k)
      const mine = records.get(k)
      if (removed.has(k) || (mine && mine.updatedAt >= r.updatedAt)) continue
      records.set(k, Object.freeze(r))
      adopted.set(k, r)
    }
    // Let go of here too, and announced with its last state (cleared storage lets go of nothing).
    if (text) for (const [k, r] of records) if (r.final && stored.has(k) && !seen.has(k)) (records.delete(k), adopted.set(k, r))
    stored = seen
  }

  function save() {
    take()
    const kept = prune([...records.values()], Date.now())
    if (kept.length !== records.size) {
      const keep = new Set(kept.map((r) => recordKey(r.chain, r.hash)))
      for (const k of [...records.keys()]) if (!keep.has(k)) (records.delete(k), privates.delete(k))
    }
    try {
      storage.setItem(storageKey, writeStoredRecords(kept))
      stored = new Set(records.keys())
    } catch {
      // A full or refusing store must not stop tracking; the records live on in memory.
    }
  }

  /** Records changed (or, with `gone`, removed): saved, followed or let go, and announced. */
  function commit(changed: TrackedTransaction[], gone?: boolean) {
    if (changed.length + adopted.size === 0) return
    for (const r of changed) {
      const k = recordKey(r.chain, r.hash)
      if (gone) (records.delete(k), privates.delete(k), removed.add(k))
      // Frozen: every change is a new object, so a UI can compare records by identity.
      else (records.set(k, Object.freeze(r)), removed.delete(k))
    }
    lists.clear()
    save()
    const all = [...changed, ...adopted.values()]
    adopted.clear()
    for (const chain of new Set(all.map((r) => r.chain))) syncChain(chain)
    if (stopped) return
    for (const l of [...listeners]) l(all)
  }

  function syncChain(chain: string) {
    const ck = chainKey(chain)
    let state = chains.get(ck)
    const busy = !stopped && [...records.values()].some((r) => !r.final && chainKey(r.chain) === ck)
    if (busy && !state?.release) {
      if (!state) chains.set(ck, (state = { release: undefined, running: false, queued: undefined }))
      const s = state
      s.release = watchHead(client, chain, { intervalMs, onHead: (head) => void run(chain, s, head) })
    } else if (!busy && state?.release) {
      state.release()
      state.release = undefined
    }
  }

  async function run(chain: string, state: ChainState, head: bigint) {
    // One check per chain at a time; a head that arrives meanwhile is checked right after.
    if (state.running) {
      state.queued = head
      return
    }
    state.running = true
    try {
      await check(chain, head)
    } catch {
      // Answers are checked before use (nodeAnswers.ts); should anything still throw, nothing changes and the next block tries again.
    } finally {
      state.running = false
      const next = state.queued
      state.queued = undefined
      if (next !== undefined && !stopped) void run(chain, state, next)
    }
  }

  // The four reads, each answer checked. No AbortSignal: one per call would add a listener per call to one signal; after
  // stop() replies are ignored instead. A receipt is checked against the head its tick runs at.
  const readReceipt = (chain: string, hash: string, head: bigint) =>
    checked(client.rpc({ method: 'eth_getTransactionReceipt', params: [hash as Hex] }, { chain }), (a) => checkedReceipt(a, hash, head))
  const readTransaction = (chain: string, hash: string) =>
    checked(client.rpc({ method: 'eth_getTransactionByHash', params: [hash as Hex] }, { chain }), (a) => checkedTransaction(a, hash))
  const readNonce = (chain: string, sender: string, head: bigint) =>
    checked(client.rpc({ method: 'eth_getTransactionCount', params: [sender as Address, numberToHex(head)] }, { chain }), checkedTransactionCount)
  const readBlockTransactions = (chain: string, n: bigint) =>
    checked(client.rpc({ method: 'eth_getBlockByNumber', params: [numberToHex(n), true] }, { chain }), (a) => checkedBlockTransactions(a, n))

  function update(r: TrackedTransaction, patch: Partial<TrackedTransaction>): TrackedTransaction {
    return { ...r, ...patch, updatedAt: Date.now() }
  }

  function fromReceipt(r: TrackedTransaction, receipt: NodeReceipt, head: bigint): TrackedTransaction {
    const { blockNumber } = receipt
    // A pre-Byzantium receipt (status null) says it was mined, not how it ended: confirmed.
    const failed = receipt.status === 'reverted'
    const count = Math.max(1, Math.min(r.confirmationsTarget, Number(head) - blockNumber + 1))
    return update(r, {
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

  function fromNodeTx(r: TrackedTransaction, tx: NodeTransaction): TrackedTransaction {
    if (r.from !== null && r.nonce !== null) return r
    return update(r, { from: tx.from, nonce: tx.nonce, to: tx.to, value: tx.value.toString(), tokenTransfer: decodeTokenTransfer(tx.from, tx.to, tx.input) })
  }

  // `head` comes from watchHead, which never hands on one no block number can be (2^200).
  async function check(chain: string, head: bigint) {
    const ck = chainKey(chain)
    const now = Date.now()
    const active = [...records.values()].filter((r) => !r.final && chainKey(r.chain) === ck)
    const changed = new Map<string, TrackedTransaction>()
    const set = (r: TrackedTransaction) => changed.set(recordKey(r.chain, r.hash), r)

    // Confirmed ones only count blocks: the head says it, no request, until the target is reached. Then
    // the receipt is read once more (in this block's batch): a reorg may have taken it out of its block.
    const verify = new Map<string, { r: TrackedTransaction; receipt: Promise<Settled<NodeReceipt | null>> }>()
    for (const r of active) {
      if (r.status !== 'confirmed' || r.blockNumber === null) continue
      const count = Math.max(1, Math.min(r.confirmationsTarget, Number(head - BigInt(r.blockNumber)) + 1))
      const reached = count >= r.confirmationsTarget
      if (reached && r.confirmationsTarget > 1) {
        verify.set(recordKey(r.chain, r.hash), { r, receipt: readReceipt(chain, r.hash, head) })
      } else if (count !== r.confirmations) set(update(r, { confirmations: count, final: reached }))
    }

    const pending = active.filter((r) => r.status === 'pending')
    if (pending.length > 0) {
      // Issued in one synchronous loop: the client's viem transport batches calls of one tick into one request.
      // Per sender its nonce (read at the polled head, not `latest`: a block mined meanwhile must not pass a
      // nonce the block search cannot see), then receipts, each sender's lowest nonces first, while the calls
      // fit one batch. A transaction cannot be mined before its sender's lower nonces, so a receipt left out
      // is only asked for (second batch) when the nonce shows it may have been mined.
      const known = pending.filter((r) => r.from !== null && r.nonce !== null)
      const senders = [...new Set(known.map((r) => r.from!.toLowerCase()))]
      const counts = new Map(senders.map((s) => [s, readNonce(chain, s, head)]))
      // Asked until the nonce is known (tracked by hash and sender, the node may not have had it yet at `track`): without it a replacement cannot be told.
      const lookups = new Map(
        pending
          .filter((r) => r.nonce === null || now - (privates.get(recordKey(r.chain, r.hash))?.lastSeenAt ?? r.trackedAt) >= dropAfterMs)
          .map((r) => [r.hash, readTransaction(chain, r.hash)]),
      )
      const receiptOf = new Map<string, Promise<Settled<NodeReceipt | null>>>()
      const askReceipt = (r: TrackedTransaction) => receiptOf.set(r.hash, readReceipt(chain, r.hash, head))
      for (const r of pending) if (r.from === null || r.nonce === null) askReceipt(r)
      const ranked = known.map((r) => ({ r, rank: known.filter((o) => sameAddress(o.from, r.from) && o.nonce! < r.nonce!).length }))
      ranked.sort((a, b) => a.rank - b.rank || a.r.nonce! - b.r.nonce!)
      let room = maxCallsPerBlock - verify.size - counts.size - lookups.size - receiptOf.size
      for (const { r } of ranked) if (room-- > 0) askReceipt(r)

      const countOf = new Map<string, number | undefined>()
      for (const [s, p] of counts) {
        const res = await p
        countOf.set(s, res.ok ? res.value : undefined)
      }
      const used = (r: TrackedTransaction) => {
        const c = r.from === null ? undefined : countOf.get(r.from.toLowerCase())
        return c !== undefined && r.nonce !== null && c > r.nonce
      }
      for (const r of known) if (!receiptOf.has(r.hash) && used(r)) askReceipt(r)
      const got = await Promise.all(pending.map((r) => receiptOf.get(r.hash) ?? Promise.resolve<Settled<NodeReceipt | null>>({ ok: true, value: null })))
      // Nonces taken by a tracked transaction with a receipt: the others with that nonce were replaced by it.
      const usedBy = new Map<string, string>()
      const mined: TrackedTransaction[] = []
      for (const [i, r] of pending.entries()) {
        const res = got[i]!
        if (res.ok && res.value) mined.push(fromReceipt(r, res.value, head))
      }
      for (const r of [...active.filter((a) => a.status === 'confirmed' || a.status === 'failed'), ...mined, ...records.values()]) {
        if ((r.status === 'confirmed' || r.status === 'failed') && r.from !== null && r.nonce !== null && chainKey(r.chain) === ck) {
          usedBy.set(`${r.from.toLowerCase()}:${r.nonce}`, r.hash)
        }
      }
      for (const r of mined) set(r)

      const search: TrackedTransaction[] = []
      for (const [i, r0] of pending.entries()) {
        const k = recordKey(r0.chain, r0.hash)
        if (changed.has(k) && changed.get(k)!.status !== 'pending') continue
        let r = r0
        const priv = privates.get(k) ?? {}
        privates.set(k, priv)
        const lookup = lookups.get(r.hash)
        const found = lookup ? await lookup : undefined
        if (found?.ok && found.value) {
          priv.lastSeenAt = now
          r = fromNodeTx(r, found.value)
          if (r !== r0) set(r)
        }
        if (!got[i]!.ok) continue
        const unknownPastGrace = found?.ok === true && found.value === null && now - (priv.lastSeenAt ?? r.trackedAt) >= dropAfterMs
        if (r.from === null || r.nonce === null) {
          if (unknownPastGrace) set(dropped(r, 'The node does not know this transaction'))
          continue
        }
        const count = countOf.get(r.from.toLowerCase())
        if (count === undefined) continue
        if (count > r.nonce) {
          const by = usedBy.get(`${r.from.toLowerCase()}:${r.nonce}`)
          if (by && by.toLowerCase() !== r.hash.toLowerCase()) set(update(r, { status: 'replaced', replacedBy: by, final: true, error: null }))
          else search.push(r)
        } else {
          priv.unusedAtHead = head
          if (unknownPastGrace) {
            const seconds = Math.round(dropAfterMs / 1000)
            set(dropped(r, `The node has not known this transaction for ${seconds} s while its nonce is unused`))
          }
        }
      }
      if (search.length > 0) for (const r of await searchBlocks(chain, head, search)) set(r)
    }
    for (const [k, { r, receipt }] of verify) {
      const res = await receipt
      if (!res.ok) continue // counted again at the next block
      if (res.value === null) {
        privates.delete(k)
        set(update(r, { status: 'pending', blockNumber: null, confirmations: 0, final: false, receiptTransfers: null }))
      } else set(fromReceipt(r, res.value, head))
    }
    // A record removed while the replies were on their way stays removed.
    if (!stopped) commit([...changed.entries()].filter(([k]) => records.has(k)).map(([, r]) => r))
  }

  function dropped(r: TrackedTransaction, error: string): TrackedTransaction {
    return update(r, { status: 'dropped', final: true, error })
  }

  /** Nonce used but no tracked transaction took it: look for the one that did in the recent blocks, then in the history API. */
  async function searchBlocks(chain: string, head: bigint, search: TrackedTransaction[]): Promise<TrackedTransaction[]> {
    const floor = head - BigInt(SEARCH_BLOCKS - 1)
    let from = head
    for (const r of search) {
      const seen = privates.get(recordKey(r.chain, r.hash))?.unusedAtHead
      const start = seen === undefined ? floor : seen + 1n
      if (start < from) from = start < floor ? floor : start
    }
    const numbers: bigint[] = []
    for (let n = from < 0n ? 0n : from; n <= head; n++) numbers.push(n)
    const blocks = await Promise.all(numbers.map((n) => readBlockTransactions(chain, n)))
    if (blocks.some((b) => !b.ok)) return [] // try again at the next block rather than guess
    const txs = blocks.flatMap((b) => (b.ok ? b.value : []))

    const out: TrackedTransaction[] = []
    const recheck: TrackedTransaction[] = []
    for (const r of search) {
      const taker = txs.find((t) => sameAddress(t.from, r.from) && t.nonce === r.nonce)
      if (taker && taker.hash === r.hash.toLowerCase()) continue // mined between the two reads: its receipt comes next block
      if (taker) out.push(update(r, { status: 'replaced', replacedBy: taker.hash, final: true, error: null }))
      else recheck.push(r)
    }
    // Before calling one dropped, ask once more for its receipt (it may have been mined after the first read).
    const again = await Promise.all(recheck.map((r) => readReceipt(chain, r.hash, head)))
    const unresolved: TrackedTransaction[] = []
    for (const [i, r] of recheck.entries()) {
      const res = again[i]!
      if (!res.ok) continue
      if (res.value) out.push(fromReceipt(r, res.value, head))
      else unresolved.push(r)
    }
    // Taken longer ago than the blocks searched (a reload, a long-hidden tab): the history API may know the taker.
    const histories = new Map<string, Promise<Settled<WalletHistoryPage>>>()
    for (const r of unresolved) {
      const k = r.from!.toLowerCase()
      if (!histories.has(k)) histories.set(k, settle(client.getWalletHistory({ address: r.from!, chain, limit: 25, order: 'DESC' })))
    }
    for (const r of unresolved) {
      const page = await histories.get(r.from!.toLowerCase())!
      const taker = page.ok
        ? page.value.result.find((e) => sameAddress(e.from_address, r.from) && e.nonce === String(r.nonce) && e.hash.toLowerCase() !== r.hash.toLowerCase())
        : undefined
      if (taker) out.push(update(r, { status: 'replaced', replacedBy: taker.hash.toLowerCase(), final: true, error: null }))
      else out.push(dropped(r, 'Its nonce was used by a transaction that was not found'))
    }
    return out
  }

  async function lookupNow(r: TrackedTransaction) {
    const res = await readTransaction(r.chain, r.hash)
    const current = records.get(recordKey(r.chain, r.hash))
    if (!res.ok || !res.value || !current || stopped) return
    privates.set(recordKey(r.chain, r.hash), { ...privates.get(recordKey(r.chain, r.hash)), lastSeenAt: Date.now() })
    const next = fromNodeTx(current, res.value)
    if (next !== current) commit([next])
  }

  function resolveChain(chain: unknown, parameter = 'chain'): string {
    const c = chain ?? client.chain
    if (c === undefined) throw new InvalidParameterError(parameter, 'expected a chain: pass `chain`, or set one on the client')
    return checkChain(c, client.extraChains, parameter)
  }

  // Another tab wrote: what it tracked or learnt shows here at once, not at this tab's next change.
  const onStorage = (e: StorageEvent) => void (e.key === storageKey && (take(), commit([])))
  globalThis.addEventListener?.('storage', onStorage)

  // Records loaded from storage that are still changing are followed again (a reload).
  for (const chain of new Set([...records.values()].filter((r) => !r.final).map((r) => r.chain))) syncChain(chain)

  return {
    async track(parameters) {
      if (parameters === null || typeof parameters !== 'object') throw new InvalidParameterError('parameters', 'expected { hash, chain, raw? }')
      const { raw } = parameters
      let hash = parameters.hash
      if (hash === undefined && typeof raw === 'string' && isHex(raw)) hash = keccak256(raw as Hex)
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
        throw new InvalidParameterError('hash', `expected a 32-byte transaction hash (0x + 64 hex digits), got ${describe(hash)}`)
      }
      hash = hash.toLowerCase()
      const chain = resolveChain(parameters.chain)
      const hint = parameters.from
      if (hint !== undefined && (typeof hint !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(hint))) {
        throw new InvalidParameterError('from', `expected an address (0x + 40 hex digits), got ${describe(hint)}`)
      }

      let decoded: Pick<TrackedTransaction, 'from' | 'nonce' | 'to' | 'value' | 'tokenTransfer' | 'raw'> = {
        from: hint ? getAddress(hint) : null, nonce: null, to: null, value: null, tokenTransfer: null, raw: null,
      }
      if (raw !== undefined) decoded = await decodeRaw(raw, hash, chain)

      const key = recordKey(chain, hash)
      const existing = records.get(key)
      if (existing) {
        // Tracked again after it was dropped: it was sent again ("Send again"), so it is followed anew.
        if (existing.status === 'dropped') {
          const now = Date.now()
          privates.delete(key)
          const revived: TrackedTransaction = { ...existing, raw: existing.raw ?? decoded.raw, status: 'pending', final: false, error: null, trackedAt: now, updatedAt: now }
          commit([revived])
          return revived
        }
        if (existing.raw === null && decoded.raw !== null) {
          const merged = update(existing, { ...decoded, from: existing.from ?? decoded.from, nonce: existing.nonce ?? decoded.nonce })
          commit([merged])
          return merged
        }
        return existing
      }
      const now = Date.now()
      const record: TrackedTransaction = {
        hash, chain, ...decoded, receiptTransfers: null,
        status: 'pending', blockNumber: null, confirmations: 0, confirmationsTarget: targetFor(chain), final: false,
        replacedBy: null, error: null, trackedAt: now, updatedAt: now,
      }
      commit([record])
      if (record.from === null || record.nonce === null) void lookupNow(record)
      return record
    },

    get(hash, chain) {
      if (typeof hash !== 'string') return undefined
      if (chain !== undefined) return records.get(recordKey(chain, hash))
      const h = hash.toLowerCase()
      for (const r of records.values()) if (r.hash === h) return r
      return undefined
    },

    list(filter = {}) {
      const address = filter.address?.toLowerCase()
      const ck = filter.chain === undefined ? undefined : chainKey(filter.chain)
      const cacheKey = `${address ?? ''}|${ck ?? ''}`
      const cached = lists.get(cacheKey)
      if (cached) return cached
      const out = Object.freeze(
        [...records.values()]
          .filter((r) => (address === undefined || r.from?.toLowerCase() === address) && (ck === undefined || chainKey(r.chain) === ck))
          .sort((a, b) => b.trackedAt - a.trackedAt),
      )
      lists.set(cacheKey, out)
      return out
    },

    subscribe(listener) {
      if (typeof listener !== 'function') throw new InvalidParameterError('listener', 'expected a function')
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },

    remove(hash, chain) {
      const h = String(hash).toLowerCase()
      commit([...records.values()].filter((r) => r.hash === h && (chain === undefined || chainKey(r.chain) === chainKey(chain))), true)
    },

    stop() {
      stopped = true
      globalThis.removeEventListener?.('storage', onStorage)
      for (const s of chains.values()) {
        s.release?.()
        s.release = undefined
      }
      listeners.clear()
    },
  }
}

function isHex(text: string): boolean {
  return /^0x(?:[0-9a-fA-F]{2})+$/.test(text)
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${clip(value)}"` : value === undefined ? 'nothing' : typeof value
}

/** From, nonce, to, value and ERC-20 calldata of a signed transaction, checked against its hash; no request. */
async function decodeRaw(raw: unknown, hash: string, chain: string): Promise<Pick<TrackedTransaction, 'from' | 'nonce' | 'to' | 'value' | 'tokenTransfer' | 'raw'>> {
  if (typeof raw !== 'string' || !isHex(raw)) throw new InvalidParameterError('raw', `expected the signed transaction as 0x-prefixed hex, got ${describe(raw)}`)
  const serialized = raw.toLowerCase() as Hex
  if (keccak256(serialized) !== hash) throw new InvalidParameterError('raw', `is not the signed transaction of ${hash} (its hash is ${keccak256(serialized)})`)
  let tx: ReturnType<typeof parseTransaction>
  let from: Address
  try {
    tx = parseTransaction(serialized)
    // viem types a signed transaction by its leading type byte (0x02…, a branded legacy one), which text from the
    // caller cannot carry in its type; parseTransaction has just read it as one, so the assertion says what is known.
    from = await recoverTransactionAddress({ serializedTransaction: serialized as TransactionSerialized })
  } catch (error) {
    const why = error instanceof Error ? (error as { shortMessage?: string }).shortMessage ?? error.message : String(error)
    throw new InvalidParameterError('raw', `could not be decoded as a signed transaction: ${clip(why, 120)}`)
  }
  // A transaction signed for another chain would show in this chain's feed: refused, so chains never mix.
  const expected = getChainInfo(chain)?.chainId
  if (tx.chainId !== undefined && expected !== undefined && tx.chainId !== expected) {
    throw new InvalidParameterError('raw', `is signed for chain id ${tx.chainId}, not ${clip(chain)} (chain id ${expected})`)
  }
  const to = tx.to ? getAddress(tx.to) : null
  return {
    from,
    nonce: tx.nonce ?? 0,
    to,
    value: (tx.value ?? 0n).toString(),
    tokenTransfer: decodeTokenTransfer(from, to, tx.data),
    raw: serialized,
  }
}

/** `transfer` / `transferFrom` of viem's `erc20Abi`, or null for any other calldata. */
export function decodeTokenTransfer(from: Address, to: Address | null, data: Hex | undefined): TrackedTokenTransfer | null {
  if (!to || !data || data.length < 10) return null
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName === 'transfer') {
      const [recipient, amount] = call.args
      return { token: to, from, to: getAddress(recipient), amount: amount.toString() }
    }
    if (call.functionName === 'transferFrom') {
      const [owner, recipient, amount] = call.args
      return { token: to, from: getAddress(owner), to: getAddress(recipient), amount: amount.toString() }
    }
  } catch {
    // Not ERC-20 calldata: shown as a plain contract call.
  }
  return null
}

