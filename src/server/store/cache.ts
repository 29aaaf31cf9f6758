import { LRUCache } from 'lru-cache'
import { outageLog, redisCommand, type RedisClient, type RedisCommand, type StoreWarning } from './redis.js'

/**
 * A cache of upstream answers the proxy may serve again: history pages and reads by transaction
 * hash for a short time, reads addressed by a block hash for good (in Redis for a day). In this
 * process's memory, and in Redis when given, so that every instance serves what one of them
 * fetched. Identical concurrent requests cost one upstream call, in one process and, with Redis,
 * across instances.
 */
export interface ProxyCacheOptions {
  /** An ioredis or node-redis client shared by every instance. */
  redis?: RedisClient | undefined
  /** How long a history page, or a transaction or receipt read by hash, is served from the cache. Default 5 s. */
  ttlSeconds?: number | undefined
  /** Answers kept in this process's memory at most. Default 1,000. */
  maxEntries?: number | undefined
  /**
   * Bytes the answers kept in this process's memory may take together (each counted as its text and
   * its UTF-8 bytes); the least recently used go first, and an answer larger than this is not kept.
   * Default 64 MiB.
   */
  maxBytes?: number | undefined
  /** Prefix of the Redis keys. Default `blockfeed:cache`. */
  keyPrefix?: string | undefined
  /** How long to wait for Redis before going on without it. Default 200 ms. */
  redisTimeoutMs?: number | undefined
  /** How long another instance's identical request is waited for before calling upstream anyway. Default 5 s. */
  waitForOtherMs?: number | undefined
  /** Where the one warning per Redis outage goes. Default `console.warn`. */
  onWarning?: StoreWarning | undefined
}

/** An upstream answer as the proxy passes it on. */
export interface CachedAnswer {
  status: number
  body: string
  /** The upstream's `Retry-After`, passed on with an answer that is not kept. */
  retryAfter?: string | undefined
  /** `body` as UTF-8 (exactly), on answers served from this process's memory: encoded once, not on every hit. */
  bytes?: Uint8Array | undefined
}

export type CacheOutcome = 'hit' | 'miss' | 'shared'

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
  ): Promise<CachedAnswer & { cache: CacheOutcome }>
  /** The kept answer for `key`, from memory or Redis, without loading anything. */
  peek(key: string, ttlSeconds: number | null): Promise<CachedAnswer | undefined>
  /** Keeps an answer for `ttlSeconds` (null: for good; in Redis for {@link FOREVER_IN_REDIS_MS}), here and in Redis. */
  keep(key: string, answer: CachedAnswer, ttlSeconds: number | null): Promise<void>
  readonly ttlSeconds: number
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

export function createResponseCache(options: ProxyCacheOptions = {}): ResponseCache {
  const ttlSeconds = options.ttlSeconds ?? 5
  if (!(ttlSeconds > 0)) throw new RangeError('cache: ttlSeconds must be > 0')
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new RangeError('cache: maxBytes must be a whole number of bytes, at least 1')
  const memory = new LRUCache<string, CachedAnswer>({
    max: options.maxEntries ?? 1_000,
    maxSize: maxBytes,
    // The text (one byte a character at best) and its bytes: both are held.
    sizeCalculation: (answer) => Math.max(1, answer.body.length + (answer.bytes?.byteLength ?? 0)),
  })
  const inFlight = new Map<string, Flight>()
  const prefix = options.keyPrefix ?? 'blockfeed:cache'
  const timeoutMs = options.redisTimeoutMs ?? 200
  const waitMs = options.waitForOtherMs ?? 5_000
  const redis: RedisCommand | undefined = options.redis ? redisCommand(options.redis, timeoutMs) : undefined
  const outage = outageLog('cache', options.onWarning)

  // Kept with its bytes: a popular page is served many times, and encoding 250 kB per hit was most of a hit's cost.
  const remember = (key: string, answer: CachedAnswer, ttlMs: number | null) =>
    memory.set(key, { status: answer.status, body: answer.body, bytes: answer.bytes ?? encoder.encode(answer.body) }, ttlMs === null ? {} : { ttl: ttlMs })

  /** A Redis step that fails open: on any error (or timeout) the cache goes on without Redis. */
  async function tryRedis<T>(step: (r: RedisCommand) => Promise<T>): Promise<T | typeof SKIP> {
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
  }

  const read = (value: unknown): CachedAnswer | undefined => {
    if (typeof value !== 'string') return undefined
    try {
      const parsed = JSON.parse(value) as CachedAnswer
      return typeof parsed.status === 'number' && typeof parsed.body === 'string' ? parsed : undefined
    } catch {
      return undefined
    }
  }

  async function peek(key: string, ttl: number | null): Promise<CachedAnswer | undefined> {
    const kept = memory.get(key)
    if (kept) return kept
    const shared = await sharedAnswer(key, ttl)
    return shared === SKIP ? undefined : shared
  }

  async function keep(key: string, answer: CachedAnswer, ttl: number | null): Promise<void> {
    remember(key, answer, ttl === null ? null : ttl * 1000)
    const value = JSON.stringify({ status: answer.status, body: answer.body })
    await tryRedis((r) => r(['SET', `${prefix}:${key}`, value, 'PX', ttl === null ? FOREVER_IN_REDIS_MS : Math.max(1, Math.round(ttl * 1000))]))
  }

  /** The answer stored in Redis under `key`, if any, kept here too for what is left of its life there (not its whole TTL again). */
  async function sharedAnswer(key: string, ttl: number | null): Promise<CachedAnswer | undefined | typeof SKIP> {
    const reply = await tryRedis((r) => r(['EVAL', GET_WITH_PTTL, 1, `${prefix}:${key}`]))
    if (reply === SKIP) return SKIP
    const [value, left] = Array.isArray(reply) ? reply : []
    const answer = read(value)
    if (!answer) return undefined
    if (ttl === null) remember(key, answer, null)
    else if (typeof left === 'number' && left > 0) remember(key, answer, Math.min(left, ttl * 1000))
    else if (left === -1) remember(key, answer, ttl * 1000)
    return answer
  }

  async function resolve(key: string, ttl: number | null, load: (signal: AbortSignal) => Promise<CachedAnswer>, signal: AbortSignal, cacheable: (a: CachedAnswer) => boolean): Promise<CachedAnswer & { cache: CacheOutcome }> {
    const found = await peek(key, ttl)
    if (found) return { ...found, cache: 'hit' }
    const lockKey = `${prefix}:${key}:lock`
    // Our own token: a holder whose load outlasted the lock must not unlock the one who took it next.
    const token = crypto.randomUUID()
    const locked = await tryRedis((r) => r(['SET', lockKey, token, 'PX', waitMs, 'NX']))
    try {
      if (locked === 'OK') {
        // The holder before us stores its answer before it unlocks: between our miss and our lock it
        // may have done both, so look once more before calling upstream.
        const stored = await sharedAnswer(key, ttl)
        if (stored && stored !== SKIP) return { ...stored, cache: 'shared' }
      } else if (locked === null) {
        // Another instance is loading this very answer: wait for it rather than call upstream too.
        const deadline = Date.now() + waitMs
        while (Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, POLL_MS))
          const stored = await sharedAnswer(key, ttl)
          if (stored === SKIP) break
          if (stored) return { ...stored, cache: 'shared' }
          const stillLocked = await tryRedis((r) => r(['EXISTS', lockKey]))
          if (stillLocked === SKIP) break
          if (stillLocked === 0) {
            // Unlocked since our read: the holder stored its answer first, unless it was not cacheable.
            const late = await sharedAnswer(key, ttl)
            if (late && late !== SKIP) return { ...late, cache: 'shared' }
            break
          }
        }
      }
      const answer = await load(signal)
      if (cacheable(answer)) await keep(key, answer, ttl)
      return { ...answer, cache: 'miss' }
    } finally {
      // Released however the load ended: a lock left behind by a failed load held every other instance up to waitForOtherMs.
      if (locked === 'OK') await tryRedis((r) => r(['EVAL', UNLOCK, 1, lockKey, token]))
    }
  }

  return {
    ttlSeconds,
    peek,
    keep,
    through(key, ttl, load, cacheable, signal) {
      const kept = memory.get(key)
      if (kept) return Promise.resolve({ ...kept, cache: 'hit' })
      const pending = inFlight.get(key)
      if (pending) return wait(pending, pending.run.then((a) => ({ ...a, cache: 'shared' as const })), signal)
      const controller = new AbortController()
      const flight: Flight = { waiters: 0, controller, run: Promise.resolve(undefined as never) }
      const forget = () => void (inFlight.get(key) === flight && inFlight.delete(key))
      flight.run = resolve(key, ttl, load, controller.signal, cacheable).finally(forget)
      flight.forget = forget
      inFlight.set(key, flight)
      return wait(flight, flight.run, signal)
    },
  }
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
