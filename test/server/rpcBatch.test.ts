import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { InvalidParameterError } from '../../src/core/errors.js'
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, json, type FakeUpstream, type RecordedCall } from '../faults/support/fakeUpstream.js'
import { API_KEY, WALLET } from '../faults/support/fixtures.js'

// The RPC route as a node answers JSON-RPC 2.0 batches, in front of a service that takes 20 calls a request.

type Call = { jsonrpc: '2.0'; id: number; method: string; params?: unknown }
type Reply = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }

let upstream: FakeUpstream

beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(() => upstream.close())
beforeEach(() => {
  upstream.reset()
  upstream.reply((call, res) => json(res, 200, echo(call)))
})

/** A node that answers each call with a result naming the call: the block number it was asked for. */
const echo = (call: RecordedCall) => (JSON.parse(call.body) as Call[]).map((c) => ({ jsonrpc: '2.0', id: c.id, result: `answer ${JSON.stringify(c.params)}` }))

const proxy = (extra: Partial<ProxyHandlerOptions> = {}) =>
  createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, rpc: { url: `${upstream.url}/rpc` }, ...extra })

const block = (id: number | string, n: number) => ({ jsonrpc: '2.0', id, method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, false] })
const answer = (n: number) => `answer ${JSON.stringify([`0x${n.toString(16)}`, false])}`

async function send(body: unknown, extra?: Partial<ProxyHandlerOptions>) {
  const response = await proxy(extra)(
    new Request('http://proxy.test/api/blockfeed/rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  )
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as Reply | Reply[]) }
}

const upstreamSizes = () => upstream.calls.map((c) => (JSON.parse(c.body) as unknown[]).length)

describe('a batch within maxBatchSize', () => {
  it('45 calls go upstream as 20 + 20 + 5 and come back as one reply, in order, under the client ids', async () => {
    const calls = Array.from({ length: 45 }, (_, i) => block(1000 + i, i))
    const { status, body } = await send(calls)
    expect(status).toBe(200)
    expect(body).toEqual(calls.map((c, i) => ({ jsonrpc: '2.0', id: c.id, result: answer(i) })))
    expect(upstreamSizes().sort((a, b) => b - a)).toEqual([20, 20, 5])
    expect(upstream.calls.every((c) => c.headers['x-api-key'] === API_KEY)).toBe(true)
  })

  it('answers matched by id even when upstream shuffles them', async () => {
    upstream.reply((call, res) => json(res, 200, echo(call).reverse()))
    const calls = Array.from({ length: 30 }, (_, i) => block(`req-${i}`, i))
    const { body } = await send(calls)
    expect(body).toEqual(calls.map((c, i) => ({ jsonrpc: '2.0', id: c.id, result: answer(i) })))
  })

  it('duplicate ids: each call still gets its own answer, in order, as a node gives them', async () => {
    const calls = [block(7, 1), block(7, 2), block(7, 3)]
    const { body } = await send(calls)
    expect(body).toEqual([1, 2, 3].map((n) => ({ jsonrpc: '2.0', id: 7, result: answer(n) })))
  })

  it("a chunk's failure becomes JSON-RPC errors for its ids only", async () => {
    upstream.reply((call, res) => {
      const calls = JSON.parse(call.body) as Call[]
      // The chunk holding block 0x14 fails; the others are served.
      if (call.body.includes('"0x14"')) return json(res, 502, '<html>bad gateway</html>')
      json(res, 200, echo({ ...call, body: JSON.stringify(calls) }))
    })
    const calls = Array.from({ length: 45 }, (_, i) => block(i, i))
    const { status, body } = await send(calls)
    expect(status).toBe(200)
    const replies = body as Reply[]
    expect(replies.map((r) => r.id)).toEqual(calls.map((c) => c.id))
    expect(replies.slice(0, 20).every((r, i) => r.result === answer(i))).toBe(true)
    expect(replies.slice(20, 40).every((r) => r.error?.code === -32603 && /HTTP 502/.test(r.error.message))).toBe(true)
    expect(replies.slice(40).every((r, i) => r.result === answer(40 + i))).toBe(true)
  })

  it('a chunk answered with one error object for the whole request passes that error to each of its calls', async () => {
    upstream.reply((_call, res) => json(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32005, message: 'daily request count exceeded' } }))
    const { body } = await send([block(1, 1), block(2, 2)])
    expect(body).toEqual([1, 2].map((id) => ({ jsonrpc: '2.0', id, error: { code: -32005, message: 'daily request count exceeded' } })))
  })

  it('a call upstream leaves unanswered gets an error; a JSON-RPC error from upstream is kept as it was', async () => {
    upstream.reply((call, res) => {
      const [first] = JSON.parse(call.body) as Call[]
      json(res, 200, [{ jsonrpc: '2.0', id: first!.id, error: { code: 3, message: 'execution reverted', data: '0x08c379a0' } }])
    })
    const { body } = await send([block(1, 1), block(2, 2)])
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted', data: '0x08c379a0' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: expect.stringMatching(/no answer/) } },
    ])
  })

  it('a chunk upstream does not answer in time → its calls get -32603 naming the timeout, the others are served', async () => {
    upstream.reply((call, res) => {
      if (call.body.includes('"0x0"')) return // never answered
      json(res, 200, echo(call))
    })
    const { body } = await send([block(1, 0), block(2, 1)], { upstreamBatchSize: 1, timeoutMs: 300 })
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: expect.stringMatching(/did not answer within 300 ms/) } },
      { jsonrpc: '2.0', id: 2, result: answer(1) },
    ])
  })

  it('the key is removed from upstream answers to a batch', async () => {
    upstream.reply((call, res) => json(res, 200, (JSON.parse(call.body) as Call[]).map((c) => ({ jsonrpc: '2.0', id: c.id, error: { code: -32000, message: `key ${API_KEY} is over quota` } }))))
    const response = await proxy()(
      new Request('http://proxy.test/api/blockfeed/rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([block(1, 1), block(2, 2)]) }),
    )
    const text = await response.text()
    expect(text).toContain('is over quota')
    expect(text).not.toContain(API_KEY)
  })

  it('every upstream request rate-limited → HTTP 429 with Retry-After, so clients back off and resend the batch', async () => {
    upstream.reply((_call, res) => json(res, 429, 'slow down', { 'retry-after': '9' }))
    const { status, headers, body } = await send(Array.from({ length: 25 }, (_, i) => block(i, i)))
    expect(status).toBe(429)
    expect(headers.get('retry-after')).toBe('9')
    expect((body as Reply[]).every((r) => r.error?.code === -32005)).toBe(true)
  })

  it('calls a node refuses are answered alone: non-objects, a wrong version, a bad id, an unknown method, bad params', async () => {
    const { status, body } = await send([
      block(1, 1),
      42,
      { jsonrpc: '1.0', id: 3, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: { $gt: 1 }, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 5, method: 'debug_traceTransaction', params: [] },
      { jsonrpc: '2.0', id: 6, method: 'eth_getBalance', params: ['nope'] },
      block(7, 7),
    ])
    expect(status).toBe(200)
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 1, result: answer(1) },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('[1]') } },
      { jsonrpc: '2.0', id: 3, error: { code: -32600, message: expect.stringContaining('"jsonrpc": "2.0"') } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('id') } },
      { jsonrpc: '2.0', id: 5, error: { code: -32601, message: expect.stringContaining('debug_traceTransaction'), data: { parameter: '[4].method' } } },
      { jsonrpc: '2.0', id: 6, error: { code: -32602, message: expect.stringContaining('params[0]'), data: { parameter: '[5].params[0]' } } },
      { jsonrpc: '2.0', id: 7, result: answer(7) },
    ])
    expect(upstream.calls.map((c) => (JSON.parse(c.body) as Call[]).map((x) => x.method))).toEqual([['eth_getBlockByNumber', 'eth_getBlockByNumber']])
  })

  it('notifications (no id) are carried out but not answered; a batch of only notifications gets no body', async () => {
    const { body } = await send([block(1, 1), { jsonrpc: '2.0', method: 'eth_blockNumber' }])
    expect(body).toEqual([{ jsonrpc: '2.0', id: 1, result: answer(1) }])
    expect(upstreamSizes()).toEqual([2])
    const none = await send([{ jsonrpc: '2.0', method: 'eth_blockNumber' }])
    expect(none.status).toBe(204)
    expect(none.body).toBeUndefined()
  })

  it("members that are no JSON-RPC 2.0 request are answered even without an id (the spec's `{\"foo\": \"boo\"}`); only real notifications go unanswered", async () => {
    const { status, body } = await send([
      block(1, 1),
      { foo: 'boo' },
      { jsonrpc: '2.0', method: 7 },
      { jsonrpc: '2.0', id: 4, method: ['eth_chainId'] },
      { jsonrpc: '2.0', method: 'eth_blockNumber' },
    ])
    expect(status).toBe(200)
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 1, result: answer(1) },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('[1]') } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('"method"') } },
      { jsonrpc: '2.0', id: 4, error: { code: -32600, message: expect.stringContaining('"method"') } },
    ])
    expect(upstream.calls.map((c) => (JSON.parse(c.body) as Call[]).map((x) => x.method))).toEqual([['eth_getBlockByNumber', 'eth_blockNumber']])
  })

  it('at most upstreamConcurrency upstream requests are in flight for one batch', async () => {
    let inFlight = 0
    let most = 0
    upstream.reply((call, res) => {
      most = Math.max(most, ++inFlight)
      setTimeout(() => {
        inFlight--
        json(res, 200, echo(call))
      }, 20)
    })
    const calls = Array.from({ length: 100 }, (_, i) => block(i, i))
    const { body } = await send(calls, { upstreamConcurrency: 2, upstreamBatchSize: 10 })
    expect((body as Reply[]).map((r) => r.result)).toEqual(calls.map((_, i) => answer(i)))
    expect(upstream.calls).toHaveLength(10)
    expect(most).toBe(2)
  })

  it('upstream answers together larger than maxResponseBytes: the calls past the cap get errors, not the proxy memory', async () => {
    upstream.reply((call, res) => json(res, 200, (JSON.parse(call.body) as Call[]).map((c) => ({ jsonrpc: '2.0', id: c.id, result: `0x${'ab'.repeat(400)}` }))))
    const { status, body } = await send(
      Array.from({ length: 10 }, (_, i) => block(i, i)),
      { upstreamBatchSize: 1, upstreamConcurrency: 1, maxResponseBytes: 5000 },
    )
    expect(status).toBe(200)
    const replies = body as Reply[]
    expect(replies.filter((r) => r.result !== undefined).length).toBeGreaterThan(0)
    expect(replies.filter((r) => r.result !== undefined).length).toBeLessThan(10)
    expect(replies.filter((r) => r.error).every((r) => /larger than 5000 bytes/.test(r.error!.message))).toBe(true)
  })
})

describe('a batch over maxBatchSize, or none at all', () => {
  it('101 calls (default limit 100) → one -32600 error per id, in order, nothing sent upstream', async () => {
    const calls = Array.from({ length: 101 }, (_, i) => block(`c${i}`, i))
    const { status, body } = await send(calls)
    expect(status).toBe(200)
    expect((body as Reply[]).map((r) => [r.id, r.error?.code])).toEqual(calls.map((c) => [c.id, -32600]))
    expect(upstream.calls).toHaveLength(0)
  })

  it('100 calls (the default limit) are served', async () => {
    const calls = Array.from({ length: 100 }, (_, i) => block(i, i))
    const { body } = await send(calls)
    expect((body as Reply[]).map((r) => r.result)).toEqual(calls.map((_, i) => answer(i)))
    expect(upstreamSizes()).toEqual([20, 20, 20, 20, 20])
  })

  it('over the limit with no id to answer to → the single JSON-RPC 2.0 error (id null)', async () => {
    const { status, body } = await send(Array.from({ length: 101 }, (_, i) => i))
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('at most 100 calls, got 101') } })
  })

  it('maxBatchSize and upstreamBatchSize are options', async () => {
    const over = await send([block(1, 1), block(2, 2), block(3, 3)], { maxBatchSize: 2 })
    expect((over.body as Reply[]).map((r) => r.error?.code)).toEqual([-32600, -32600, -32600])
    const served = await send([block(1, 1), block(2, 2), block(3, 3)], { upstreamBatchSize: 2 })
    expect((served.body as Reply[]).map((r) => r.result)).toEqual([answer(1), answer(2), answer(3)])
    expect(upstreamSizes()).toEqual([2, 1])
  })

  it.each([['maxBatchSize', 0], ['upstreamBatchSize', 1.5], ['upstreamConcurrency', -1], ['maxBatchSize', Number.NaN]] as const)(
    'a %s of %s is refused when the proxy is created',
    (name, value) => {
      const create = () => proxy({ [name]: value })
      expect(create).toThrow(InvalidParameterError)
      expect(create).toThrow(name)
    },
  )
})

describe('names of Object.prototype members are no names (own keys only)', () => {
  const history = (query: string) => proxy()(new Request(`http://proxy.test/api/blockfeed/api/v2.2/wallets/${WALLET}/history?${query}`))

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('history query key %s → 400 naming it, nothing sent upstream', async (key) => {
    const response = await history(`${key}=1`)
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: { code: string; parameter: string; message: string } }
    expect(error).toMatchObject({ code: 'invalid_parameter', parameter: key })
    expect(error.message).toContain(key)
    expect(upstream.calls).toHaveLength(0)
  })

  it.each(['constructor', '__proto__', 'toString'])('chain %s → 400 naming chain', async (chain) => {
    const response = await history(`chain=${chain}`)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { parameter: string } }).error.parameter).toBe('chain')
    const rpc = await proxy()(
      new Request(`http://proxy.test/api/blockfeed/rpc?chain=${chain}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(block(1, 1)) }),
    )
    expect(rpc.status).toBe(400)
    expect(upstream.calls).toHaveLength(0)
  })

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('JSON-RPC method %s → refused alone (403) and in a batch (-32601)', async (method) => {
    const single = await send({ jsonrpc: '2.0', id: 1, method, params: [] })
    expect(single.status).toBe(403)
    expect(single.body).toMatchObject({ error: { code: 'rpc_method_not_allowed', parameter: 'method' } })
    const batch = await send([{ jsonrpc: '2.0', id: 1, method, params: [] }])
    expect(batch.body).toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32601, message: expect.stringContaining(method), data: { parameter: '[0].method' } } }])
    expect(upstream.calls).toHaveLength(0)
  })
})
