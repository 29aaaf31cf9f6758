/**
 * Two proxy instances, one Redis (a real redis-server on a free port): one rate-limit budget per
 * client, one cache, one upstream call for identical concurrent requests; and a Redis that dies
 * mid-test does not take the proxy with it.
 */
import { Redis } from 'ioredis'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, json, type FakeUpstream } from '../faults/support/fakeUpstream.js'
import { API_KEY, WALLET, rawEntry, rawPage } from '../faults/support/fixtures.js'
import { startRedis, type RedisServer } from '../support/redis.js'
import { serveProxy } from './support.js'

const HISTORY = `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`
const TX = `0x${'ab'.repeat(32)}` as `0x${string}`
const PENDING = `0x${'cd'.repeat(32)}` as `0x${string}`

let upstream: FakeUpstream
let redis: RedisServer
const clients: Redis[] = []
let run = 0

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
  upstream.reply(async (call, res) => {
    if (!call.url.startsWith('/rpc')) {
      await new Promise((r) => setTimeout(r, 50))
      return json(res, 200, rawPage([rawEntry(1)]))
    }
    const body = JSON.parse(call.body)
    const answer = (c: { id: number; method: string; params: string[] }) => ({
      jsonrpc: '2.0',
      id: c.id,
      // A mined transaction has a block; the other one is not known yet (null).
      result: c.params[0] === TX ? { hash: TX, blockHash: `0x${'ef'.repeat(32)}`, blockNumber: '0x10' } : c.method === 'eth_blockNumber' ? '0x10' : null,
    })
    return json(res, 200, Array.isArray(body) ? body.map(answer) : answer(body))
  })
})

function connect(port = redis.port): Redis {
  const client = new Redis({ port, host: '127.0.0.1' })
  client.on('error', () => {})
  clients.push(client)
  return client
}

/**
 * Two instances as two servers would run them: separate processes' state, one Redis, each client
 * connected before traffic (as at a server's start; a command still waiting for the connection past
 * the proxy's Redis deadline is served without Redis, by design).
 */
async function twoInstances(extra: (client: Redis) => Partial<ProxyHandlerOptions>) {
  const clients = [connect(), connect()]
  await Promise.all(clients.map((c) => c.ping()))
  return clients.map((client) =>
    createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, rpc: { url: `${upstream.url}/rpc` }, ...extra(client) }),
  )
}

const get = (path: string, ip = '1.1.1.1') => new Request(`http://proxy.test${path}`, { headers: { 'x-forwarded-for': ip } })
const historyCalls = () => upstream.calls.filter((c) => c.url.includes('/history')).length
const rpcCalls = () => upstream.calls.filter((c) => c.url.startsWith('/rpc')).length

describe('two proxy instances sharing one Redis', () => {
  it('share one rate-limit budget per client: the third request over both instances is refused', async () => {
    const [a, b] = await twoInstances((redis) => ({ rateLimit: { capacity: 2, refillPerSecond: 0.01, redis, keyPrefix: `rl${run}` } }))
    expect((await a!(get(HISTORY))).status).toBe(200)
    expect((await b!(get(HISTORY))).status).toBe(200)
    const refused = await a!(get(HISTORY))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await b!(get(HISTORY, '2.2.2.2'))).status).toBe(200)
    expect(historyCalls()).toBe(3)
  })

  it('a page one instance fetched is served by the other from the cache', async () => {
    const [a, b] = await twoInstances((redis) => ({ cache: { redis, keyPrefix: `c${run}`, ttlSeconds: 30 } }))
    const first = await a!(get(HISTORY))
    expect(first.headers.get('x-blockfeed-cache')).toBe('miss')
    const second = await b!(get(HISTORY))
    expect(second.headers.get('x-blockfeed-cache')).toBe('hit')
    expect(await second.text()).toBe(await first.text())
    expect(historyCalls()).toBe(1)
  })

  it('50 identical concurrent requests over both instances cost one upstream call', async () => {
    // A generous Redis deadline: this is about the lock, not about going on without a slow Redis (under a
    // full test run's load a command can take longer than the 200 ms default, and a second call is made).
    const [a, b] = await twoInstances((redis) => ({ cache: { redis, keyPrefix: `c${run}`, redisTimeoutMs: 5_000 } }))
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a! : b!)(get(`${HISTORY}?chain=eth&limit=10`))))
    expect(answers.every((r) => r.status === 200)).toBe(true)
    expect(historyCalls()).toBe(1)
    // The same question asked another way (parameters in another order) is the same cache entry.
    expect((await a!(get(`${HISTORY}?limit=10&chain=eth`))).headers.get('x-blockfeed-cache')).toBe('hit')
  })

  it('keeps reads by hash, through a stock viem client batching its calls, but never a null (not yet known) answer', async () => {
    // The head read is shared too (sharedHeadReads.test.ts), here for longer than the test takes.
    const [a, b] = await twoInstances((redis) => ({ cache: { redis, keyPrefix: `c${run}`, headTtlMs: 60_000 } }))
    const [sa, sb] = await Promise.all([serveProxy(a!), serveProxy(b!)])
    try {
      const viaA = createPublicClient({ transport: http(`${sa.url}/api/blockfeed/rpc`, { batch: true }) })
      const viaB = createPublicClient({ transport: http(`${sb.url}/api/blockfeed/rpc`, { batch: true }) })
      const read = (c: typeof viaA) =>
        Promise.all([
          c.request({ method: 'eth_getTransactionByHash', params: [TX] }),
          c.request({ method: 'eth_getTransactionByHash', params: [PENDING] }),
          c.request({ method: 'eth_blockNumber' }),
        ])
      const [mined, pending, head] = await read(viaA)
      expect(mined).toMatchObject({ hash: TX })
      expect(pending).toBeNull()
      expect(head).toBe('0x10')
      // The reads by hash in one request, the head read (shared with any other caller) in its own.
      expect(rpcCalls()).toBe(2)
      upstream.calls.length = 0
      await read(viaB)
      // Only the unknown transaction went upstream again.
      const sent = upstream.calls.flatMap((c) => [JSON.parse(c.body)].flat() as { method: string; params: string[] }[])
      expect(sent.map((c) => [c.method, c.params[0]])).toEqual([['eth_getTransactionByHash', PENDING]])
    } finally {
      await Promise.all([sa.close(), sb.close()])
    }
  })
})

describe('reads by hash across a reorg', () => {
  it("keeps a receipt only for the pages' TTL (a reorg moves it), and a block read by its hash for good", async () => {
    const BLOCK = `0x${'12'.repeat(32)}`
    let receiptBlock = `0x${'aa'.repeat(32)}`
    upstream.reply((call, res) => {
      const c = JSON.parse(call.body) as { id: number; method: string }
      const result = c.method === 'eth_getTransactionReceipt' ? { transactionHash: TX, blockHash: receiptBlock, status: '0x1' } : { hash: BLOCK, number: '0x10' }
      return json(res, 200, { jsonrpc: '2.0', id: c.id, result })
    })
    const [a, b] = await twoInstances((redis) => ({ cache: { redis, keyPrefix: `c${run}`, ttlSeconds: 0.5 } }))
    const call = (handler: typeof a, method: string, params: unknown[]) =>
      handler!(new Request('http://proxy.test/api/blockfeed/rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }))
        .then((r) => r.json() as Promise<{ result: { blockHash?: string; hash?: string } }>)
    const receipt = () => call(a, 'eth_getTransactionReceipt', [TX]).then((r) => r.result.blockHash)
    const block = (via: typeof a) => call(via, 'eth_getBlockByHash', [BLOCK, false]).then((r) => r.result.hash)

    expect(await receipt()).toBe(`0x${'aa'.repeat(32)}`)
    expect(await block(a)).toBe(BLOCK)
    // A reorg: the transaction is mined again in another block.
    receiptBlock = `0x${'bb'.repeat(32)}`
    expect(await receipt()).toBe(`0x${'aa'.repeat(32)}`)
    await new Promise((r) => setTimeout(r, 600))
    expect(await receipt()).toBe(`0x${'bb'.repeat(32)}`)
    expect(await call(b, 'eth_getTransactionReceipt', [TX]).then((r) => r.result.blockHash)).toBe(`0x${'bb'.repeat(32)}`)
    // The block by hash never went upstream again, on either instance.
    expect(await block(a)).toBe(BLOCK)
    expect(await block(b)).toBe(BLOCK)
    expect(upstream.calls.map((c) => (JSON.parse(c.body) as { method: string }).method)).toEqual([
      'eth_getTransactionReceipt',
      'eth_getBlockByHash',
      'eth_getTransactionReceipt',
    ])
  })
})

describe('Redis killed mid-test', () => {
  it('keeps serving: cache and limit fall back to this process, one warning per outage, no request hangs', async () => {
    const own = await startRedis()
    const warnings: string[] = []
    const client = connect(own.port)
    const handler = createProxyHandler({
      baseUrl: upstream.url,
      apiKey: API_KEY,
      rateLimit: { capacity: 3, refillPerSecond: 0.01, redis: client, redisTimeoutMs: 100, onWarning: (m) => warnings.push(m) },
      cache: { redis: client, redisTimeoutMs: 100, onWarning: (m) => warnings.push(m) },
    })
    expect((await handler(get(HISTORY, '5.5.5.5'))).status).toBe(200)
    await own.kill()
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await handler(get(`${HISTORY}?limit=${i + 1}`, '6.6.6.6'))).status)
    // The memory limit took over (3 a window for this client), and every answer came back.
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(warnings).toHaveLength(2)
  })
})
