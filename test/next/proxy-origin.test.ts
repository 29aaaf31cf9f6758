/**
 * `next start` hands route handlers a `request.url` on its own bind name (http://localhost:PORT)
 * whatever host the browser asked for, and browsers send `Origin` on every POST: the proxy must
 * take a POST from the page's own host (its `Host` header) as same-origin, or every JSON-RPC call
 * of the Next.js app (eth_sendRawTransaction on the send page) is refused with 403. A page on
 * another origin stays refused. No network: the upstream is a stub.
 */
import { describe, expect, it } from 'vitest'
import { createProxyHandler } from '../../src/server/createProxyHandler.js'

const upstreamCalls: string[] = []
const proxy = createProxyHandler({
  baseUrl: 'https://history.example',
  apiKey: 'proxy-origin-test-key',
  rpc: { url: 'https://node.example/rpc' },
  fetch: async (input: RequestInfo | URL) => {
    upstreamCalls.push(String(input instanceof Request ? input.url : input))
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x7a69' }), { headers: { 'content-type': 'application/json' } })
  },
} as Parameters<typeof createProxyHandler>[0])

// What Next.js 16 passes to the route handler for a page opened at http://127.0.0.1:3000.
const post = (origin: string, host: string) =>
  new Request('http://localhost:3000/api/blockfeed/rpc', {
    method: 'POST',
    headers: { origin, host, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })

describe('the proxy behind next start', () => {
  it('serves a POST from the page the browser opened (Origin matches Host), though request.url names localhost', async () => {
    upstreamCalls.length = 0
    const response = await proxy(post('http://127.0.0.1:3000', '127.0.0.1:3000'))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ result: '0x7a69' })
    expect(upstreamCalls).toHaveLength(1)
  })

  it('still refuses a page on another origin, whatever Host it reached', async () => {
    upstreamCalls.length = 0
    for (const request of [post('https://evil.example', '127.0.0.1:3000'), post('http://127.0.0.1:3001', '127.0.0.1:3000'), post('null', '127.0.0.1:3000')]) {
      const response = await proxy(request)
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ error: { code: 'origin_not_allowed' } })
    }
    expect(upstreamCalls).toEqual([])
  })
})
