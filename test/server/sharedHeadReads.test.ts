/**
 * Head reads (the block number, fees, the latest block) served from the proxy's cache for a fraction
 * of a block, with one upstream call for identical calls asked at the same time: in one instance, and
 * across instances through a real redis-server. Reads of one address are not shared.
 */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { InvalidParameterError } from '../../src/core/errors.js'
import { createProxyHandler, type ProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { HEAD_LOCK_MS, headTtlMs, isHeadRead } from '../../src/server/headReads.js'
import { json, startFakeUpstream, type FakeUpstream } from '../faults/support/fakeUpstream.js'
import { API_KEY, WALLET } from '../faults/support/fixtures.js'
import { startRedis, type RedisServer } from '../support/redis.js'
import { serveProxy } from './support.js'

type Call = { jsonrpc: '2.0'; id: number | string; method: string; params?: unknown[] }

let upstream: FakeUpstream
let redis: RedisServer
const clients: Redis[] = []
let run = 0
/** How long the upstream takes to answer: long enough that callers arriving together overlap. */
const UPSTREAM_MS = 40
/** When the upstream received each call that it answered with a given block number, and when it answered. */
let askedAt: Map<number, number>
let answeredAt: Map<number, number>
let head: number

beforeAll(async () => {
  ;[upstream, redis] = await Promise.all([startFakeUpstream(), startRedis()])
})
afterAll(async () => {
  for (const c of clients) c.disconnect()
  await Promise.all([upstream.close(), redis.stop()])
})
beforeEach(() => {
  upstream.reset()
  run++
  askedAt = new Map()
  answeredAt = new Map()
  head = 0x100
  // Every call that reaches the upstream sees a new block: an answer's number says when it was asked.
  upstream.reply(async (call, res) => {
    const body = JSON.parse(call.body) as Call | Call[]
    const numbers: number[] = []
    const answer = (c: Call) => {
      if (c.method === 'eth_blockNumber') {
        head += 1
        numbers.push(head)
        askedAt.set(head, Date.now())
        return { jsonrpc: '2.0', id: c.id, result: `0x${head.toString(16)}` }
      }
      if (c.method === 'eth_getBlockByNumber') return { jsonrpc: '2.0', id: c.id, result: c.params?.[0] === 'finalized' ? null : { number: `0x${head.toString(16)}` } }
      if (c.method === 'eth_feeHistory') return { jsonrpc: '2.0', id: c.id, error: { code: -32000, message: 'fee history unavailable' } }
      return { jsonrpc: '2.0', id: c.id, result: '0x3b9aca00' }
    }
    const answers = Array.isArray(body) ? body.map(answer) : answer(body)
    await new Promise((r) => setTimeout(r, UPSTREAM_MS))
    for (const n of numbers) answeredAt.set(n, Date.now())
    return json(res, 200, answers)
  })
})

function connect(): Redis {
  const client = new Redis({ port: redis.port, host: '127.0.0.1', maxRetriesPerRequest: 1 })
  client.on('error', () => {})
  clients.push(client)
  return client
}

const options = (extra: Partial<ProxyHandlerOptions> = {}): ProxyHandlerOptions => ({ baseUrl: upstream.url, apiKey: API_KEY, rpc: { url: `${upstream.url}/rpc` }, ...extra })

/**
 * How much older than the TTL an answer to a call asked at `asked` is: the TTL may be exceeded by the
 * upstream round trip of the answer (its time at the upstream, here measured, and its way back, within `slack`).
 */
function overTtl(asked: number, result: string, ttl: number): number {
  const n = Number(result)
  return asked - askedAt.get(n)! - ttl - (answeredAt.get(n)! - askedAt.get(n)!)
}

/** Two instances as two servers run them (separate state, one Redis), each connected before traffic. */
async function twoInstances(cache: Record<string, unknown> = {}): Promise<ProxyHandler[]> {
  const both = [connect(), connect()]
  await Promise.all(both.map((c) => c.ping()))
  // A generous Redis deadline: these tests are about the lock, not about going on without a slow Redis.
  return both.map((client) => createProxyHandler(options({ cache: { redis: client, keyPrefix: `h${run}`, redisTimeoutMs: 2_000, ...cache } })))
}

const post = (handler: ProxyHandler, body: unknown, chain?: string) =>
  handler(
    new Request(`http://proxy.test/api/blockfeed/rpc${chain ? `?chain=${chain}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
const call = (method: string, params: unknown[] = [], id: number | string = 1): Call => ({ jsonrpc: '2.0', id, method, params })
const sent = () => upstream.calls.flatMap((c) => [JSON.parse(c.body) as Call | Call[]].flat())
const sentOf = (method: string) => sent().filter((c) => c.method === method).length

describe('head reads in one instance', () => {
  it('identical calls asked together cost one upstream call, each answered under its own id', async () => {
    const proxy = createProxyHandler(options({ cache: true }))
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(proxy, call('eth_blockNumber', [], `tab-${i}`))))
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { id: string; result: string }[]
    expect(sentOf('eth_blockNumber')).toBe(1)
    expect(bodies.map((b) => b.id)).toEqual(Array.from({ length: 30 }, (_, i) => `tab-${i}`))
    expect(new Set(bodies.map((b) => b.result))).toEqual(new Set(['0x101']))
    expect(answers.map((r) => r.headers.get('x-blockfeed-cache')).sort()).toEqual(['miss', ...Array<string>(29).fill('shared')])
    // Asked again within the TTL: from the cache.
    const again = await post(proxy, call('eth_blockNumber', [], 7))
    expect(again.headers.get('x-blockfeed-cache')).toBe('hit')
    expect(await again.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x101' })
    expect(sentOf('eth_blockNumber')).toBe(1)
  })

  it('inside batches too: each head read once upstream, shared with single calls, the other calls as before', async () => {
    const proxy = createProxyHandler(options({ cache: true }))
    const batch = (id: number) => [
      call('eth_blockNumber', [], id),
      call('eth_gasPrice', [], id + 1),
      call('eth_getBlockByNumber', ['latest', false], id + 2),
      call('eth_getBalance', [WALLET, 'latest'], id + 3),
    ]
    const [first, second, single] = await Promise.all([post(proxy, batch(10)), post(proxy, batch(20)), post(proxy, call('eth_blockNumber', [], 'one'))])
    const [a, b] = (await Promise.all([first.json(), second.json()])) as { id: number; result: unknown }[][]
    expect(a!.map((r) => r.id)).toEqual([10, 11, 12, 13])
    expect(b!.map((r) => r.id)).toEqual([20, 21, 22, 23])
    expect(a![0]!.result).toBe('0x101')
    expect(b![0]!.result).toBe('0x101')
    expect(((await single.json()) as { result: string }).result).toBe('0x101')
    expect(b![2]!.result).toEqual(a![2]!.result)
    expect(sentOf('eth_blockNumber')).toBe(1)
    expect(sentOf('eth_gasPrice')).toBe(1)
    expect(sentOf('eth_getBlockByNumber')).toBe(1)
    // The balance is not a head read: each batch sent it.
    expect(sentOf('eth_getBalance')).toBe(2)
  })

  it('an error or a null answer is shared with the calls waiting on it, and never kept', async () => {
    const proxy = createProxyHandler(options({ cache: true }))
    const fee = call('eth_feeHistory', ['0x4', 'latest', [25, 75]])
    const finalized = call('eth_getBlockByNumber', ['finalized', false])
    const [e1, e2, batch] = await Promise.all([post(proxy, fee), post(proxy, { ...fee, id: 2 }), post(proxy, [{ ...fee, id: 3 }, { ...finalized, id: 4 }])])
    expect(await e1.json()).toMatchObject({ id: 1, error: { code: -32000, message: 'fee history unavailable' } })
    expect(await e2.json()).toMatchObject({ id: 2, error: { code: -32000 } })
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'fee history unavailable' } },
      { jsonrpc: '2.0', id: 4, result: null },
    ])
    expect(sentOf('eth_feeHistory')).toBe(1)
    // Not kept: asked again, they go upstream again.
    await post(proxy, fee)
    await post(proxy, finalized)
    expect(sentOf('eth_feeHistory')).toBe(2)
    expect(sentOf('eth_getBlockByNumber')).toBe(2)
  })

  it('reads of one address at latest are not shared: every call goes upstream, with no cache header', async () => {
    const proxy = createProxyHandler(options({ cache: true }))
    const reads = [
      call('eth_getBalance', [WALLET, 'latest']),
      call('eth_getTransactionCount', [WALLET, 'latest']),
      call('eth_getCode', [WALLET, 'latest']),
      call('eth_getStorageAt', [WALLET, '0x0', 'latest']),
      call('eth_call', [{ to: WALLET, data: '0x' }, 'latest']),
    ]
    for (const read of reads) {
      const answers = await Promise.all([post(proxy, read), post(proxy, read), post(proxy, read)])
      expect(answers.map((r) => r.headers.get('x-blockfeed-cache'))).toEqual([null, null, null])
      expect(sentOf(read.method)).toBe(3)
    }
    // A block by number, or fee history at one, is not a head read either.
    expect(isHeadRead('eth_getBlockByNumber', ['0x10', false])).toBe(false)
    expect(isHeadRead('eth_feeHistory', ['0x4', '0x10', []])).toBe(false)
    expect(isHeadRead('eth_getBlockByNumber', ['earliest', false])).toBe(false)
    expect(isHeadRead('eth_getBlockByNumber', ['safe', true])).toBe(true)
    expect(isHeadRead('eth_feeHistory', ['0x4', 'pending', []])).toBe(true)
  })

  it('an answer is never older than the TTL plus one upstream round trip, and the head moves on after the TTL', async () => {
    const ttl = 80
    const proxy = createProxyHandler(options({ cache: { headTtlMs: ttl } }))
    const ages: number[] = []
    const seen = new Set<string>()
    const until = Date.now() + 700
    // Four pollers, out of step with each other and with the TTL.
    await Promise.all(
      [0, 7, 19, 31].map(async (offset) => {
        await new Promise((r) => setTimeout(r, offset))
        while (Date.now() < until) {
          // Measured from the asking: a busy machine may be slow to deliver an answer, which does not make it older when given.
          const asked = Date.now()
          const r = (await (await post(proxy, call('eth_blockNumber'))).json()) as { result: string }
          ages.push(overTtl(asked, r.result, ttl))
          seen.add(r.result)
          await new Promise((r) => setTimeout(r, 11))
        }
      }),
    )
    // Past the TTL by at most the upstream round trip: its time at the upstream and its way back to the proxy.
    expect(Math.max(...ages)).toBeLessThanOrEqual(50)
    // The head moves on once the TTL is over, and no faster than one upstream call per TTL.
    expect(seen.size).toBeGreaterThanOrEqual(3)
    expect(sentOf('eth_blockNumber')).toBeLessThanOrEqual(Math.ceil(700 / ttl) + 1)
  })

  it('the TTL defaults to half the block time, at most 1 s; cache.headTtlMs sets it for every chain', () => {
    expect(headTtlMs('eth', undefined)).toBe(1_000)
    expect(headTtlMs('0x1', undefined)).toBe(1_000)
    expect(headTtlMs('polygon', undefined)).toBe(1_000)
    expect(headTtlMs('bsc', undefined)).toBe(375)
    expect(headTtlMs('arbitrum', undefined)).toBe(125)
    expect(headTtlMs('0xA4B1', undefined)).toBe(125)
    expect(headTtlMs('0x7a69', undefined)).toBe(1_000)
    expect(headTtlMs(undefined, undefined)).toBe(1_000)
    expect(headTtlMs('arbitrum', 300)).toBe(300)
  })

  it('a bad cache.headTtlMs is refused when the proxy is made, with an InvalidParameterError naming it', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 31, '500', null]) {
      let thrown: unknown
      try {
        createProxyHandler(options({ cache: { headTtlMs: bad as number } }))
      } catch (error) {
        thrown = error
      }
      expect(thrown, String(bad)).toBeInstanceOf(InvalidParameterError)
      expect((thrown as InvalidParameterError).parameter).toBe('cache.headTtlMs')
    }
    expect(() => createProxyHandler(options({ cache: { headTtlMs: 250 } }))).not.toThrow()
  })
})

describe('head reads across instances (one redis-server)', () => {
  it('two instances share one upstream call for calls asked together, and the cached answer after it', async () => {
    const [a, b] = await twoInstances()
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(i % 2 ? a! : b!, call('eth_blockNumber', [], i))))
    const results = (await Promise.all(answers.map((r) => r.json()))) as { result: string }[]
    expect(sentOf('eth_blockNumber')).toBe(1)
    expect(new Set(results.map((r) => r.result))).toEqual(new Set(['0x101']))
    // Each instance answers from its memory or from Redis now.
    for (const proxy of [a!, b!]) expect((await post(proxy, call('eth_blockNumber'))).headers.get('x-blockfeed-cache')).toBe('hit')
    expect(sentOf('eth_blockNumber')).toBe(1)
  })

  it('over HTTP (the node route): an answer read from the other instance is no older than the TTL plus one round trip', async () => {
    const ttl = 100
    const [a, b] = await twoInstances({ headTtlMs: ttl })
    const served = await Promise.all([serveProxy(a!), serveProxy(b!)])
    try {
      const ages: number[] = []
      const until = Date.now() + 600
      await Promise.all(
        served.flatMap((s, k) =>
          [0, 13].map(async (offset) => {
            await new Promise((r) => setTimeout(r, offset + k * 5))
            while (Date.now() < until) {
              const asked = Date.now()
              const r = await fetch(`${s.url}/api/blockfeed/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call('eth_blockNumber')) })
              const { result } = (await r.json()) as { result: string }
              ages.push(overTtl(asked, result, ttl))
              await new Promise((r) => setTimeout(r, 9))
            }
          }),
        ),
      )
      // The way back includes the Redis hops to the other instance.
      expect(Math.max(...ages)).toBeLessThanOrEqual(60)
      expect(sentOf('eth_blockNumber')).toBeLessThanOrEqual(Math.ceil(600 / ttl) + 1)
    } finally {
      await Promise.all(served.map((s) => s.close()))
    }
  })

  it('a holder that died is not waited for past its lock: the next instance loads the answer itself', async () => {
    const [a] = await twoInstances()
    // The lock a holder leaves when it dies between taking it and storing the answer.
    const lockKey = `h${run}:rpc::eth_blockNumber:[]:lock`
    await connect().set(lockKey, 'dead-holder', 'PX', 300)
    const started = Date.now()
    const answer = (await (await post(a!, call('eth_blockNumber'))).json()) as { result: string }
    expect(answer.result).toBe('0x101')
    expect(Date.now() - started).toBeLessThan(300 + UPSTREAM_MS + 500)
    expect(sentOf('eth_blockNumber')).toBe(1)
    // A lock that outlives the wait (a holder stuck past it): waited for HEAD_LOCK_MS at most, then loaded here.
    await connect().set(`h${run}:rpc::eth_gasPrice:[]:lock`, 'stuck-holder', 'PX', 60_000)
    const again = Date.now()
    expect(((await (await post(a!, call('eth_gasPrice'))).json()) as { result: string }).result).toBe('0x3b9aca00')
    expect(Date.now() - again).toBeGreaterThanOrEqual(HEAD_LOCK_MS - 50)
    expect(Date.now() - again).toBeLessThan(HEAD_LOCK_MS + UPSTREAM_MS + 500)
  })

  it('Redis killed mid-run: each instance goes on with its own single flight, and no request hangs', async () => {
    const own = await startRedis()
    try {
      const both = [new Redis({ port: own.port, host: '127.0.0.1', maxRetriesPerRequest: 1 }), new Redis({ port: own.port, host: '127.0.0.1', maxRetriesPerRequest: 1 })]
      for (const c of both) c.on('error', () => {}), clients.push(c)
      await Promise.all(both.map((c) => c.ping()))
      const warnings: string[] = []
      const [a, b] = both.map((client) =>
        createProxyHandler(options({ cache: { redis: client, keyPrefix: `k${run}`, headTtlMs: 50, redisTimeoutMs: 250, onWarning: (m) => warnings.push(m) } })),
      )
      const round = async () => {
        const started = Date.now()
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? a! : b!, call('eth_blockNumber', [], i))))
        const bodies = (await Promise.all(answers.map((r) => r.json()))) as { result?: string }[]
        expect(bodies.every((x) => typeof x.result === 'string')).toBe(true)
        return Date.now() - started
      }
      await round()
      // Shared through Redis (two when a busy machine made a Redis command miss its deadline: fail open).
      expect(sentOf('eth_blockNumber')).toBeLessThanOrEqual(2)
      await own.kill()
      upstream.calls.length = 0
      // Past the TTL, with Redis gone: every round answered, none waiting on Redis past its deadline, nor on a lock (1 s).
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 60))
        expect(await round()).toBeLessThan(250 + UPSTREAM_MS + 600)
      }
      // At most one upstream call per instance a round: each shares within itself.
      expect(sentOf('eth_blockNumber')).toBeLessThanOrEqual(8)
      expect(warnings.some((w) => /Redis unreachable/.test(w))).toBe(true)
    } finally {
      await own.stop()
    }
  })
})
