import { LRUCache } from 'lru-cache'
import type { outageLog, RedisCommand } from './redis.js'

// The kept answers of the proxy's cache: this process's memory (an LRU with a byte cap) and, when
// given, Redis, read and written as one store. Single flight and the Redis lock are cache.ts's and
// flight.ts's; the options are checked in cache.ts before they reach here.

/** An answer as the store keeps it: the shape of cache.ts's public `CachedAnswer`, declared here so this file imports nothing of cache.ts. */
export interface StoredAnswer {
  status: number
  body: string
  retryAfter?: string | undefined
  bytes?: Uint8Array | undefined
}

/** Where an answer came from: kept (`hit`), another request's load (`shared`), or a load of its own (`miss`). */
export type CacheOutcome = 'hit' | 'miss' | 'shared'

/**
 * How long an answer kept "for good" stays in Redis: a day, so that a shared Redis is not filled for
 * ever by reads nobody asks for again (one that is asked for again is fetched again, once).
 */
export const FOREVER_IN_REDIS_MS = 24 * 3600_000

/** What a Redis step gives back when Redis could not be asked. */
export const SKIP = Symbol('redis skipped')

/** The value and its remaining life (PTTL, ms; -1: none) in one round trip. */
const GET_WITH_PTTL = "return {redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1])}"
const encoder = new TextEncoder()

/** The cache's options once checked: what the store is made from. */
export interface AnswerStoreSettings {
  ttlSeconds: number
  maxEntries: number
  maxBytes: number
  prefix: string
  waitForOtherMs: number
  redis: RedisCommand | undefined
  outage: ReturnType<typeof outageLog>
}

/** Kept answers in this process's memory and, when given, in Redis: what every flight reads and fills. */
export interface AnswerStore {
  readonly ttlSeconds: number
  readonly memory: LRUCache<string, StoredAnswer>
  /** Redis keys start with this. */
  readonly prefix: string
  /** How long a Redis lock holds, and how long another instance's load is waited for, at most. */
  readonly waitForOtherMs: number
  /** A Redis step that fails open: on any error (or timeout) the cache goes on without Redis. */
  tryRedis<T>(step: (redis: RedisCommand) => Promise<T>): Promise<T | typeof SKIP>
  peek(key: string, ttl: number | null): Promise<StoredAnswer | undefined>
  keep(key: string, answer: StoredAnswer, ttl: number | null): Promise<void>
  /** The answer stored in Redis under `key`, if any, kept here too for what is left of its life there (not its whole TTL again). */
  sharedAnswer(key: string, ttl: number | null): Promise<StoredAnswer | undefined | typeof SKIP>
}

export function createAnswerStore(settings: AnswerStoreSettings): AnswerStore {
  const { prefix, redis, outage } = settings
  const memory = new LRUCache<string, StoredAnswer>({
    max: settings.maxEntries,
    maxSize: settings.maxBytes,
    // The text (one byte a character at best) and its bytes: both are held.
    sizeCalculation: (answer) => Math.max(1, answer.body.length + (answer.bytes?.byteLength ?? 0)),
  })

  // Kept with its bytes: a popular page is served many times, and encoding 250 kB per hit would be most of a hit's cost.
  const remember = (key: string, answer: StoredAnswer, ttlMs: number | null) =>
    memory.set(key, { status: answer.status, body: answer.body, bytes: answer.bytes ?? encoder.encode(answer.body) }, ttlMs === null ? {} : { ttl: ttlMs })

  const store: AnswerStore = {
    ttlSeconds: settings.ttlSeconds,
    memory,
    prefix,
    waitForOtherMs: settings.waitForOtherMs,
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
function parseStoredAnswer(value: unknown): StoredAnswer | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const parsed = JSON.parse(value) as StoredAnswer
    return typeof parsed.status === 'number' && typeof parsed.body === 'string' ? parsed : undefined
  } catch {
    return undefined
  }
}
