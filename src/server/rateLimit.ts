/** A per-client token bucket: `capacity` requests at once, refilled at `refillPerSecond`. */
export interface RateLimitOptions {
  /** Most requests a client may send in a burst. */
  capacity: number
  /** Tokens given back per second. */
  refillPerSecond: number
  /**
   * Which client a request comes from. Default: the first address of `X-Forwarded-For`,
   * else `X-Real-IP`, else one shared bucket. Those headers can be forged unless a proxy
   * in front of you overwrites them; pass your own key when none does.
   */
  key?: ((request: Request) => string | undefined) | undefined
  /** Buckets kept at most; idle (full) buckets are dropped first. Default 10 000. */
  maxClients?: number | undefined
}

export type RateLimiter = (request: Request, now?: number) => { ok: true } | { ok: false; retryAfterSeconds: number }

export function defaultClientKey(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return forwarded || request.headers.get('x-real-ip')?.trim() || 'anonymous'
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { capacity, refillPerSecond } = options
  if (!(capacity >= 1) || !(refillPerSecond > 0)) {
    throw new RangeError('rateLimit: capacity must be ≥ 1 and refillPerSecond > 0')
  }
  const keyOf = options.key ?? defaultClientKey
  const maxClients = options.maxClients ?? 10_000
  const buckets = new Map<string, { tokens: number; at: number }>()

  const refill = (b: { tokens: number; at: number }, now: number) => {
    b.tokens = Math.min(capacity, b.tokens + ((now - b.at) / 1000) * refillPerSecond)
    b.at = now
  }

  return (request, now = Date.now()) => {
    const key = keyOf(request) ?? 'anonymous'
    let bucket = buckets.get(key)
    if (!bucket) {
      if (buckets.size >= maxClients) prune(now)
      bucket = { tokens: capacity, at: now }
      buckets.set(key, bucket)
    }
    refill(bucket, now)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return { ok: true }
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond)) }
  }

  // Keeps memory bounded under many client keys: full buckets carry no state worth keeping.
  function prune(now: number) {
    for (const [k, b] of buckets) {
      refill(b, now)
      if (b.tokens >= capacity) buckets.delete(k)
    }
    // Still full of busy clients: drop the oldest (Map keeps insertion order).
    for (const k of buckets.keys()) {
      if (buckets.size < maxClients) break
      buckets.delete(k)
    }
  }
}
