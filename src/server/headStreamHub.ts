import { chainIdentity } from '../core/chains.js'
import type { Tools } from './exchange.js'
import type { SharedHeads } from './headStreamShared.js'

// The proxy's head streams: one upstream poller per chain however many subscribers (and, with
// Redis, one for the whole deployment), each new block written to every subscriber of its chain.

/** Where one subscriber's events go: `write` says false once the client reads too slowly (then it is dropped). */
export interface EventSink {
  write(text: string): boolean
  end(): void
}

export interface HeadHubOptions {
  maxSubscribers: number
  heartbeatMs: number
  /** The `retry:` sent to every subscriber: how long a browser waits before it reconnects. */
  retryMs: number
  /** How often the upstream head is read for a chain (its identity: `0x1`). */
  pollIntervalMs(chainId: string): number
  leaseMs: number
  /** Reads the chain's head upstream (`eth_blockNumber`). */
  readHead(chain: string, tools: Tools, signal: AbortSignal): Promise<bigint>
  shared: SharedHeads | undefined
}

export interface HeadHub {
  /** Whether one more connection would pass `maxSubscribers`. */
  full(): boolean
  /**
   * Starts `sink` on `chains` (as the client spelled them; one connection, counted once) and returns
   * its release; a chain's poller starts with its first subscriber.
   */
  subscribe(chains: readonly string[], tools: Tools, sink: EventSink): () => void
  /** Connections now, all chains. */
  readonly subscribers: number
  /** Chains with a running poller (leading, following or alone). */
  readonly chains: number
  /** Chains this instance reads upstream itself (leading, or alone), not following another instance. */
  readonly polling: number
}

/** One subscriber's connection: the chains it follows, written to one sink. */
interface Connection {
  sink: EventSink
  entries: Entry[]
  released: boolean
}

/** A connection's place in one chain's feed. */
interface Entry {
  connection: Connection
  feed: ChainFeed
  /** `data: {"chain":"eth","blockNumber":"0x` in the subscriber's spelling of the chain. */
  prefix: string
}

interface ChainFeed {
  id: string
  /** The spelling the upstream is asked with: the first subscriber's. */
  chain: string
  tools: Tools
  subscribers: Set<Entry>
  last: bigint | undefined
  pollTimer: ReturnType<typeof setTimeout> | undefined
  claimTimer: ReturnType<typeof setTimeout> | undefined
  /** An upstream read is under way. */
  reading: boolean
  controller: AbortController
  /** Alone: no Redis, or Redis unreachable; leader: holds the lease; follower: another instance polls. */
  role: 'alone' | 'leader' | 'follower'
  /** This feed's lease token (a feed started again after a stop does not inherit the old one's lease). */
  token: string
  stopFollowing: () => void
}

/** One hub's state: the functions below work on it. */
interface Hub {
  options: HeadHubOptions
  chains: Map<string, ChainFeed>
  connections: Set<Connection>
  heartbeat: ReturnType<typeof setInterval> | undefined
  /** This instance, in its lease tokens. */
  instance: string
}

let feeds = 0

export function createHeadHub(options: HeadHubOptions): HeadHub {
  const hub: Hub = { options, chains: new Map(), connections: new Set(), heartbeat: undefined, instance: crypto.randomUUID() }
  return {
    full: () => hub.connections.size >= options.maxSubscribers,
    get subscribers() {
      return hub.connections.size
    },
    get chains() {
      return hub.chains.size
    },
    get polling() {
      return [...hub.chains.values()].filter((feed) => feed.role !== 'follower').length
    },
    subscribe: (spellings, tools, sink) => subscribe(hub, spellings, tools, sink),
  }
}

function subscribe(hub: Hub, spellings: readonly string[], tools: Tools, sink: EventSink): () => void {
  const connection: Connection = { sink, entries: [], released: false }
  hub.connections.add(connection)
  if (!hub.heartbeat) {
    // One timer for every connection: a comment keeps proxies and load balancers from closing an idle stream.
    hub.heartbeat = setInterval(() => {
      for (const c of [...hub.connections]) write(hub, c, ': heartbeat\n\n')
    }, hub.options.heartbeatMs)
    hub.heartbeat.unref?.()
  }
  write(hub, connection, `retry: ${hub.options.retryMs}\n\n`)
  for (const chain of spellings) {
    // Dropped while starting (a write refused): nothing more of it goes into a feed.
    if (connection.released) break
    const id = chainIdentity(chain)
    const running = hub.chains.get(id)
    const feed = running ?? start(hub, id, chain, tools)
    const entry: Entry = { connection, feed, prefix: `data: {"chain":${JSON.stringify(chain)},"blockNumber":"0x` }
    connection.entries.push(entry)
    feed.subscribers.add(entry)
    if (!running) void (hub.options.shared ? claim(hub, feed) : poll(hub, feed))
    // The head already known: the subscriber's baseline, at once.
    if (feed.last !== undefined) write(hub, connection, `${entry.prefix}${feed.last.toString(16)}"}\n\n`)
  }
  return () => release(hub, connection)
}

function release(hub: Hub, connection: Connection) {
  if (connection.released) return
  connection.released = true
  for (const entry of connection.entries) entry.feed.subscribers.delete(entry)
  hub.connections.delete(connection)
  if (hub.connections.size === 0) {
    clearInterval(hub.heartbeat)
    hub.heartbeat = undefined
  }
}

/** Writes to a connection; one that reads too slowly is let go. */
function write(hub: Hub, connection: Connection, text: string) {
  if (connection.released || connection.sink.write(text)) return
  release(hub, connection)
  connection.sink.end()
}

/** A head for the chain's subscribers, when it is higher than the last: false when it is not. */
function offer(hub: Hub, feed: ChainFeed, head: bigint): boolean {
  if (feed.last !== undefined && head <= feed.last) return false
  feed.last = head
  const hex = head.toString(16)
  for (const entry of [...feed.subscribers]) write(hub, entry.connection, `${entry.prefix}${hex}"}\n\n`)
  return true
}

function start(hub: Hub, id: string, chain: string, tools: Tools): ChainFeed {
  const shared = hub.options.shared
  const feed: ChainFeed = {
    id,
    chain,
    tools,
    subscribers: new Set(),
    last: undefined,
    pollTimer: undefined,
    claimTimer: undefined,
    reading: false,
    controller: new AbortController(),
    // With Redis, nobody polls before its first claim says it leads (or that Redis is down).
    role: shared ? 'follower' : 'alone',
    token: `${hub.instance}:${++feeds}`,
    stopFollowing: () => {},
  }
  if (shared) feed.stopFollowing = shared.follow(id, (head) => void offer(hub, feed, head))
  hub.chains.set(id, feed)
  return feed
}

function stop(hub: Hub, feed: ChainFeed) {
  clearTimeout(feed.pollTimer)
  clearTimeout(feed.claimTimer)
  feed.controller.abort()
  feed.stopFollowing()
  if (hub.chains.get(feed.id) === feed) hub.chains.delete(feed.id)
  if (feed.role === 'leader') void hub.options.shared?.release(feed.id, feed.token)
}

/** The last subscriber has gone: stopped at the next tick, not at once, so that a reconnecting client (a reload) finds the poller still running. */
function deserted(hub: Hub, feed: ChainFeed): boolean {
  if (feed.subscribers.size > 0) return false
  stop(hub, feed)
  return true
}

function later(hub: Hub, feed: ChainFeed, ms: number, run: (hub: Hub, feed: ChainFeed) => Promise<void>) {
  const timer = setTimeout(() => void run(hub, feed), ms)
  // Subscribers keep a server alive; a poller alone must not keep a process from exiting.
  timer.unref?.()
  return timer
}

/** Reads the head upstream every interval while this instance polls (alone or leading); a follower's loop ends until it takes over. */
async function poll(hub: Hub, feed: ChainFeed) {
  feed.pollTimer = undefined
  if (deserted(hub, feed) || feed.role === 'follower') return
  const { options } = hub
  const pollMs = options.pollIntervalMs(feed.id)
  feed.reading = true
  try {
    // Bounded by the interval: a hung upstream read must not hold the next one back.
    const signal = AbortSignal.any([feed.controller.signal, AbortSignal.timeout(Math.max(pollMs, Math.ceil(options.leaseMs / 2)))])
    const head = await options.readHead(feed.chain, feed.tools, signal)
    if (feed.controller.signal.aborted) return
    if (offer(hub, feed, head) && feed.role === 'leader') await options.shared?.publish(feed.id, head, Math.max(pollMs, options.leaseMs) * 4)
  } catch {
    // The upstream failed: the subscribers keep their last head, and the next interval asks again.
  }
  feed.reading = false
  if (!feed.controller.signal.aborted) feed.pollTimer = later(hub, feed, pollMs, poll)
}

/**
 * With Redis: takes or renews the lease three times a lease, on a loop of its own so that a slow
 * upstream read never delays a renewal; a follower asks again as the leader's lease runs out.
 */
async function claim(hub: Hub, feed: ChainFeed) {
  feed.claimTimer = undefined
  if (deserted(hub, feed)) return
  const { leaseMs } = hub.options
  const found = await hub.options.shared!.claim(feed.id, feed.token, leaseMs)
  if (feed.controller.signal.aborted) return
  const role = found === undefined ? 'alone' : found.leader ? 'leader' : 'follower'
  const tookOver = feed.role === 'follower' && role !== 'follower'
  feed.role = role
  if (found?.head !== undefined) offer(hub, feed, found.head)
  // Taking over (or Redis gone): poll at once, not an interval after the old leader's last read.
  if (tookOver && !feed.reading) {
    clearTimeout(feed.pollTimer)
    void poll(hub, feed)
  }
  let next = Math.ceil(leaseMs / 3)
  if (found && !found.leader && found.leaseLeftMs >= 0) next = Math.min(next, found.leaseLeftMs + 1)
  feed.claimTimer = later(hub, feed, next, claim)
}
