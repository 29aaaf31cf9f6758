import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js'
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js'
import { checkCount, checkMs, checkPositive } from '../../core/options.js'
import type { Incoming } from '../exchange.js'
import { isNodeRedis, outageLog, withTimeout, type RedisClient, type StoreWarning } from './redis.js'

/**
 * How many requests each client may send the proxy (`createProxyHandler({ rateLimit })` or
 * {@link createRateLimiter}): on average `refillPerSecond` requests a second, in bursts of up to
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
   * Which client a request comes from. Those headers can be forged unless a proxy in front of you
   * overwrites them; pass your own key when none does.
   * @defaultValue {@link defaultClientKey}: the first address of `X-Forwarded-For`, else `X-Real-IP`, else one shared budget
   */
  key?: ((request: Request) => string | undefined) | undefined
  /** An ioredis or node-redis client: the budget is shared by every proxy using that Redis. @defaultValue none (this process's memory) */
  redis?: RedisClient | undefined
  /** Prefix of the Redis keys. @defaultValue `'blockfeed:rl'` */
  keyPrefix?: string | undefined
  /**
   * What to do while Redis is unreachable or slower than `redisTimeoutMs`: `memory` counts in this
   * process until Redis answers again; `allow` lets requests through; `deny` refuses them with 429.
   * @defaultValue `'memory'`
   */
  whenRedisFails?: 'memory' | 'allow' | 'deny' | undefined
  /** How long to wait for Redis before falling back, in ms. @defaultValue `200` */
  redisTimeoutMs?: number | undefined
  /** Where the one warning per Redis outage goes. @defaultValue `console.warn` */
  onWarning?: StoreWarning | undefined
}

/** A rate limiter's answer for one request: allowed, or over the limit with the seconds to wait (for `Retry-After`). */
export type RateLimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number }
/** Counts a request against its client's budget and says whether it may go on: what {@link createRateLimiter} makes. */
export type RateLimiter = (request: Request) => Promise<RateLimitVerdict>

/**
 * Tells which client a request comes from, as the rate limit counts it by default: the first address
 * of `X-Forwarded-For`, else `X-Real-IP`, else `'anonymous'` (one shared budget).
 *
 * @param request - The incoming request.
 * @returns The client's key.
 * @remarks Those headers can be forged unless a proxy in front of you overwrites them (behind
 * `toNodeHandler`, `X-Forwarded-For` is the socket's address unless `trustForwardedFor`).
 * @example
 * ```ts
 * import { createRateLimiter, defaultClientKey } from 'blockfeed/server'
 *
 * // One budget per signed-in user, else per address.
 * const limit = createRateLimiter({
 *   capacity: 30,
 *   refillPerSecond: 1,
 *   key: (request) => request.headers.get('x-user-id') ?? defaultClientKey(request),
 * })
 * ```
 */
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

/**
 * Makes the proxy's per-client rate limit for your own routes: each client may send `capacity`
 * requests in a burst and `refillPerSecond` on average.
 *
 * @param options - The budget, how clients are told apart, and optionally Redis to share it.
 * @returns A {@link RateLimiter}: call it with each request and refuse those it says are over.
 * @throws {@link InvalidParameterError} When `capacity`, `refillPerSecond` or `redisTimeoutMs` is missing or not a valid number (at start).
 * @remarks Counted by rate-limiter-flexible in fixed windows of `capacity / refillPerSecond` seconds
 * (at least one): one Redis round trip per request with `redis`, none without. While Redis is down
 * it is asked once a second, and `whenRedisFails` decides meanwhile.
 * @example
 * ```ts
 * import { createRateLimiter } from 'blockfeed/server'
 *
 * const limit = createRateLimiter({ capacity: 20, refillPerSecond: 2 })
 *
 * export async function POST(request: Request): Promise<Response> {
 *   const verdict = await limit(request)
 *   if (!verdict.ok) return new Response('Too many requests', { status: 429, headers: { 'retry-after': String(verdict.retryAfterSeconds) } })
 *   return new Response('ok')
 * }
 * ```
 */
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
