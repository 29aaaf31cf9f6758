import { Redis, type RedisOptions } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
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

/**
 * For the tests of sharing, where Redis is up: a deadline no pause of a loaded machine reaches, so a
 * slow answer is never taken for an outage (the outage tests below set their own).
 */
const healthy = { redisTimeoutMs: 10_000 }
/** Waits on a state, as long as a loaded machine may take to reach it. */
const until = (assertion: () => unknown) => vi.waitFor(assertion, { timeout: 20_000, interval: 20 })

type Command = { args: (string | number)[]; reply: unknown }
/** A client that records each command with its reply, and calls `onReply` as each arrives. */
function watched(client: Redis, onReply: (command: Command) => void = () => {}) {
  const commands: Command[] = []
  return {
    commands,
    async call(command: string, ...args: (string | number)[]) {
      const reply = await client.call(command, ...args)
      const seen = { args: [command, ...args], reply }
      commands.push(seen)
      onReply(seen)
      return reply
    },
  }
}
const isLock = (c: Command) => c.args[0] === 'SET' && c.args.includes('NX')

const from = (ip: string) => new Request('http://proxy.test/api/blockfeed/rpc', { headers: { 'x-forwarded-for': ip } })
let prefix = 0
const fresh = () => `test${++prefix}:${Date.now()}`

describe('rate limit shared through Redis', () => {
  it('two proxy instances with one Redis share one budget per client', async () => {
    const keyPrefix = fresh()
    // Sharing, not the outage path (redisOutage.test.ts): a first connection slower than the 200 ms default on a loaded machine would count alone.
    const a = createRateLimiter({ capacity: 3, refillPerSecond: 0.01, redis: connect(), keyPrefix, ...healthy })
    const b = createRateLimiter({ capacity: 3, refillPerSecond: 0.01, redis: connect(), keyPrefix, ...healthy })
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
    const a = createResponseCache({ redis: connect(), keyPrefix, ...healthy })
    const b = createResponseCache({ redis: connect(), keyPrefix, ...healthy })
    let calls = 0
    const load = async () => (calls++, answer)
    expect((await a.through('page-1', 5, load, ok)).cache).toBe('miss')
    const second = await b.through('page-1', 5, load, ok)
    expect(second).toEqual({ ...answer, cache: 'hit' })
    expect(calls).toBe(1)
  })

  it('50 identical concurrent requests over two instances cost one upstream call', async () => {
    const keyPrefix = fresh()
    // Concurrent across instances, whatever the machine's speed: the instance that loads holds its
    // answer until the other has asked for the lock and been told to wait.
    // (Were both to load, the second load lets both go on, and the count says so.)
    let otherWaits = false
    const onReply = (c: Command) => void (isLock(c) && c.reply === null && (otherWaits = true))
    const a = createResponseCache({ redis: watched(connect(), onReply), keyPrefix, ...healthy })
    const b = createResponseCache({ redis: watched(connect(), onReply), keyPrefix, ...healthy })
    let calls = 0
    const load = async () => {
      calls++
      await until(() => expect(otherWaits || calls > 1).toBe(true))
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
    const a = createResponseCache({ redis: connect(), keyPrefix, ...healthy })
    let releaseLock!: () => void
    const aDone = new Promise<void>((r) => (releaseLock = r))
    let bAtLock!: () => void
    const bMissed = new Promise<void>((r) => (bAtLock = r))
    const raw = connect()
    const slowLock = {
      async call(command: string, ...args: (string | number)[]) {
        if (command === 'SET' && args.includes('NX')) {
          bAtLock()
          await aDone
        }
        return raw.call(command, ...args)
      },
    }
    // B's lock command is held for as long as A takes: no deadline may cut it short.
    const b = createResponseCache({ redis: slowLock, keyPrefix, ...healthy })
    let calls = 0
    const load = async () => (calls++, answer)
    const fromB = b.through('raced', 5, load, ok)
    // B has read (a miss) and sends its lock command.
    await bMissed
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
    const a = createResponseCache({ redis: connect(), keyPrefix, waitForOtherMs: 3_000, ...healthy })
    const fromB = watched(connect())
    const b = createResponseCache({ redis: fromB, keyPrefix, waitForOtherMs: 3_000, ...healthy })
    await expect(a.through('failing', 5, () => Promise.reject(new Error('upstream down')), ok)).rejects.toThrow('upstream down')
    // The failed load left no lock behind...
    expect(await connect().exists(`${keyPrefix}:failing:lock`)).toBe(0)
    // ...so B takes the lock itself and loads, without once polling for another instance's answer.
    expect((await b.through('failing', 5, async () => answer, ok)).cache).toBe('miss')
    expect(fromB.commands.filter(isLock).map((c) => c.reply)).toEqual(['OK'])
    expect(fromB.commands.some((c) => c.args[0] === 'EXISTS')).toBe(false)
  })

  it("a holder whose load outlasted its lock does not unlock the next holder's: a third instance still waits for that one", async () => {
    const keyPrefix = fresh()
    let calls = 0
    const gated = (result: CachedAnswer) => {
      let open!: () => void
      const gate = new Promise<void>((r) => (open = r))
      return { open, load: async () => (calls++, await gate, result) }
    }
    const raw = connect()
    const lockKey = `${keyPrefix}:long:lock`
    // A's lock lasts 50 ms; its load takes longer and ends in an answer not kept (an upstream error).
    const a = createResponseCache({ redis: connect(), keyPrefix, waitForOtherMs: 50, ...healthy })
    const b = createResponseCache({ redis: connect(), keyPrefix, waitForOtherMs: 20_000, ...healthy })
    const cClient = watched(connect())
    const c = createResponseCache({ redis: cClient, keyPrefix, waitForOtherMs: 20_000, ...healthy })
    const slowA = gated({ status: 502, body: '{}' })
    const slowB = gated(answer)
    const fromA = a.through('long', 5, slowA.load, ok)
    // A holds its lock and loads; then its lock expires in Redis.
    await until(() => expect(calls).toBe(1))
    await until(async () => expect(await raw.exists(lockKey)).toBe(0))
    // B takes the lock and loads.
    const fromB = b.through('long', 5, slowB.load, ok)
    await until(() => expect(calls).toBe(2))
    slowA.open()
    expect((await fromA).status).toBe(502)
    // A's unlock left B's lock in place.
    expect(await raw.exists(lockKey)).toBe(1)
    // B still holds its lock: C waits for B's answer instead of calling upstream a third time.
    const fromC = c.through('long', 5, async () => (calls++, answer), ok)
    await until(() => expect(cClient.commands.filter(isLock).map((x) => x.reply)).toEqual([null]))
    slowB.open()
    expect(await fromB).toEqual({ ...answer, cache: 'miss' })
    expect(await fromC).toEqual({ ...answer, cache: 'shared' })
    expect(calls).toBe(2)
  })

  it('an answer read from Redis is served from memory for what is left of its TTL, not a whole TTL again', async () => {
    const keyPrefix = fresh()
    const a = createResponseCache({ redis: connect(), keyPrefix, ...healthy })
    const b = createResponseCache({ redis: connect(), keyPrefix, ...healthy })
    const raw = connect()
    let calls = 0
    const load = async () => (calls++, answer)
    // Kept for 120 s; then, as if fetched long ago, with 3 s of its life left in Redis.
    await a.through('aging', 120, load, ok)
    await raw.pexpire(`${keyPrefix}:aging`, 3_000)
    expect((await b.through('aging', 120, load, ok)).cache).toBe('hit')
    // Gone from Redis: B still serves its copy, until what was left of its life ends (not 120 s later).
    await raw.del(`${keyPrefix}:aging`)
    expect((await b.through('aging', 120, load, ok)).cache).toBe('hit')
    await until(async () => expect(await b.peek('aging', 120)).toBeUndefined())
    expect((await b.through('aging', 120, load, ok)).cache).toBe('miss')
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
    const cache = createResponseCache({ redis: connect(), keyPrefix: fresh(), ...healthy })
    let calls = 0
    const load = async () => (calls++, answer)
    await cache.through('k', 1, load, ok)
    await cache.through('k', 1, load, ok)
    expect(calls).toBe(1)
    // Neither this process's memory nor Redis serves it once its second is over.
    await vi.waitFor(async () => expect(await cache.peek('k', 1)).toBeUndefined(), { timeout: 15_000, interval: 50 })
    await cache.through('k', 1, load, ok)
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
    // Connected before the first request, and a deadline past a loaded machine's pauses: the one outage is the kill.
    await queueing.ping()
    const limiter = createRateLimiter({ capacity: 2, refillPerSecond: 0.01, redis: queueing, onWarning, redisTimeoutMs: 1_000 })
    const cache = createResponseCache({ redis: queueing, onWarning, redisTimeoutMs: 1_000 })
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
