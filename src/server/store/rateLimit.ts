import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js'
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js'
import { checkCount, checkMs, checkPositive } from '../../core/options.js'
import type { Incoming } from '../exchange.js'
import { isNodeRedis, outageLog, withTimeout, type RedisClient, type StoreWarning } from './redis.js'

/**
 * A per-client limit: on average `refillPerSecond` requests a second, in bursts of up to
 * `capacity`. Counted by rate-limiter-flexible in fixed windows of `capacity / refillPerSecond`
 * seconds (at least one), in this process's memory, or in Redis when `redis` is given, so that
 * every instance of the proxy shares one budget per client.
 */
export interface RateLimitOptions {
  /** Most requests a client may send in one window. */
  capacity: number
  /** The average rate allowed, requests per second. */
  refillPerSecond: number
  /**
   * Which client a request comes from. Default: the first address of `X-Forwarded-For`,
   * else `X-Real-IP`, else one shared budget. Those headers can be forged unless a proxy
   * in front of you overwrites them; pass your own key when none does.
   */
  key?: ((request: Request) => string | undefined) | undefined
  /** An ioredis or node-redis client: the budget is shared by every proxy using that Redis. */
  redis?: RedisClient | undefined
  /** Prefix of the Redis keys. Default `blockfeed:rl`. */
  keyPrefix?: string | undefined
  /**
   * What to do while Redis is unreachable or slower than `redisTimeoutMs`: `memory` (default)
   * counts in this process until Redis answers again; `allow` lets requests through; `deny`
   * refuses them with 429.
   */
  whenRedisFails?: 'memory' | 'allow' | 'deny' | undefined
  /** How long to wait for Redis before falling back. Default 200 ms. */
  redisTimeoutMs?: number | undefined
  /** Where the one warning per Redis outage goes. Default `console.warn`. */
  onWarning?: StoreWarning | undefined
}

export type RateLimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number }
export type RateLimiter = (request: Request) => Promise<RateLimitVerdict>

export function defaultClientKey(request: Request): string {
  return clientKeyOf((name) => request.headers.get(name))
}

/** The default client key from a header lookup (the Fetch route and the node route share it). */
export function clientKeyOf(header: (name: string) => string | null): string {
  const forwarded = header('x-forwarded-for')?.split(',')[0]?.trim()
  return forwarded || header('x-real-ip')?.trim() || 'anonymous'
}

/** A verdict from rate-limiter-flexible's answer: a rejection with `msBeforeNext` is "over the limit". */
function overLimit(error: unknown): RateLimitVerdict | undefined {
  if (error !== null && typeof error === 'object' && !(error instanceof Error) && 'msBeforeNext' in error) {
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Number((error as { msBeforeNext: number }).msBeforeNext) / 1000)) }
  }
  return undefined
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const limit = createKeyedLimiter(options)
  const keyOf = options.key ?? defaultClientKey
  return (request) => limit(keyOf(request) ?? 'anonymous')
}

/** The proxy's own limiter: requests as the routes read them, the user's `key` given a `Request` only when there is one. */
export function createIncomingLimiter(options: RateLimitOptions): (request: Incoming) => Promise<RateLimitVerdict> {
  const limit = createKeyedLimiter(options)
  const key = options.key
  return (request) => limit((key ? key(request.request()) : clientKeyOf((name) => request.header(name))) ?? 'anonymous')
}

/** A limit by client key. */
function createKeyedLimiter(options: RateLimitOptions): (key: string) => Promise<RateLimitVerdict> {
  // The client's own checks of numbers: a NaN from the environment, a fraction of a request or a timer past 2^31 − 1 ms is
  // named at start; a missing capacity or rate (null here) too.
  const capacity = checkCount(options.capacity ?? null, 'rateLimit.capacity', 1)!
  const refillPerSecond = checkPositive(options.refillPerSecond ?? null, 'rateLimit.refillPerSecond')!
  const duration = Math.max(1, Math.round(capacity / refillPerSecond))
  const points = Math.max(1, Math.round(capacity), Math.round(refillPerSecond * duration))
  const keyPrefix = options.keyPrefix ?? 'blockfeed:rl'
  const memory = new RateLimiterMemory({ points, duration, keyPrefix })
  const whenRedisFails = options.whenRedisFails ?? 'memory'
  const redisTimeoutMs = checkMs(options.redisTimeoutMs, 'rateLimit.redisTimeoutMs') ?? 200
  const shared: RateLimiterAbstract | undefined = options.redis
    ? new RateLimiterRedis({ storeClient: options.redis, useRedisPackage: isNodeRedis(options.redis), points, duration, keyPrefix })
    : undefined
  const outage = outageLog('rate limit', options.onWarning)

  const consume = async (limiter: RateLimiterAbstract, key: string): Promise<RateLimitVerdict> => {
    try {
      await limiter.consume(key)
      return { ok: true }
    } catch (error) {
      const verdict = overLimit(error)
      if (verdict) return verdict
      throw error
    }
  }

  const fallback = (key: string): Promise<RateLimitVerdict> | RateLimitVerdict => {
    if (whenRedisFails === 'allow') return { ok: true }
    if (whenRedisFails === 'deny') return { ok: false, retryAfterSeconds: 1 }
    return consume(memory, key)
  }

  return async (key) => {
    if (!shared) return consume(memory, key)
    // Down: asked once a second, not by every request (each would wait out the deadline).
    if (!outage.worthAsking()) return fallback(key)
    try {
      const verdict = await withTimeout(consume(shared, key), redisTimeoutMs)
      outage.ok()
      return verdict
    } catch (error) {
      outage.failed(error)
      return fallback(key)
    }
  }
}
