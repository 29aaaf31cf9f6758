import { chainIdentity, checkChain, getChainInfo } from '../core/chains.js'
import { checkMs } from '../core/options.js'
import { rpcUrlFor } from '../core/rpc/rpc.js'
import { clip } from '../core/text.js'
import { Refusal } from './access.js'
import { signalDeparture, textOf, type Incoming, type Reply, type Tools } from './exchange.js'
import { forwardRpc } from './forwardRpc.js'
import { createHeadHub, type EventSink, type HeadHub } from './headStreamHub.js'
import { createSharedHeads } from './headStreamShared.js'
import type { ProxyCacheOptions } from './store/cache.js'
import type { ProxyConfig } from './upstream.js'

// `GET {basePath}/head?chain=eth`: the chain's head as server-sent events, one event per new block
// (`?chain=eth&chain=base`: several chains on one connection, each event naming its chain; a browser
// holds six connections to a host over HTTP/1.1, and a feed of several chains should not take them all).

/** Timings of the proxy's head stream, `GET {basePath}/head` (`createProxyHandler({ headStream })`); all optional. */
export interface HeadStreamOptions {
  /**
   * How often the upstream head is read, per chain: one number for every chain, or by chain (spec name
   * or hex id), in ms.
   * @defaultValue half the chain's block time (from `viem/chains`) within 500–4000; 2000 for a chain it does not know
   */
  pollIntervalMs?: number | Partial<Record<string, number>> | undefined
  /** A comment sent to every subscriber this often (ms), so that proxies in between keep the stream open. @defaultValue `15000` */
  heartbeatMs?: number | undefined
  /** The `retry:` of the stream: how long a browser waits before reconnecting, in ms. @defaultValue `3000` */
  retryMs?: number | undefined
  /**
   * With `cache.redis`: how long the instance that polls holds the lease (renewed three times a
   * lease), in ms. When it dies, another instance takes over within this.
   * @defaultValue `3000`
   */
  leaseMs?: number | undefined
}

/** A reply whose body is written as it comes: opened once the headers are out, stopped when the client goes away. */
export interface EventStreamReply extends Reply {
  events: { open(sink: EventSink): () => void }
}

export function isEventStreamReply(reply: Reply): reply is EventStreamReply {
  return (reply as Partial<EventStreamReply>).events !== undefined
}

const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: a compressing proxy (Next's own, nginx's gzip) would hold events back to fill a block.
  'cache-control': 'no-store, no-transform',
  'x-content-type-options': 'nosniff',
  // nginx buffers proxied answers unless told not to.
  'x-accel-buffering': 'no',
} as const

/** Seconds a refused subscriber is asked to wait. */
const FULL_RETRY_AFTER_SECONDS = 5

/** The head route of one proxy: its hub, made with the first subscriber. */
export function headStreamRoute(config: ProxyConfig, options: HeadStreamOptions | undefined, maxSubscribers: number, cache: ProxyCacheOptions | undefined, rpcPath: string) {
  const timings = checkTimings(options)
  let hub: HeadHub | undefined
  const hubOf = () =>
    (hub ??= createHeadHub({
      maxSubscribers,
      heartbeatMs: timings.heartbeatMs,
      retryMs: timings.retryMs,
      leaseMs: timings.leaseMs,
      pollIntervalMs: timings.pollIntervalMs,
      readHead: (chain, tools, signal) => readHead(config, tools, rpcPath, chain, signal),
      shared: cache?.redis
        ? createSharedHeads({
            redis: cache.redis,
            keyPrefix: `${cache.keyPrefix ?? 'blockfeed:cache'}:head`,
            timeoutMs: cache.redisTimeoutMs ?? 200,
            onWarning: cache.onWarning,
          })
        : undefined,
    }))

  return {
    /** The hub, when a subscriber has made it: for tests and diagnostics. */
    get hub() {
      return hub
    },
    answer(request: Incoming, tools: Tools, cors: Record<string, string>): Reply {
      const chains = chainsOf(config, request.url.searchParams)
      const headers: Record<string, string> = { ...cors, ...streamHeaders }
      // A HEAD asks what a GET would get, without a subscription.
      if (request.method === 'HEAD') return { status: 200, headers, body: null }
      const h = hubOf()
      if (h.full()) {
        throw new Refusal(503, 'too_many_subscribers', 'This instance serves as many head streams as it may; retry later, or poll the head', undefined, {
          'retry-after': String(FULL_RETRY_AFTER_SECONDS),
        })
      }
      const reply: EventStreamReply = { status: 200, headers, body: null, events: { open: (sink) => h.subscribe(chains, tools, sink) } }
      return reply
    },
  }
}

/** Most chains one connection may follow: the spec's 13 and a few more. */
const MAX_CHAINS = 16

/**
 * The chains asked for: `?chain=` (repeated for several on one connection; else the default chain),
 * each known and with an RPC URL, one spelling per chain; anything else is a 400.
 */
function chainsOf(config: ProxyConfig, query: URLSearchParams): string[] {
  for (const key of query.keys()) {
    if (key !== 'chain') throw new Refusal(400, 'invalid_parameter', `Unknown query parameter \`${clip(key)}\``, clip(key))
  }
  const given = query.getAll('chain')
  if (given.length === 0 && config.defaultChain === undefined) {
    throw new Refusal(400, 'invalid_parameter', 'Query parameter `chain` is required (this proxy has no default chain)', 'chain')
  }
  if (given.length > MAX_CHAINS) throw new Refusal(400, 'invalid_parameter', `At most ${MAX_CHAINS} chains a connection`, 'chain')
  const chains = new Map<string, string>()
  for (const value of given.length > 0 ? given : [config.defaultChain!]) {
    const chain = checkChain(value, config.extraChains)
    // Throws InvalidParameterError (a 400) for a chain with no RPC URL.
    rpcUrlFor({ rpc: config.rpc }, chain)
    if (!chains.has(chainIdentity(chain))) chains.set(chainIdentity(chain), chain)
  }
  return [...chains.values()]
}

/**
 * `eth_blockNumber` as `POST {basePath}/rpc` asks it (the same upstream, key and caps), past the
 * cache: this is the one reader of the head, and a cached answer would only make it later.
 */
async function readHead(config: ProxyConfig, tools: Tools, rpcPath: string, chain: string, signal: AbortSignal): Promise<bigint> {
  const body = encoder.encode('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}')
  const call: Incoming = {
    method: 'POST',
    url: new URL(`http://head.poller${rpcPath}?chain=${encodeURIComponent(chain)}`),
    header: (name) => (name === 'content-type' ? 'application/json' : null),
    body: async () => body,
    request: () => {
      throw new Error('the head poller has no client request')
    },
    departure: signalDeparture(signal),
  }
  const reply = await forwardRpc(uncached(config), tools, call, {})
  const text = reply.body === null ? '' : typeof reply.body === 'string' ? reply.body : textOf(reply.body)
  const result = reply.status === 200 ? (JSON.parse(text) as { result?: unknown }).result : undefined
  if (typeof result !== 'string' || !/^0x[0-9a-f]{1,14}$/i.test(result)) throw new Error(`eth_blockNumber: no block number (HTTP ${reply.status})`)
  return BigInt(result)
}

const encoder = new TextEncoder()
const withoutCache = new WeakMap<ProxyConfig, ProxyConfig>()
const uncached = (config: ProxyConfig): ProxyConfig => {
  let bare = withoutCache.get(config)
  if (!bare) withoutCache.set(config, (bare = { ...config, cache: undefined }))
  return bare
}

interface Timings {
  heartbeatMs: number
  retryMs: number
  leaseMs: number
  pollIntervalMs(chainId: string): number
}

function checkTimings(options: HeadStreamOptions | undefined): Timings {
  const given = options?.pollIntervalMs
  let byChain: Map<string, number> | undefined
  let every: number | undefined
  if (typeof given === 'object' && given !== null) {
    byChain = new Map()
    for (const [chain, ms] of Object.entries(given)) {
      byChain.set(chainIdentity(chain), checkMs(ms, `headStream.pollIntervalMs.${chain}`)!)
    }
  } else {
    every = checkMs(given, 'headStream.pollIntervalMs')
  }
  return {
    heartbeatMs: checkMs(options?.heartbeatMs, 'headStream.heartbeatMs') ?? 15_000,
    retryMs: checkMs(options?.retryMs, 'headStream.retryMs') ?? 3_000,
    leaseMs: checkMs(options?.leaseMs, 'headStream.leaseMs', 10) ?? 3_000,
    pollIntervalMs: (chainId) => every ?? byChain?.get(chainId) ?? defaultPollIntervalMs(chainId),
  }
}

/** Half the chain's block time, within 500–4,000 ms: a new block is pushed at most half a block late, and no chain polls faster than twice a second. */
export function defaultPollIntervalMs(chainId: string): number {
  const blockTime = getChainInfo(chainId)?.viemChain.blockTime
  if (!blockTime) return 2_000
  return Math.min(4_000, Math.max(500, Math.round(blockTime / 2)))
}

/** Bytes a subscriber may leave unread before it is dropped (at a few hundred bytes a block, minutes of events). */
export const UNREAD_LIMIT_BYTES = 64 * 1024

/**
 * An event stream as a Fetch `Response` (a Next.js route handler, any Fetch server): events are
 * enqueued as they come; the subscription ends when the body is cancelled or `signal` aborts
 * (the client went away), whichever the server reports.
 */
export function eventStreamResponse(reply: EventStreamReply, signal: AbortSignal): Response {
  let stop: (() => void) | undefined
  let closed = false
  const end = () => {
    if (closed) return
    closed = true
    signal.removeEventListener('abort', gone)
    stop?.()
  }
  let controller: ReadableStreamDefaultController<Uint8Array>
  const gone = () => {
    end()
    try {
      controller.close()
    } catch {
      // Already closed or errored by the server.
    }
  }
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        if (signal.aborted) return gone()
        signal.addEventListener('abort', gone, { once: true })
        stop = reply.events.open({
          write: (text) => {
            if (closed) return false
            controller.enqueue(encoder.encode(text))
            return (controller.desiredSize ?? 0) >= 0
          },
          end: gone,
        })
        // Dropped while opening (a write refused): let go of what open kept.
        if (closed) stop()
      },
      cancel: end,
    },
    { highWaterMark: UNREAD_LIMIT_BYTES, size: (chunk) => chunk.byteLength },
  )
  return new Response(body, { status: reply.status, headers: reply.headers })
}
