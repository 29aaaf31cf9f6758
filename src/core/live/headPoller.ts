import type { BlockfeedClient } from '../clientTypes.js'
import { isAbortError } from '../errors.js'
import { chainIdentity } from '../chains.js'
import { joinHeadStream } from './headStream.js'
import { pollingInterval } from './pollingInterval.js'

/** What {@link watchHead} calls: your handlers for new blocks, failed reads and successful reads. */
export interface HeadListener {
  /** How often this subscriber wants the head read, in ms; the poller uses the smallest wanted. @defaultValue `4000` when no subscriber gives a positive number */
  intervalMs: number
  /**
   * A higher head was read. `previous` is undefined for the first head this listener sees
   * (its baseline), so it can tell "a new block" from "where the chain was when I joined".
   */
  onHead: (head: bigint, previous: bigint | undefined) => void
  /** A poll failed (e.g. a {@link NetworkError} or {@link HttpStatusError}); the poller tries again at the next interval. */
  onError?: ((error: unknown) => void) | undefined
  /** A poll succeeded (the head moved or not): lets a subscriber tell that a lost connection is back. */
  onPoll?: ((head: bigint) => void) | undefined
}

interface Poller {
  listeners: Set<HeadListener>
  last: bigint | undefined
  timer: ReturnType<typeof setTimeout> | undefined
  controller: AbortController
  /** Set while the tab is hidden: no timer runs (and no stream is open) until it is visible again. */
  paused: boolean
  stop: () => void
}

const MAX_BLOCK = BigInt(Number.MAX_SAFE_INTEGER)

// One poller per (client, chain); a WeakMap so a dropped client takes its pollers with it.
const pollers = new WeakMap<BlockfeedClient, Map<string, Poller>>()

/** The document when there is one (browsers); Node and workers have none and never pause. */
function currentDocument(): Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> | undefined {
  const doc = (globalThis as { document?: Document }).document
  return doc && typeof doc.addEventListener === 'function' ? doc : undefined
}

const isHidden = () => currentDocument()?.visibilityState === 'hidden'

/**
 * Calls you at each new block of a chain, sharing one head reader with every other subscriber of
 * the same client and chain (the tracker and the feeds use it too).
 *
 * @param client - The client from `createClient`.
 * @param chain - The chain to follow (spec name or hex id); `undefined` for the client's chain.
 * @param listener - Your handlers: `onHead` for a new block, `onError` for a failed read, `onPoll` for every read.
 * @returns A function that stops listening (the last one to stop ends the polling).
 * @throws {@link NetworkError} Passed to `onError` (never thrown) when the node cannot be reached; the next interval reads again.
 * @throws {@link HttpStatusError} Passed to `onError` when the RPC URL answers with an HTTP error.
 * @throws {@link JsonRpcError} Passed to `onError` when the node refuses `eth_blockNumber`.
 * @throws {@link TimeoutError} Passed to `onError` when a read takes longer than the client's `timeoutMs`.
 * @remarks One `eth_blockNumber` per poll interval per (client, chain), however many subscribers.
 * The first subscriber starts it, the last release stops it, and it does not poll while the tab is
 * hidden (`document.visibilityState`), polling at once when the tab is shown again. With
 * `createClient({ head: { url } })` the heads come from the proxy's server-sent event stream instead,
 * and the poller polls only while the stream is refused, closed or silent past three poll intervals,
 * going back to the stream later; a hidden tab closes the stream and a shown one opens it again.
 * @example
 * ```ts
 * import { createClient, watchHead } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const stop = watchHead(client, 'eth', {
 *   intervalMs: 4000,
 *   onHead: (head, previous) => console.log(previous === undefined ? 'now at' : 'new block', head),
 *   onError: (error) => console.warn('head read failed', error),
 * })
 * setTimeout(stop, 60_000)
 * ```
 */
export function watchHead(client: BlockfeedClient, chain: string | undefined, listener: HeadListener): () => void {
  const resolved = chain ?? client.chain ?? undefined
  // One poller per chain however it is spelled (`eth`, `0x1`); it asks with the first spelling.
  const id = resolved ? chainIdentity(resolved) : ''
  let byChain = pollers.get(client)
  if (!byChain) pollers.set(client, (byChain = new Map()))
  const chainPollers = byChain
  const existing = chainPollers.get(id)
  let poller: Poller
  if (existing) {
    poller = existing
    joinPoller(poller, listener)
  } else {
    const started = createPoller(client, resolved, () => chainPollers.delete(id))
    poller = started.poller
    chainPollers.set(id, poller)
    poller.listeners.add(listener)
    void started.poll()
  }

  let released = false
  return () => {
    if (released) return
    released = true
    poller.listeners.delete(listener)
    if (poller.listeners.size === 0) poller.stop()
  }
}

/** A late subscriber gets the head already known as its baseline, without a request. */
function joinPoller(poller: Poller, listener: HeadListener) {
  poller.listeners.add(listener)
  if (poller.last !== undefined) {
    const head = poller.last
    queueMicrotask(() => {
      if (poller.listeners.has(listener)) listener.onHead(head, undefined)
    })
  }
}

/** A poller of one chain, not yet polling: `poll` reads the head once (or hears it on the stream) and schedules the next read. */
function createPoller(client: BlockfeedClient, chain: string | undefined, forget: () => void): { poller: Poller; poll: () => Promise<void> } {
  const doc = currentDocument()
  const poller: Poller = {
    listeners: new Set(),
    last: undefined,
    timer: undefined,
    controller: new AbortController(),
    paused: false,
    stop: () => {},
  }
  // The smallest positive interval wanted; none: the default.
  const interval = () => pollingInterval(Math.min(...[...poller.listeners].map((listener) => (listener.intervalMs > 0 ? listener.intervalMs : Infinity))))
  // A poll is under way (its read, or its look at the stream): a stream failing meanwhile needs no other.
  let busy = false
  const schedule = (ms = interval()) => {
    clearTimeout(poller.timer)
    if (!poller.controller.signal.aborted) poller.timer = setTimeout(poll, ms)
  }
  const join = () =>
    joinHeadStream(client, chain, {
      onHead: (head) => void (poller.paused || deliver(poller, head)),
      // Refused, closed or silent: poll now rather than at the next tick (unless a read is under way).
      onDown: () => void (poller.paused || busy || poll()),
    })
  let stream = join()
  const streamed = stream !== undefined
  const poll = async () => {
    clearTimeout(poller.timer)
    poller.timer = undefined
    if (poller.controller.signal.aborted) return
    if (isHidden()) return pause()
    busy = true
    try {
      if (stream?.live(interval())) {
        // The stream brings the heads: no request. Listeners still hear, once an interval, that the head is known and current.
        const head = poller.last
        if (head !== undefined) forEachListener(poller, (listener) => listener.onPoll?.(head))
        return schedule()
      }
      if (await readHead(client, chain, poller)) schedule()
    } finally {
      busy = false
    }
  }
  const pause = () => {
    poller.paused = true
    clearTimeout(poller.timer)
    poller.timer = undefined
    stream?.leave()
    stream = undefined
  }
  const onVisibility = () => {
    if (isHidden()) {
      if (!poller.paused) pause()
      return
    }
    if (!poller.paused) return
    poller.paused = false
    if (streamed) {
      // Shown again: the stream is opened at once, whatever its retry time (its first event is the head
      // as it is now); polled only if it does not answer within an interval.
      stream = join()
      stream?.open()
      schedule()
    } else {
      void poll()
    }
  }
  doc?.addEventListener('visibilitychange', onVisibility)
  poller.stop = () => {
    clearTimeout(poller.timer)
    poller.controller.abort()
    stream?.leave()
    doc?.removeEventListener('visibilitychange', onVisibility)
    forget()
  }
  return { poller, poll }
}

/** Reads the head and hands it to the listeners; false when the poller was stopped meanwhile (nothing more to schedule). */
async function readHead(client: BlockfeedClient, chain: string | undefined, poller: Poller): Promise<boolean> {
  try {
    const head = BigInt(await client.rpc({ method: 'eth_blockNumber' }, { chain, signal: poller.controller.signal }))
    // A head no block number can be (2^200 from a broken node) would be kept as the last one and
    // hide every real block after it: it is this poll's error, and the next poll asks again.
    if (head > MAX_BLOCK) throw new RangeError('eth_blockNumber: not a block number')
    deliver(poller, head)
  } catch (error) {
    if (isAbortError(error) || poller.controller.signal.aborted) return false
    for (const listener of [...poller.listeners]) listener.onError?.(error)
  }
  return true
}

/** A head read or heard: every listener hears it was read, and those it is new to hear it is new. */
function deliver(poller: Poller, head: bigint) {
  forEachListener(poller, (listener) => listener.onPoll?.(head))
  if (poller.last === undefined || head > poller.last) {
    const previous = poller.last
    poller.last = head
    forEachListener(poller, (listener) => listener.onHead(head, previous))
  }
}

/** One subscriber's failure must not keep the head from the others, nor stop the poller. */
function forEachListener(poller: Poller, call: (listener: HeadListener) => void) {
  for (const listener of [...poller.listeners]) {
    try {
      call(listener)
    } catch (error) {
      listener.onError?.(error)
    }
  }
}

/**
 * Tells how many head pollers run for a client (all chains together): for tests and diagnostics.
 *
 * @param client - The client from `createClient`.
 * @returns The number of chains whose head is followed now (0 once every subscriber has stopped).
 * @example
 * ```ts
 * import { activeHeadPollers, createClient, watchHead } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const stop = watchHead(client, undefined, { intervalMs: 4000, onHead: () => {} })
 * console.log(activeHeadPollers(client)) // 1
 * stop()
 * console.log(activeHeadPollers(client)) // 0
 * ```
 */
export function activeHeadPollers(client: BlockfeedClient): number {
  return pollers.get(client)?.size ?? 0
}
