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
})
