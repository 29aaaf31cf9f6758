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
  /** Whether one more subscriber would pass `maxSubscribers`. */
  full(): boolean
  /** Starts `sink` on `chain` (as the client spelled it) and returns its release; the chain's poller starts with its first subscriber. */
  subscribe(chain: string, tools: Tools, sink: EventSink): () => void
  /** Subscribers now, all chains. */
  readonly subscribers: number
  /** Chains with a running poller (leading, following or alone). */
  readonly chains: number
  /** Chains this instance reads upstream itself (leading, or alone), not following another instance. */
  readonly polling: number
}

interface Subscriber {
  sink: EventSink
  /** `data: {"chain":"eth","blockNumber":"0x` in the subscriber's spelling of the chain. */
  prefix: string
}

interface ChainFeed {
  id: string
  /** The spelling the upstream is asked with: the first subscriber's. */
  chain: string
  tools: Tools
  subscribers: Set<Subscriber>
  last: bigint | undefined
  timer: ReturnType<typeof setTimeout> | undefined
  controller: AbortController
  /** Alone: no Redis, or Redis unreachable; leader: holds the lease; follower: another instance polls. */
  role: 'alone' | 'leader' | 'follower'
  token: string
  nextPollAt: number
  stopFollowing: () => void
}

let feeds = 0

export function createHeadHub(options: HeadHubOptions): HeadHub {
  const chains = new Map<string, ChainFeed>()
  let count = 0
  let heartbeat: ReturnType<typeof setInterval> | undefined
  const instance = crypto.randomUUID()

  const drop = (feed: ChainFeed, subscriber: Subscriber) => {
    if (!feed.subscribers.delete(subscriber)) return
    count -= 1
    if (count === 0) {
      clearInterval(heartbeat)
      heartbeat = undefined
    }
  }
  /** Writes to every subscriber of the chain; one that reads too slowly is let go. */
  const send = (feed: ChainFeed, text: (s: Subscriber) => string) => {
    for (const s of [...feed.subscribers]) {
      if (s.sink.write(text(s))) continue
      drop(feed, s)
      s.sink.end()
    }
  }
  const offer = (feed: ChainFeed, head: bigint) => {
    if (feed.last !== undefined && head <= feed.last) return false
    feed.last = head
    const hex = head.toString(16)
    send(feed, (s) => `${s.prefix}${hex}"}\n\n`)
    return true
  }

  const tick = async (feed: ChainFeed) => {
    feed.timer = undefined
    // The last subscriber has gone: stopped at the next tick, not at once, so that a reconnecting
    // client (a reload) finds the poller still running instead of starting one more.
    if (feed.subscribers.size === 0) return stop(feed)
    const pollMs = options.pollIntervalMs(feed.id)
    let next = pollMs
    if (options.shared) {
      const claim = await options.shared.claim(feed.id, feed.token, options.leaseMs)
      if (feed.controller.signal.aborted) return
      const role = claim === undefined ? 'alone' : claim.leader ? 'leader' : 'follower'
      // Taking over (or Redis back): poll at once rather than a whole interval after the old leader's last read.
      if (role !== feed.role && role !== 'follower') feed.nextPollAt = 0
      feed.role = role
      if (claim?.head !== undefined) offer(feed, claim.head)
      // Renewed (or tried for) three times a lease; a follower tries again as the leader's lease runs out.
      next = Math.min(next, Math.ceil(options.leaseMs / 3))
      if (claim && !claim.leader && claim.leaseLeftMs >= 0) next = Math.min(next, claim.leaseLeftMs + 1)
    }
    if (feed.role !== 'follower') {
      const now = Date.now()
      if (now >= feed.nextPollAt) {
        feed.nextPollAt = now + pollMs
        try {
          // Bounded by the interval (or half a lease): a hung upstream read must not hold the lease's renewal past its expiry.
          const signal = AbortSignal.any([feed.controller.signal, AbortSignal.timeout(Math.max(pollMs, Math.ceil(options.leaseMs / 2)))])
          const head = await options.readHead(feed.chain, feed.tools, signal)
          if (feed.controller.signal.aborted) return
          if (offer(feed, head) && feed.role === 'leader') await options.shared?.publish(feed.id, head, Math.max(pollMs, options.leaseMs) * 4)
        } catch {
          // The upstream failed: the subscribers keep their last head, and the next interval asks again.
        }
        if (feed.controller.signal.aborted) return
      }
      next = Math.min(next, Math.max(1, feed.nextPollAt - Date.now()))
    }
    schedule(feed, next)
  }
  const schedule = (feed: ChainFeed, ms: number) => {
    if (feed.controller.signal.aborted) return
    feed.timer = setTimeout(() => void tick(feed), ms)
    // Subscribers keep a server alive; a poller alone must not keep a process from exiting.
    feed.timer.unref?.()
  }
  const stop = (feed: ChainFeed) => {
    clearTimeout(feed.timer)
    feed.controller.abort()
    feed.stopFollowing()
    if (chains.get(feed.id) === feed) chains.delete(feed.id)
    if (feed.role === 'leader') void options.shared?.release(feed.id, feed.token)
  }
  const start = (id: string, chain: string, tools: Tools): ChainFeed => {
    const feed: ChainFeed = {
      id,
      chain,
      tools,
      subscribers: new Set(),
      last: undefined,
      timer: undefined,
      controller: new AbortController(),
      role: 'alone',
      token: `${instance}:${++feeds}`,
      nextPollAt: 0,
      stopFollowing: () => {},
    }
    if (options.shared) feed.stopFollowing = options.shared.follow(id, (head) => void offer(feed, head))
    chains.set(id, feed)
    return feed
  }

  return {
    full: () => count >= options.maxSubscribers,
    get subscribers() {
      return count
    },
    get chains() {
      return chains.size
    },
    get polling() {
      return [...chains.values()].filter((feed) => feed.role !== 'follower').length
    },
    subscribe(chain, tools, sink) {
      const id = chainIdentity(chain)
      const running = chains.get(id)
      const feed = running ?? start(id, chain, tools)
      const subscriber: Subscriber = { sink, prefix: `data: {"chain":${JSON.stringify(chain)},"blockNumber":"0x` }
      feed.subscribers.add(subscriber)
      count += 1
      if (!running) void tick(feed)
      if (!heartbeat) {
        // One timer for every subscriber: a comment keeps proxies and load balancers from closing an idle stream.
        heartbeat = setInterval(() => {
          for (const f of chains.values()) send(f, () => ': heartbeat\n\n')
        }, options.heartbeatMs)
        heartbeat.unref?.()
      }
      let ok = sink.write(`retry: ${options.retryMs}\n\n`)
      // The head already known: the subscriber's baseline, at once.
      if (ok && feed.last !== undefined) ok = sink.write(`${subscriber.prefix}${feed.last.toString(16)}"}\n\n`)
      if (!ok) {
        drop(feed, subscriber)
        sink.end()
      }
      return () => drop(feed, subscriber)
    },
  }
}
