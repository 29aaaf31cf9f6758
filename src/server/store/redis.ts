/**
 * The Redis client the proxy's cache, rate limit and head stream accept: an ioredis client (`call`)
 * or a node-redis v4+ client (`sendCommand`); nothing else is assumed.
 *
 * @example
 * ```ts
 * import { Redis } from 'ioredis'
 * import type { RedisClient } from 'blockfeed/server'
 *
 * const redis: RedisClient = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
 * ```
 */
export type RedisClient =
  | { call(command: string, ...args: (string | number)[]): Promise<unknown> }
  | { sendCommand(args: string[]): Promise<unknown> }

export type RedisCommand = (args: (string | number)[]) => Promise<unknown>

/** Whether a client is node-redis (rate-limiter-flexible must be told: `useRedisPackage`). */
export function isNodeRedis(client: RedisClient): boolean {
  return typeof (client as { call?: unknown }).call !== 'function' && typeof (client as { sendCommand?: unknown }).sendCommand === 'function'
}

class StoreTimeout extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`)
    this.name = 'StoreTimeout'
  }
}

/**
 * One command at a time with a deadline: a Redis that is down or slow never holds a request
 * longer than `timeoutMs` (an ioredis client queues commands while it reconnects, forever).
 */
export function redisCommand(client: RedisClient, timeoutMs: number): RedisCommand {
  if (client === null || typeof client !== 'object' || (typeof (client as { call?: unknown }).call !== 'function' && !isNodeRedis(client))) {
    throw new TypeError('redis: expected an ioredis or node-redis client')
  }
  const send = isNodeRedis(client)
    ? (args: (string | number)[]) => (client as { sendCommand(a: string[]): Promise<unknown> }).sendCommand(args.map(String))
    : (args: (string | number)[]) => (client as { call(c: string, ...a: (string | number)[]): Promise<unknown> }).call(String(args[0]), ...args.slice(1))
  return (args) => withTimeout(send(args), timeoutMs)
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeout(ms)), ms)
  })
  // A late rejection of the loser must not surface as an unhandled rejection.
  promise.catch(() => {})
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

export type StoreWarning = (message: string) => void

/** How often Redis is asked again during an outage (one request pays the deadline for it; the others go on without Redis). */
export const RETRY_REDIS_MS = 1_000

/**
 * Says "Redis is unreachable" once per outage, not once per request, and "reachable again" when
 * it comes back: a log that stays readable while thousands of requests fall back. It also says
 * when Redis is worth asking: during an outage every command waits out its deadline, so only one
 * ask per {@link RETRY_REDIS_MS} goes to it, to see whether it is back.
 */
export function outageLog(what: string, warn: StoreWarning = (m) => console.warn(m), retryMs = RETRY_REDIS_MS) {
  let down = false
  let askedAt = 0
  return {
    failed(error: unknown) {
      askedAt = Date.now()
      if (down) return
      down = true
      warn(`blockfeed proxy: ${what}: Redis unreachable (${error instanceof Error ? error.message : String(error)}); ${'falling back until it answers again'}`)
    },
    ok() {
      if (!down) return
      down = false
      warn(`blockfeed proxy: ${what}: Redis reachable again`)
    },
    /** Whether to send Redis a command now: always while it answers, once per `retryMs` while it does not. */
    worthAsking(): boolean {
      if (!down) return true
      if (Date.now() - askedAt < retryMs) return false
      askedAt = Date.now()
      return true
    },
    get down() {
      return down
    },
  }
}
