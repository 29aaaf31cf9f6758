import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { HttpStatusError } from '../../src/core/errors.js'
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { API_KEY, WALLET } from '../faults/support/fixtures.js'
import { closedAfterEach, fakeUpstreamForFile, serveProxy } from './support.js'

// A load balancer's HTML error page, or an empty 200, on the wallet-history route: passed on labelled
// application/json, a client would fail on `Unexpected token <` and lose what went wrong. So it is the
// proxy's own JSON error, as the JSON-RPC route answers one.

const HISTORY = `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`

const upstream = fakeUpstreamForFile()

const served = closedAfterEach()

const page = (status: number, body: string, headers: Record<string, string> = {}) => (_call: unknown, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'text/html', ...headers })
  res.end(body)
}

/** The Fetch handler, or the same proxy served over real HTTP by toNodeHandler: a `fetch` of a proxy path either way. */
const ROUTES: [string, (extra?: Partial<ProxyHandlerOptions>) => Promise<{ get: (path: string) => Promise<Response>; base: string }>][] = [
  ['Fetch handler', async (extra) => {
    const handler = createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, ...extra })
    const get = (path: string, init?: RequestInit) => handler(new Request(`http://proxy.test${path}`, init))
    return { get, base: 'http://proxy.test' }
  }],
  ['node adapter', async (extra) => {
    const server = await serveProxy(createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, ...extra }))
    served.push(server)
    return { get: (path: string) => fetch(`${server.url}${path}`), base: server.url }
  }],
]

describe.each(ROUTES)('wallet history, an upstream body that is not JSON, %s', (_name, make) => {
  it('a 200 with an HTML page is a 502 with a JSON error body, not HTML labelled JSON', async () => {
    upstream.reply(page(200, '<!doctype html><html><body>Maintenance</body></html>'))
    const { get } = await make()
    const response = await get(HISTORY)
    expect(response.status).toBe(502)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('upstream_not_json')
    expect(body.error.message).toMatch(/HTTP 200/)
  })

  it('an empty 200 is a 502 with a JSON error body', async () => {
    upstream.reply(page(200, ''))
    const { get } = await make()
    const response = await get(HISTORY)
    expect(response.status).toBe(502)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_not_json')
  })

  it("a load balancer's HTML 503 keeps its status, and a 429 its Retry-After, with a JSON error body", async () => {
    const { get } = await make()
    upstream.reply(page(503, '<html><body><h1>503 Service Unavailable</h1></body></html>'))
    const unavailable = await get(HISTORY)
    expect(unavailable.status).toBe(503)
    expect(((await unavailable.json()) as { error: { code: string } }).error.code).toBe('upstream_not_json')

    upstream.reply(page(429, '<html>slow down</html>', { 'retry-after': '7' }))
    const limited = await get(HISTORY)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('7')
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('upstream_not_json')
  })

  it('cache on: an HTML 200 is not kept as a page (the next request asks upstream again)', async () => {
    upstream.reply(page(200, '<html>oops</html>'))
    const { get } = await make({ cache: true })
    const first = await get(HISTORY)
    expect(first.status).toBe(502)
    expect(((await first.json()) as { error: { code: string } }).error.code).toBe('upstream_not_json')
    const second = await get(HISTORY)
    expect(second.status).toBe(502)
    expect(second.headers.get('x-blockfeed-cache')).toBe('miss')
    expect(upstream.calls).toHaveLength(2)
  })

  it("a JSON error body under an error status is passed on as it was (the service's own words)", async () => {
    upstream.reply((_c, res) => {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end('{"message":"invalid address"}')
    })
    const { get } = await make()
    const response = await get(HISTORY)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'invalid address' })
  })
})

it('createClient through the proxy (node adapter) sees an upstream HTML 200 as an HTTP 502, not as an unreadable page', async () => {
  upstream.reply(page(200, '<html>Maintenance</html>'))
  const server = await serveProxy(createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY }))
  served.push(server)
  const client = createClient({ baseUrl: `${server.url}/api/blockfeed`, retry: false })
  const error = await client.getWalletHistory({ address: WALLET }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(HttpStatusError)
  expect((error as HttpStatusError).status).toBe(502)
})
