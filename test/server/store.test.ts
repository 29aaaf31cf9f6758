import { Redis, type RedisOptions } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createResponseCache, type CachedAnswer } from '../../src/server/store/cache.js'
import { createRateLimiter } from '../../src/server/store/rateLimit.js'
import { startRedis, type RedisServer } from '../support/redis.js'

let server: RedisServer
const clients: Redis[] = []

/** An ioredis client on the test's Redis (its `error` events are the outage tests' business). */
function connect(options: RedisOptions = {}): Redis {
  const client = new Redis({ port: server.port, host: '127.0.0.1', maxRetriesPerRequest: 1, ...options })
  client.on('error', () => {})
  clients.push(client)
  return client
}

beforeAll(async () => {
  server = await startRedis()
})
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect()
})
afterAll(async () => {
  await server.stop()
})

const from = (ip: string) => new Request('http://proxy.test/api/blockfeed/rpc', { headers: { 'x-forwarded-for': ip } })
let prefix = 0
const fresh = () => `test${++prefix}:${Date.now()}`

describe('rate limit shared through Redis', () => {
  it('two proxy instances with one Redis share one budget per client', async () => {
    const keyPrefix = fresh()
    // Sharing, not the outage path (redisOutage.test.ts): a first connection slower than the 200 ms default on a loaded machine would count alone.
    const a = createRateLimiter({ capacity: 3, refillPerSecond: 0.01, redis: connect(), keyPrefix, redisTimeoutMs: 2_000 })
    const b = createRateLimiter({ capacity: 3, refillPerSecond: 0.01, redis: connect(), keyPrefix, redisTimeoutMs: 2_000 })
    expect(await a(from('1.1.1.1'))).toEqual({ ok: true })
    expect(await b(from('1.1.1.1'))).toEqual({ ok: true })
    expect(await a(from('1.1.1.1'))).toEqual({ ok: true })
    const refused = await b(from('1.1.1.1'))
    expect(refused.ok).toBe(false)
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0)
    // Another client has its own budget.
    expect(await b(from('2.2.2.2'))).toEqual({ ok: true })
  })

  it('without Redis each instance counts alone (the in-memory default)', async () => {
    const a = createRateLimiter({ capacity: 1, refillPerSecond: 0.01 })
    const b = createRateLimiter({ capacity: 1, refillPerSecond: 0.01 })
    expect(await a(from('3.3.3.3'))).toEqual({ ok: true })
    expect(await b(from('3.3.3.3'))).toEqual({ ok: true })
    expect((await a(from('3.3.3.3'))).ok).toBe(false)
  })
})

describe('response cache shared through Redis', () => {
  const answer: CachedAnswer = { status: 200, body: '{"result":[]}' }
  const ok = (a: CachedAnswer) => a.status === 200

  it('an answer one instance fetched is a hit on the other, with no upstream call', async () => {
    const keyPrefix = fresh()
    const a = createResponseCache({ redis: connect(), keyPrefix })
    const b = createResponseCache({ redis: connect(), keyPrefix })
    let calls = 0
    const load = async () => (calls++, answer)
    expect((await a.through('page-1', 5, load, ok)).cache).toBe('miss')
    const second = await b.through('page-1', 5, load, ok)
    expect(second).toEqual({ ...answer, cache: 'hit' })
    expect(calls).toBe(1)
  })

  it('50 identical concurrent requests over two instances cost one upstream call', async () => {
    const keyPrefix = fresh()
    const a = createResponseCache({ redis: connect(), keyPrefix })
    const b = createResponseCache({ redis: connect(), keyPrefix })
    let calls = 0
    const load = async () => {
      calls++
      await new Promise((r) => setTimeout(r, 100))
      return answer
    }
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).through('popular', 5, load, ok)))
    expect(calls).toBe(1)
    expect(results.every((r) => r.body === answer.body)).toBe(true)
  })

  it('an instance that missed just before the other stored and unlocked takes the stored answer, not a second upstream call', async () => {
    // The interleaving a loaded machine produced in CI: B reads (miss); A locks, loads, stores and
    // unlocks; only then does B's lock command run, and it succeeds.
    const keyPrefix = fresh()
    const a = createResponseCache({ redis: connect(), keyPrefix })
    let releaseLock!: () => void
    const aDone = new Promise<void>((r) => (releaseLock = r))
    const raw = connect()
    const slowLock = {
      async call(command: string, ...args: (string | number)[]) {
        if (command === 'SET' && args.includes('NX')) await aDone
        return raw.call(command, ...args)
      },
    }
    const b = createResponseCache({ redis: slowLock, keyPrefix })
    let calls = 0
    const load = async () => (calls++, answer)
    const fromB = b.through('raced', 5, load, ok)
    await new Promise((r) => setTimeout(r, 20))
    expect((await a.through('raced', 5, load, ok)).cache).toBe('miss')
    releaseLock()
    expect(await fromB).toEqual({ ...answer, cache: 'shared' })
    expect(calls).toBe(1)
  })

  it('keeps nothing the caller says is not cacheable (an error, a null receipt)', async () => {
    const cache = createResponseCache({ redis: connect(), keyPrefix: fresh() })
    let calls = 0
    const load = async () => (calls++, { status: 502, body: '{}' })
    await cache.through('k', 5, load, ok)
    await cache.through('k', 5, load, ok)
    expect(calls).toBe(2)
  })

  it('a load that fails releases the lock: the other instance calls upstream at once, not after waitForOtherMs', async () => {
    const keyPrefix = fresh()
    const a = createResponseCache({ redis: connect(), keyPrefix, waitForOtherMs: 3_000 })
    const b = createResponseCache({ redis: connect(), keyPrefix, waitForOtherMs: 3_000 })
    await expect(a.through('failing', 5, () => Promise.reject(new Error('upstream down')), ok)).rejects.toThrow('upstream down')
    const started = Date.now()
    expect((await b.through('failing', 5, async () => answer, ok)).cache).toBe('miss')
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it("a holder whose load outlasted its lock does not unlock the next holder's: a third instance still waits for that one", async () => {
    const keyPrefix = fresh()
    let calls = 0
    const gated = (result: CachedAnswer) => {
      let open!: () => void
      const gate = new Promise<void>((r) => (open = r))
      return { open, load: async () => (calls++, await gate, result) }
    }
    // A's lock lasts 50 ms; its load takes longer and ends in an answer not kept (an upstream error).
    const a = createResponseCache({ redis: connect(), keyPrefix, waitForOtherMs: 50 })
    const b = createResponseCache({ redis: connect(), keyPrefix, waitForOtherMs: 5_000 })
    const c = createResponseCache({ redis: connect(), keyPrefix, waitForOtherMs: 5_000 })
    const slowA = gated({ status: 502, body: '{}' })
    const slowB = gated(answer)
    const fromA = a.through('long', 5, slowA.load, ok)
    await new Promise((r) => setTimeout(r, 150))
    // A's lock has expired: B takes the lock and loads.
    const fromB = b.through('long', 5, slowB.load, ok)
    await new Promise((r) => setTimeout(r, 50))
    slowA.open()
    expect((await fromA).status).toBe(502)
    // B still holds its lock: C waits for B's answer instead of calling upstream a third time.
    const fromC = c.through('long', 5, async () => (calls++, answer), ok)
    await new Promise((r) => setTimeout(r, 100))
    slowB.open()
    expect(await fromB).toEqual({ ...answer, cache: 'miss' })
    expect(await fromC).toEqual({ ...answer, cache: 'shared' })
    expect(calls).toBe(2)
  })

  it('an answer read from Redis is served from memory for what is left of its TTL, not a whole TTL again', async () => {
    const keyPrefix = fresh()
    const a = createResponseCache({ redis: connect(), keyPrefix })
    const b = createResponseCache({ redis: connect(), keyPrefix })
    let calls = 0
    const load = async () => (calls++, answer)
    await a.through('aging', 1, load, ok)
    await new Promise((r) => setTimeout(r, 600))
    expect((await b.through('aging', 1, load, ok)).cache).toBe('hit')
    // 1.15 s after it was fetched: older than its TTL, so no longer served by either instance.
    await new Promise((r) => setTimeout(r, 550))
    expect((await b.through('aging', 1, load, ok)).cache).toBe('miss')
    expect(calls).toBe(2)
  })

  it('keeps an answer "for good" in Redis for a day, not for ever', async () => {
    const keyPrefix = fresh()
    const cache = createResponseCache({ redis: connect(), keyPrefix })
    await cache.through('rpc:block', null, async () => answer, ok)
    const left = await connect().pttl(`${keyPrefix}:rpc:block`)
    expect(left).toBeGreaterThan(23 * 3600_000)
    expect(left).toBeLessThanOrEqual(24 * 3600_000)
  })

  it('expires history pages after their TTL', async () => {
    const cache = createResponseCache({ redis: connect(), keyPrefix: fresh() })
    let calls = 0
    const load = async () => (calls++, answer)
    await cache.through('k', 0.2, load, ok)
    await cache.through('k', 0.2, load, ok)
    expect(calls).toBe(1)
    await new Promise((r) => setTimeout(r, 300))
    await cache.through('k', 0.2, load, ok)
    expect(calls).toBe(2)
  })
})

describe('response cache in memory', () => {
  const ok = (a: CachedAnswer) => a.status === 200
  // 1 MiB of text, with its bytes 2 MiB an answer; one string and one array shared by every entry.
  const body = 'x'.repeat(1 << 20)
  const bytes = new TextEncoder().encode(body)

  it('holds at most 64 MiB by default: past that, the least recently used answers go first', async () => {
    const cache = createResponseCache()
    let calls = 0
    const load = async () => (calls++, { status: 200, body, bytes })
    for (let i = 0; i < 40; i++) await cache.through(`page-${i}`, 60, load, ok)
    expect((await cache.through('page-39', 60, load, ok)).cache).toBe('hit')
    expect((await cache.through('page-0', 60, load, ok)).cache).toBe('miss')
    expect(calls).toBe(41)
  })

  it('maxBytes sets the limit; an answer larger than it is not kept', async () => {
    const cache = createResponseCache({ maxBytes: 5 * 1024 * 1024 })
    let calls = 0
    const load = async () => (calls++, { status: 200, body, bytes })
    await cache.through('a', 60, load, ok)
    await cache.through('b', 60, load, ok)
    await cache.through('c', 60, load, ok)
    expect((await cache.through('c', 60, load, ok)).cache).toBe('hit')
    expect((await cache.through('a', 60, load, ok)).cache).toBe('miss')
    const small = createResponseCache({ maxBytes: 1024 })
    await small.through('big', 60, load, ok)
    expect((await small.through('big', 60, load, ok)).cache).toBe('miss')
  })
})

describe('Redis killed mid-test', () => {
  it('the proxy keeps serving: the cache fails open, the limit falls back to memory, one warning per outage, no hang', async () => {
    const own = await startRedis()
    const warnings: string[] = []
    const onWarning = (m: string) => warnings.push(m)
    // ioredis' defaults queue commands while reconnecting: only the proxy's own deadline saves the request.
    const queueing = new Redis({ port: own.port, host: '127.0.0.1' })
    queueing.on('error', () => {})
    clients.push(queueing)
    const limiter = createRateLimiter({ capacity: 2, refillPerSecond: 0.01, redis: queueing, onWarning, redisTimeoutMs: 100 })
    const cache = createResponseCache({ redis: queueing, onWarning, redisTimeoutMs: 100 })
    let calls = 0
    const load = async () => (calls++, { status: 200, body: '"x"' })

    expect(await limiter(from('9.9.9.9'))).toEqual({ ok: true })
    await cache.through('before', 5, load, () => true)
    await own.kill()

    // Many requests during the outage: all answered, by memory.
    const verdicts = []
    for (let i = 0; i < 5; i++) verdicts.push(await limiter(from('8.8.8.8')))
    expect(verdicts.map((v) => v.ok)).toEqual([true, true, false, false, false])
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => cache.through(`during-${i}`, 5, load, () => true)))
    expect(answers.every((a) => a.body === '"x"')).toBe(true)
    // One warning per store for the outage, not one per request.
    expect(warnings).toHaveLength(2)
    expect(warnings.join('\n')).toMatch(/rate limit: Redis unreachable/)
    expect(warnings.join('\n')).toMatch(/cache: Redis unreachable/)
  })

  it('whenRedisFails: allow lets requests through, deny refuses them', async () => {
    const own = await startRedis()
    const client = connect({ port: own.port })
    await own.kill()
    const allow = createRateLimiter({ capacity: 1, refillPerSecond: 0.01, redis: client, whenRedisFails: 'allow', onWarning: () => {} })
    const deny = createRateLimiter({ capacity: 1, refillPerSecond: 0.01, redis: client, whenRedisFails: 'deny', onWarning: () => {} })
    expect([await allow(from('7.7.7.7')), await allow(from('7.7.7.7'))]).toEqual([{ ok: true }, { ok: true }])
    expect((await deny(from('7.7.7.7'))).ok).toBe(false)
  })
})

describe('bad configuration is refused with a message', () => {
  it('names what is wrong', () => {
    expect(() => createRateLimiter({ capacity: 0, refillPerSecond: 1 })).toThrow(/capacity/)
    expect(() => createResponseCache({ ttlSeconds: 0 })).toThrow(/ttlSeconds/)
    expect(() => createResponseCache({ maxBytes: 0 })).toThrow(/maxBytes/)
    expect(() => createResponseCache({ maxBytes: Infinity })).toThrow(/maxBytes/)
    expect(() => createResponseCache({ redis: {} as never })).toThrow(/ioredis or node-redis/)
  })
})
