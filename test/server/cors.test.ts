import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createProxyHandler, type ProxyHandler } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, json, type FakeUpstream } from '../faults/support/fakeUpstream.js'
import { API_KEY } from '../faults/support/fixtures.js'
import { rawRequest, serveProxy } from './support.js'

// What a page on another origin (listed in allowedOrigins) can do with the proxy's answers, on both routes.

const ORIGIN = 'https://app.example'
let upstream: FakeUpstream

beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(() => upstream.close())
beforeEach(() => upstream.reset())

const make = () => createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, rpc: { url: `${upstream.url}/rpc` }, allowedOrigins: [ORIGIN] })

/** The handler itself, or served by toNodeHandler and reached with fetch. */
async function routes(): Promise<[string, ProxyHandler, () => Promise<void>][]> {
  const served = await serveProxy(make())
  const overHttp: ProxyHandler = (request) => {
    const url = new URL(request.url)
    return fetch(`${served.url}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body: request.body, duplex: 'half' } as RequestInit)
  }
  return [
    ['Fetch handler', make(), async () => {}],
    ['node adapter', overHttp, served.close],
  ]
}

describe('OPTIONS', () => {
  it('a plain OPTIONS (no preflight) says what the path takes: 204 with Allow, not a 405 for a method Allow lists, on both routes', async () => {
    for (const [name, handler, close] of await routes()) {
      try {
        for (const [path, allow] of [['/api/blockfeed/rpc', 'POST, OPTIONS'], ['/api/blockfeed/api/v2.2/wallets/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/history', 'GET, HEAD, OPTIONS']]) {
          const response = await handler(new Request(`http://proxy.test${path}`, { method: 'OPTIONS' }))
          expect(response.status, name).toBe(204)
          expect(response.headers.get('allow'), name).toBe(allow)
        }
        expect(upstream.calls).toHaveLength(0)
      } finally {
        await close()
      }
    }
  })
})

describe('CORS for an allowed origin', () => {
  it('lets the page read Retry-After on a 429 (it is not a CORS-safelisted header), on both routes', async () => {
    upstream.reply((_call, res) => json(res, 429, { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'slow down' } }, { 'retry-after': '3' }))
    for (const [name, handler, close] of await routes()) {
      try {
        const response = await handler(
          new Request('http://proxy.test/api/blockfeed/rpc', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }),
          }),
        )
        expect(response.status, name).toBe(429)
        expect(response.headers.get('access-control-allow-origin'), name).toBe(ORIGIN)
        expect(response.headers.get('retry-after'), name).toBe('3')
        const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase())
        expect(exposed, name).toContain('retry-after')
        expect(exposed, name).toContain('x-blockfeed-cache')
      } finally {
        await close()
      }
    }
  })
})

describe('methods the Fetch API cannot carry', () => {
  it('a TRACE on the node route is a 405, also when the rate limit has its own key function (which takes a Request)', async () => {
    const handler = createProxyHandler({
      baseUrl: upstream.url,
      apiKey: API_KEY,
      rpc: { url: `${upstream.url}/rpc` },
      rateLimit: { capacity: 10, refillPerSecond: 1, key: (request) => request.headers.get('x-user') ?? undefined },
    })
    const served = await serveProxy(handler)
    try {
      for (const method of ['TRACE', 'trace']) {
        const response = await rawRequest(served.port, method, '/api/blockfeed/rpc')
        expect(response.status, method).toBe(405)
        expect((JSON.parse(response.body) as { error: { code: string } }).error.code).toBe('method_not_allowed')
      }
      expect(upstream.calls).toHaveLength(0)
    } finally {
      await served.close()
    }
  })
})

describe('CORS and the rate limit', () => {
  it('preflights are not counted: the page gets the 429 of its request (with Retry-After it can read), not a failed preflight', async () => {
    upstream.reply((call, res) => json(res, 200, { jsonrpc: '2.0', id: (JSON.parse(call.body) as { id: unknown }).id, result: '0x1' }))
    const handler = createProxyHandler({
      baseUrl: upstream.url,
      apiKey: API_KEY,
      rpc: { url: `${upstream.url}/rpc` },
      allowedOrigins: [ORIGIN],
      rateLimit: { capacity: 2, refillPerSecond: 0.01 },
    })
    const preflight = () =>
      handler(new Request('http://proxy.test/api/blockfeed/rpc', { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } }))
    const call = () =>
      handler(
        new Request('http://proxy.test/api/blockfeed/rpc', {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
        }),
      )
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const before = await preflight()
      expect(before.status).toBe(204)
      expect(before.headers.get('access-control-allow-methods')).toContain('POST')
      const response = await call()
      statuses.push(response.status)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    }
    expect(statuses).toEqual([200, 200, 429])
  })
})
