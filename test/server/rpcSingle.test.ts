import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, json, type FakeUpstream } from '../faults/support/fakeUpstream.js'
import { API_KEY } from '../faults/support/fixtures.js'

// A single JSON-RPC call (not in a batch) through the proxy, as viem or ethers send one.

const TX = `0x${'ab'.repeat(32)}`
let upstream: FakeUpstream

beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(() => upstream.close())
beforeEach(() => upstream.reset())

const proxy = (extra: Partial<ProxyHandlerOptions> = {}) =>
  createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, rpc: { url: `${upstream.url}/rpc` }, ...extra })

const post = (handler: ReturnType<typeof proxy>, body: unknown, headers: Record<string, string> = {}) =>
  handler(
    new Request('http://proxy.test/api/blockfeed/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )

describe('a single call', () => {
  it('a receipt read the upstream rate-limits keeps its Retry-After with the cache on, as with it off', async () => {
    upstream.reply((_call, res) => json(res, 429, { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'slow down' } }, { 'retry-after': '7' }))
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [TX] }
    for (const cache of [undefined, true]) {
      const response = await post(proxy({ cache }), call)
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe('7')
    }
  })

  it("an upstream HTML error page or empty body comes back as JSON a JSON-RPC client can read: an error under the call's id", async () => {
    const html = (status: number) => (_call: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(status, { 'content-type': 'text/html' })
      res.end(status === 200 ? '' : '<html><body><h1>502 Bad Gateway</h1></body></html>')
    }
    for (const [upstreamStatus, status, code] of [[502, 502, -32603], [200, 502, -32603], [429, 429, -32005]] as const) {
      upstream.reply(html(upstreamStatus))
      for (const cache of [undefined, true]) {
        const response = await post(proxy({ cache }), { jsonrpc: '2.0', id: 'call-7', method: 'eth_getTransactionReceipt', params: [TX] })
        expect(response.status, `${upstreamStatus}`).toBe(status)
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 'call-7', error: { code, message: expect.any(String) } })
      }
    }
  })

  it('an id JSON cannot keep exactly (a whole number past 2^53 - 1) is refused naming the id, not answered under a rounded id the client never sent', async () => {
    upstream.reply((call, res) => {
      const body = JSON.parse(call.body) as { id: unknown }[] | { id: unknown }
      const answer = (c: { id: unknown }) => ({ jsonrpc: '2.0', id: c.id, result: '0x1' })
      json(res, 200, Array.isArray(body) ? body.map(answer) : answer(body))
    })
    const single = await post(proxy(), '{"jsonrpc":"2.0","id":12345678901234567890,"method":"eth_chainId"}')
    expect(single.status).toBe(400)
    expect(await single.json()).toEqual({ error: { code: 'invalid_request', message: expect.stringContaining('2^53'), parameter: 'id' } })
    expect(upstream.calls).toHaveLength(0)

    const batch = await post(proxy(), '[{"jsonrpc":"2.0","id":12345678901234567890,"method":"eth_chainId"},{"jsonrpc":"2.0","id":9007199254740991,"method":"eth_chainId"}]')
    expect(batch.status).toBe(200)
    expect(await batch.text()).toBe(
      JSON.stringify([
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request at [0]: the id must be a number (whole ones at most 2^53 - 1, which JSON parsers keep exactly), text of at most 128 characters, or null' } },
        { jsonrpc: '2.0', id: 9007199254740991, result: '0x1' },
      ]),
    )
  })

  it('a notification (no id) is carried out but not answered (204, no body), as in a batch; an id of null is still a request and answered', async () => {
    upstream.reply((call, res) => {
      const body = JSON.parse(call.body) as { id?: unknown }
      // A node answers a notification with nothing.
      if (!('id' in body)) return void res.writeHead(200).end()
      json(res, 200, { jsonrpc: '2.0', id: body.id, result: '0x1' })
    })
    const tx = `0x02${'11'.repeat(100)}`
    const notified = await post(proxy(), { jsonrpc: '2.0', method: 'eth_sendRawTransaction', params: [tx] })
    expect(notified.status).toBe(204)
    expect(await notified.text()).toBe('')
    expect(JSON.parse(upstream.calls[0]!.body)).toEqual({ jsonrpc: '2.0', method: 'eth_sendRawTransaction', params: [tx] })

    const nullId = await post(proxy(), { jsonrpc: '2.0', id: null, method: 'eth_chainId' })
    expect(nullId.status).toBe(200)
    expect(await nullId.json()).toEqual({ jsonrpc: '2.0', id: null, result: '0x1' })
  })

  it('identical concurrent reads by hash cost one upstream call with the cache on, each answered under its own id; a null answer is shared but not kept', async () => {
    let receipt: unknown = { transactionHash: TX, status: '0x1', blockHash: `0x${'ef'.repeat(32)}` }
    upstream.reply(async (call, res) => {
      await new Promise((r) => setTimeout(r, 30))
      json(res, 200, { jsonrpc: '2.0', id: (JSON.parse(call.body) as { id: unknown }).id, result: receipt })
    })
    const handler = proxy({ cache: true })
    const read = async (id: number | string) => {
      const response = await post(handler, { jsonrpc: '2.0', id, method: 'eth_getTransactionReceipt', params: [TX] })
      return { status: response.status, body: (await response.json()) as unknown }
    }
    const ids = Array.from({ length: 10 }, (_, i) => (i % 2 ? `tab-${i}` : i))
    const answers = await Promise.all(ids.map(read))
    expect(upstream.calls).toHaveLength(1)
    expect(answers).toEqual(ids.map((id) => ({ status: 200, body: { jsonrpc: '2.0', id, result: receipt } })))
    // Kept: the next read is served from the cache.
    expect(await read(99)).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 99, result: receipt } })
    expect(upstream.calls).toHaveLength(1)

    receipt = null
    const other = `0x${'cd'.repeat(32)}`
    const pending = (id: number) => post(handler, { jsonrpc: '2.0', id, method: 'eth_getTransactionReceipt', params: [other] }).then((r) => r.json())
    expect(await Promise.all([pending(1), pending(2), pending(3)])).toEqual([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, result: null })))
    expect(upstream.calls).toHaveLength(2)
    await pending(4)
    expect(upstream.calls).toHaveLength(3)
  })

  it("is read under any of JSON-RPC over HTTP's content types, in any case and with a charset; text/plain (a cross-site simple request) is still a 415", async () => {
    upstream.reply((call, res) => json(res, 200, { jsonrpc: '2.0', id: (JSON.parse(call.body) as { id: unknown }).id, result: '0x1' }))
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    for (const type of ['application/json', 'Application/JSON; charset=UTF-8', 'application/json-rpc', 'application/jsonrequest']) {
      const response = await post(proxy(), call, { 'content-type': type })
      expect(response.status, type).toBe(200)
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    }
    expect((await post(proxy(), call, { 'content-type': 'text/plain' })).status).toBe(415)
  })
})
