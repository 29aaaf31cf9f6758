import { LRUCache } from 'lru-cache'
import { checkCount, checkMs, checkPositive } from '../../core/options.js'
import { outageLog, redisCommand, type RedisClient, type RedisCommand, type StoreWarning } from './redis.js'

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

export type CacheOutcome = 'hit' | 'miss' | 'shared'

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

const POLL_MS = 25
/**
 * How long an answer kept "for good" stays in Redis: a day, so that a shared Redis is not filled for
 * ever by reads nobody asks for again (one that is asked for again is fetched again, once).
 */
export const FOREVER_IN_REDIS_MS = 24 * 3600_000
const encoder = new TextEncoder()
/** What a Redis step gives back when Redis could not be asked. */
const SKIP = Symbol('redis skipped')
/** The value and its remaining life (PTTL, ms; -1: none) in one round trip. */
const GET_WITH_PTTL = "return {redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1])}"
/** Deletes the lock only while it is still ours: one that outlived its expiry may be another holder's by now. */
const UNLOCK = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"

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
  const store = createAnswerStore(options)
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

/** Kept answers in this process's memory and, when given, in Redis: what every flight reads and fills. */
interface AnswerStore {
  readonly ttlSeconds: number
  readonly memory: LRUCache<string, CachedAnswer>
  /** Redis keys start with this. */
  readonly prefix: string
  /** How long a Redis lock holds, and how long another instance's load is waited for, at most. */
  readonly waitForOtherMs: number
  /** A Redis step that fails open: on any error (or timeout) the cache goes on without Redis. */
  tryRedis<T>(step: (redis: RedisCommand) => Promise<T>): Promise<T | typeof SKIP>
  peek(key: string, ttl: number | null): Promise<CachedAnswer | undefined>
  keep(key: string, answer: CachedAnswer, ttl: number | null): Promise<void>
  /** The answer stored in Redis under `key`, if any, kept here too for what is left of its life there (not its whole TTL again). */
  sharedAnswer(key: string, ttl: number | null): Promise<CachedAnswer | undefined | typeof SKIP>
}

function createAnswerStore(options: ProxyCacheOptions): AnswerStore {
  // The proxy's own checks of numbers: a NaN from the environment, a fraction or a timer past 2^31 − 1 ms is named at start.
  const ttlSeconds = checkPositive(options.ttlSeconds, 'cache.ttlSeconds') ?? 5
  const memory = new LRUCache<string, CachedAnswer>({
    max: checkCount(options.maxEntries, 'cache.maxEntries', 1) ?? 1_000,
    maxSize: checkCount(options.maxBytes, 'cache.maxBytes', 1) ?? 64 * 1024 * 1024,
    // The text (one byte a character at best) and its bytes: both are held.
    sizeCalculation: (answer) => Math.max(1, answer.body.length + (answer.bytes?.byteLength ?? 0)),
  })
  const prefix = options.keyPrefix ?? 'blockfeed:cache'
  const redisTimeoutMs = checkMs(options.redisTimeoutMs, 'cache.redisTimeoutMs') ?? 200
  const waitForOtherMs = checkMs(options.waitForOtherMs, 'cache.waitForOtherMs') ?? 5_000
  const redis: RedisCommand | undefined = options.redis ? redisCommand(options.redis, redisTimeoutMs) : undefined
  const outage = outageLog('cache', options.onWarning)

  // Kept with its bytes: a popular page is served many times, and encoding 250 kB per hit would be most of a hit's cost.
  const remember = (key: string, answer: CachedAnswer, ttlMs: number | null) =>
    memory.set(key, { status: answer.status, body: answer.body, bytes: answer.bytes ?? encoder.encode(answer.body) }, ttlMs === null ? {} : { ttl: ttlMs })

  const store: AnswerStore = {
    ttlSeconds,
    memory,
    prefix,
    waitForOtherMs,
    async tryRedis(step) {
      // Down: asked once a second, not by every command of every request (each would wait out the deadline).
      if (!redis || !outage.worthAsking()) return SKIP
      try {
        const value = await step(redis)
        outage.ok()
        return value
      } catch (error) {
        outage.failed(error)
        return SKIP
      }
    },
    async peek(key, ttl) {
      const kept = memory.get(key)
      if (kept) return kept
      const shared = await store.sharedAnswer(key, ttl)
      return shared === SKIP ? undefined : shared
    },
    async keep(key, answer, ttl) {
      remember(key, answer, ttl === null ? null : msOf(ttl))
      const value = JSON.stringify({ status: answer.status, body: answer.body })
      await store.tryRedis((r) => r(['SET', `${prefix}:${key}`, value, 'PX', ttl === null ? FOREVER_IN_REDIS_MS : msOf(ttl)]))
    },
    async sharedAnswer(key, ttl) {
      const reply = await store.tryRedis((r) => r(['EVAL', GET_WITH_PTTL, 1, `${prefix}:${key}`]))
      if (reply === SKIP) return SKIP
      const [value, left] = Array.isArray(reply) ? reply : []
      const answer = parseStoredAnswer(value)
      if (!answer) return undefined
      if (ttl === null) remember(key, answer, null)
      else if (typeof left === 'number' && left > 0) remember(key, answer, Math.min(left, msOf(ttl)))
      else if (left === -1) remember(key, answer, msOf(ttl))
      return answer
    },
  }
  return store
}

/** A TTL in seconds (a head read's is a fraction of one) as the whole milliseconds Redis and the memory take. */
const msOf = (ttlSeconds: number) => Math.max(1, Math.round(ttlSeconds * 1000))

/** An answer as Redis holds it, or undefined for anything else. */
function parseStoredAnswer(value: unknown): CachedAnswer | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const parsed = JSON.parse(value) as CachedAnswer
    return typeof parsed.status === 'number' && typeof parsed.body === 'string' ? parsed : undefined
  } catch {
    return undefined
  }
}

/** The answer for `key` from the store, from another instance's load under the Redis lock, or from `load` (one per key across instances). */
async function loadOnce(
  store: AnswerStore,
  key: string,
  ttl: number | null,
  load: (signal: AbortSignal) => Promise<CachedAnswer>,
  signal: AbortSignal,
  cacheable: (answer: CachedAnswer) => boolean,
  lockMs: number,
): Promise<CachedAnswer & { cache: CacheOutcome }> {
  const found = await store.peek(key, ttl)
  if (found) return { ...found, cache: 'hit' }
  const lockKey = `${store.prefix}:${key}:lock`
  // Our own token: a holder whose load outlasted the lock must not unlock the one who took it next.
  const token = crypto.randomUUID()
  const locked = await store.tryRedis((r) => r(['SET', lockKey, token, 'PX', lockMs, 'NX']))
  try {
    // Locked: the holder before us stores its answer before it unlocks, and between our miss and our lock
    // it may have done both, so look once more. Not locked: another instance is loading this very answer.
    const stored = locked === 'OK' ? await store.sharedAnswer(key, ttl) : locked === null ? await waitForOther(store, key, ttl, lockKey, lockMs) : undefined
    if (stored && stored !== SKIP) return { ...stored, cache: 'shared' }
    const answer = await load(signal)
    if (cacheable(answer)) await store.keep(key, answer, ttl)
    return { ...answer, cache: 'miss' }
  } finally {
    // Released however the load ended: a lock left behind by a failed load would hold every other instance up to waitForOtherMs.
    if (locked === 'OK') await store.tryRedis((r) => r(['EVAL', UNLOCK, 1, lockKey, token]))
  }
}

/** The answer another instance stores while it holds the lock, or undefined when it unlocks without one, Redis fails, or the wait is over. */
async function waitForOther(store: AnswerStore, key: string, ttl: number | null, lockKey: string, lockMs: number): Promise<CachedAnswer | undefined> {
  const deadline = Date.now() + lockMs
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS))
    const stored = await store.sharedAnswer(key, ttl)
    if (stored === SKIP) return undefined
    if (stored) return stored
    const stillLocked = await store.tryRedis((r) => r(['EXISTS', lockKey]))
    if (stillLocked === SKIP) return undefined
    if (stillLocked === 0) {
      // Unlocked since our read: the holder stored its answer first, unless it was not cacheable.
      const late = await store.sharedAnswer(key, ttl)
      return late && late !== SKIP ? late : undefined
    }
  }
  return undefined
}

/** An upstream load under way, and how many callers still wait on it. */
interface Flight {
  run: Promise<CachedAnswer & { cache: CacheOutcome }>
  waiters: number
  controller: AbortController
  forget?: () => void
}

/**
 * One caller's wait on a flight: left at once when its `signal` aborts (rejecting with the signal's
 * reason); the last caller to leave aborts the load, which no later caller may then join.
 */
function wait<T>(flight: Flight, answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  flight.waiters += 1
  if (!signal) return answer
  if (signal.aborted) return leave(flight), Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const gone = () => {
      leave(flight)
      reject(signal.reason)
    }
    signal.addEventListener('abort', gone, { once: true })
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', gone))
  })
}

function leave(flight: Flight): void {
  flight.waiters -= 1
  if (flight.waiters > 0) return
  flight.forget?.()
  flight.controller.abort()
}
