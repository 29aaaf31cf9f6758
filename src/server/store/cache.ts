import { checkCount, checkMs, checkPositive } from '../../core/options.js'
import { createAnswerStore, type AnswerStore, type CacheOutcome } from './answerStore.js'
import { loadOnce, wait, type Flight } from './flight.js'
import { outageLog, redisCommand, type RedisClient, type StoreWarning } from './redis.js'

export { FOREVER_IN_REDIS_MS } from './answerStore.js'
export type { CacheOutcome } from './answerStore.js'

/**
 * How the proxy serves upstream answers again (`createProxyHandler({ cache })`): head reads for a
 * fraction of a block, history pages and reads by transaction hash for a short time, reads addressed
 * by a block hash for good (in Redis for a day). In this process's memory, and in Redis when given,
 * so that every instance serves what one of them fetched. Identical concurrent requests cost one
 * upstream call, in one process and, with Redis, across instances.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * import { Redis } from 'ioredis'
 * import { createProxyHandler, toNodeHandler } from 'blockfeed/server'
 *
 * const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
 * const handler = createProxyHandler({
 *   baseUrl: 'https://api.example.com',
 *   apiKey: process.env.BLOCKFEED_API_KEY!,
 *   rpc: { url: 'https://rpc.example.com' },
 *   cache: { redis, ttlSeconds: 10 },
 *   rateLimit: { capacity: 60, refillPerSecond: 1, redis },
 * })
 * createServer(toNodeHandler(handler)).listen(8787)
 * ```
 */
export interface ProxyCacheOptions {
  /** An ioredis or node-redis client shared by every instance. @defaultValue none (this process's memory only) */
  redis?: RedisClient | undefined
  /** How long a history page, or a transaction or receipt read by hash, is served from the cache, in seconds. @defaultValue `5` */
  ttlSeconds?: number | undefined
  /**
   * How long a head read (`eth_blockNumber`, `eth_gasPrice`, `eth_maxPriorityFeePerGas`, `eth_feeHistory`
   * at `latest`/`pending`, `eth_getBlockByNumber` at `latest`/`pending`/`safe`/`finalized`) is served
   * from the cache, in whole milliseconds, on every chain.
   * @defaultValue half the chain's block time, at most 1000
   */
  headTtlMs?: number | undefined
  /** Answers kept in this process's memory at most. @defaultValue `1000` */
  maxEntries?: number | undefined
  /**
   * Bytes the answers kept in this process's memory may take together (each counted as its text and
   * its UTF-8 bytes); the least recently used go first, and an answer larger than this is not kept.
   * @defaultValue `67108864` (64 MiB)
   */
  maxBytes?: number | undefined
  /** Prefix of the Redis keys. @defaultValue `'blockfeed:cache'` */
  keyPrefix?: string | undefined
  /** How long to wait for Redis before going on without it, in ms. @defaultValue `200` */
  redisTimeoutMs?: number | undefined
  /** How long another instance's identical request is waited for before calling upstream anyway, in ms. @defaultValue `5000` */
  waitForOtherMs?: number | undefined
  /** Where the one warning per Redis outage goes. @defaultValue `console.warn` */
  onWarning?: StoreWarning | undefined
}

/** An upstream answer as the proxy passes it on, and as a {@link ResponseCache} keeps it. */
export interface CachedAnswer {
  /** The HTTP status. */
  status: number
  /** The body, as text. */
  body: string
  /** The upstream's `Retry-After`, passed on with an answer that is not kept. */
  retryAfter?: string | undefined
  /** `body` as UTF-8 (exactly), on answers served from this process's memory: encoded once, not on every hit. */
  bytes?: Uint8Array | undefined
}

/** A cache of upstream answers with single flight, in memory and optionally Redis: what {@link createResponseCache} makes. */
export interface ResponseCache {
  /**
   * The answer for `key`: from the cache, from an identical request already under way (here or, with
   * Redis, on another instance), or from `load`. What `load` returns is kept for `ttlSeconds` (null:
   * for good; in Redis for {@link FOREVER_IN_REDIS_MS}) when `cacheable` says so.
   *
   * `signal` is this caller's going away: it stops waiting at once, and the load's own signal aborts
   * only when every caller waiting on it has gone (one client leaving does not fail the others).
   */
  through(
    key: string,
    ttlSeconds: number | null,
    load: (signal: AbortSignal) => Promise<CachedAnswer>,
    cacheable: (answer: CachedAnswer) => boolean,
    signal?: AbortSignal,
    options?: ThroughOptions,
  ): Promise<CachedAnswer & { cache: CacheOutcome }>
  /** The kept answer for `key`, from memory or Redis, without loading anything. */
  peek(key: string, ttlSeconds: number | null): Promise<CachedAnswer | undefined>
  /** Keeps an answer for `ttlSeconds` (null: for good; in Redis for {@link FOREVER_IN_REDIS_MS}), here and in Redis. */
  keep(key: string, answer: CachedAnswer, ttlSeconds: number | null): Promise<void>
  /** The `ttlSeconds` option (default 5). */
  readonly ttlSeconds: number
  /** `headTtlMs` as given (checked), or undefined for each chain's default. */
  readonly headTtlMs: number | undefined
}

export interface ThroughOptions {
  /**
   * How long the Redis lock of a load holds, and so how long another instance waits for its answer
   * before loading itself (a holder that died holds nobody up longer). Default `waitForOtherMs`.
   */
  lockMs?: number | undefined
}

/**
 * Makes the answer cache the proxy uses, for your own routes: answers kept in memory (and Redis when
 * given), and identical concurrent requests served by one upstream call.
 *
 * @param options - Where and how long answers are kept (as `createProxyHandler({ cache })`).
 * @returns A {@link ResponseCache}: `through` loads or serves an answer, `peek` and `keep` read and write one.
 * @throws {@link InvalidParameterError} When a number option is not valid (at start).
 * @remarks With `redis`, a load takes a Redis lock (`SET … NX PX`) so only one instance calls upstream;
 * the others wait up to `waitForOtherMs` for its answer. While Redis is unreachable the cache goes on
 * in memory, and says so once per outage through `onWarning`.
 * @example
 * ```ts
 * import { createResponseCache } from 'blockfeed/server'
 *
 * const cache = createResponseCache({ ttlSeconds: 10 })
 *
 * export async function GET(request: Request): Promise<Response> {
 *   const answer = await cache.through(
 *     'prices',
 *     cache.ttlSeconds,
 *     async (signal) => {
 *       const upstream = await fetch('https://api.example.com/prices', { signal })
 *       return { status: upstream.status, body: await upstream.text() }
 *     },
 *     (a) => a.status === 200,
 *     request.signal,
 *   )
 *   return new Response(answer.body, { status: answer.status, headers: { 'x-cache': answer.cache } })
 * }
 * ```
 */
export function createResponseCache(options: ProxyCacheOptions = {}): ResponseCache {
  const store = storeOf(options)
  const headTtlMs = checkMs(options.headTtlMs, 'cache.headTtlMs')
  const inFlight = new Map<string, Flight>()
  return {
    ttlSeconds: store.ttlSeconds,
    headTtlMs,
    peek: store.peek,
    keep: store.keep,
    through(key, ttl, load, cacheable, signal, throughOptions) {
      const kept = store.memory.get(key)
      if (kept) return Promise.resolve({ ...kept, cache: 'hit' })
      const pending = inFlight.get(key)
      if (pending) return wait(pending, pending.run.then((a) => ({ ...a, cache: 'shared' as const })), signal)
      const controller = new AbortController()
      const flight: Flight = { waiters: 0, controller, run: Promise.resolve(undefined as never) }
      const forget = () => void (inFlight.get(key) === flight && inFlight.delete(key))
      const lockMs = Math.min(throughOptions?.lockMs ?? store.waitForOtherMs, store.waitForOtherMs)
      flight.run = loadOnce(store, key, ttl, load, controller.signal, cacheable, lockMs).finally(forget)
      flight.forget = forget
      inFlight.set(key, flight)
      return wait(flight, flight.run, signal)
    },
  }
}

/** The store of kept answers, from the options checked (a NaN from the environment, a fraction or a timer past 2^31 − 1 ms is named at start). */
function storeOf(options: ProxyCacheOptions): AnswerStore {
  const ttlSeconds = checkPositive(options.ttlSeconds, 'cache.ttlSeconds') ?? 5
  const maxEntries = checkCount(options.maxEntries, 'cache.maxEntries', 1) ?? 1_000
  const maxBytes = checkCount(options.maxBytes, 'cache.maxBytes', 1) ?? 64 * 1024 * 1024
  const redisTimeoutMs = checkMs(options.redisTimeoutMs, 'cache.redisTimeoutMs') ?? 200
  const waitForOtherMs = checkMs(options.waitForOtherMs, 'cache.waitForOtherMs') ?? 5_000
  return createAnswerStore({
    ttlSeconds,
    maxEntries,
    maxBytes,
    prefix: options.keyPrefix ?? 'blockfeed:cache',
    waitForOtherMs,
    redis: options.redis ? redisCommand(options.redis, redisTimeoutMs) : undefined,
    outage: outageLog('cache', options.onWarning),
  })
}
