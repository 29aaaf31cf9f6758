import { request as httpRequest } from 'node:http'
import { beforeEach, describe, expect, it } from 'vitest'
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { json } from '../faults/support/fakeUpstream.js'
import { API_KEY, WALLET, rawEntry, rawPage } from '../faults/support/fixtures.js'
import { closedAfterEach, fakeUpstreamForFile, serveProxy } from './support.js'

// HTTP: a server that answers GET on a resource answers HEAD too, with the GET's status and headers and
// no body (link checkers, monitors and caches ask HEAD first). The history route answered 405.

const HISTORY = `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`

const upstream = fakeUpstreamForFile()
beforeEach(() => {
  upstream.reply((_c, res) => json(res, 200, rawPage([rawEntry(1), rawEntry(2)])))
})

const served = closedAfterEach()

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

const options = (extra: Partial<ProxyHandlerOptions>): ProxyHandlerOptions => ({ baseUrl: upstream.url, apiKey: API_KEY, ...extra })

/** A request as a client sends it: to the Fetch handler, or over real HTTP to the node adapter (node:http, which reads HEAD answers right). */
const ROUTES: [string, (extra?: Partial<ProxyHandlerOptions>) => Promise<(method: string, path: string) => Promise<Answer>>][] = [
  ['Fetch handler', async (extra = {}) => {
    const handler = createProxyHandler(options(extra))
    return async (method, path) => {
      const response = await handler(new Request(`http://proxy.test${path}`, { method }))
      return { status: response.status, headers: Object.fromEntries(response.headers), body: response.body ? await response.text() : '' }
    }
  }],
  ['node adapter', async (extra = {}) => {
    const server = await serveProxy(createProxyHandler(options(extra)))
    served.push(server)
    return (method, path) =>
      new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => {
            const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]))
            resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString() })
          })
        })
        req.on('error', reject)
        req.end()
      })
  }],
]

/** The headers that say something about the resource (not the date of this answer, nor how the connection goes on). */
const meaningful = (headers: Record<string, string>) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'content-length': _length, ...rest } = headers
  return rest
}

describe.each(ROUTES)('HEAD on the wallet-history route, %s', (_name, make) => {
  it("is answered as GET is, without the body: same status and headers, the GET's Content-Length", async () => {
    const send = await make()
    const get = await send('GET', `${HISTORY}?limit=2`)
    const head = await send('HEAD', `${HISTORY}?limit=2`)
    expect(get.status).toBe(200)
    expect(head.status).toBe(200)
    expect(meaningful(head.headers)).toEqual(meaningful(get.headers))
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)))
    expect(head.body).toBe('')
    // Asked upstream as a GET: the answer (and its status) is the page's.
    expect(upstream.calls.map((c) => c.method)).toEqual(['GET', 'GET'])
  })

  it("says what the GET would: an upstream 404 is a 404, a bad parameter a 400, each without a body", async () => {
    const send = await make()
    upstream.reply((_c, res) => json(res, 404, { message: 'not found' }))
    const missing = await send('HEAD', HISTORY)
    expect(missing.status).toBe(404)
    expect(missing.body).toBe('')
    const bad = await send('HEAD', `${HISTORY}?limit=abc`)
    expect(bad.status).toBe(400)
    expect(bad.headers['content-type']).toMatch(/^application\/json/)
    expect(bad.body).toBe('')
  })

  it('cache on: a HEAD is served from the page a GET fetched', async () => {
    const send = await make({ cache: true })
    await send('GET', HISTORY)
    const head = await send('HEAD', HISTORY)
    expect(head.status).toBe(200)
    expect(head.headers['x-blockfeed-cache']).toBe('hit')
    expect(upstream.calls).toHaveLength(1)
  })

  it('a plain OPTIONS and a 405 name HEAD among the methods the path takes', async () => {
    const send = await make()
    expect((await send('OPTIONS', HISTORY)).headers.allow).toBe('GET, HEAD, OPTIONS')
    const refused = await send('DELETE', HISTORY)
    expect(refused.status).toBe(405)
    expect(refused.headers.allow).toBe('GET, HEAD, OPTIONS')
  })
})

it('HEAD on the JSON-RPC route is still a 405 (it is a POST-only endpoint)', async () => {
  const handler = createProxyHandler({ ...options({}), rpc: { url: `${upstream.url}/rpc` } })
  const response = await handler(new Request('http://proxy.test/api/blockfeed/rpc', { method: 'HEAD' }))
  expect(response.status).toBe(405)
  expect(upstream.calls).toHaveLength(0)
})
