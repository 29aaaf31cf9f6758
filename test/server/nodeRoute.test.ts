import { createServer, type IncomingMessage } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createProxyHandler } from '../../src/server/createProxyHandler.js'
import { nodeIncoming } from '../../src/server/nodeIncoming.js'
import { nodeTools } from '../../src/server/nodeRoute.js'
import { API_KEY, WALLET, rawEntry, rawPage } from '../faults/support/fixtures.js'
import { rawRequest, serveProxy } from './support.js'

describe("toNodeHandler's node route: reading the client's request", () => {
  it('a client that goes away mid-body ends the read with an error (the request does not wait for ever)', async () => {
    let settled!: (how: string) => void
    const outcome = new Promise<string>((r) => (settled = r))
    const server = createServer((req: IncomingMessage) => {
      nodeIncoming(req, new URL('http://proxy.test/api/blockfeed/rpc'), false)
        .body(1_000_000)
        .then(
          () => settled('resolved'),
          () => settled('rejected'),
        )
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1')
    socket.write('POST /api/blockfeed/rpc HTTP/1.1\r\nHost: proxy.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":')
    // Once the server has the first bytes, the client hangs up.
    await new Promise((r) => setTimeout(r, 50))
    socket.destroy()
    // A fallback so that a read that never settles fails the assertion instead of hanging the test.
    const fallback = setTimeout(() => settled('still waiting'), 2_000)
    expect(await outcome).toBe('rejected')
    clearTimeout(fallback)
    await new Promise<void>((r) => server.close(() => r()))
  })

  it('reads a body sent in pieces, and stops at the cap', async () => {
    const results: (string | undefined)[] = []
    const server = createServer(async (req, res) => {
      const bytes = await nodeIncoming(req, new URL('http://proxy.test/'), false).body(req.headers['x-cap'] ? Number(req.headers['x-cap']) : 1_000)
      results.push(bytes && Buffer.from(bytes).toString())
      res.end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as AddressInfo).port
    for (const cap of ['1000', '5']) {
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`POST / HTTP/1.1\r\nHost: proxy.test\r\nX-Cap: ${cap}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`)
          socket.write('4\r\n{"a"\r\n')
          setTimeout(() => socket.end('4\r\n:1}\n\r\n0\r\n\r\n'), 20)
        })
        socket.on('data', () => {})
        socket.on('close', () => resolve())
      })
    }
    expect(results).toEqual(['{"a":1}\n', undefined])
    await new Promise<void>((r) => server.close(() => r()))
  })
})

describe("toNodeHandler's node route: talking to the upstream", () => {
  it('keeps upstream connections alive: 30 requests one after another open one connection, and the page arrives whole with its length', async () => {
    const page = JSON.stringify(rawPage(Array.from({ length: 100 }, (_, i) => rawEntry(i + 1))))
    let connections = 0
    const upstream = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(page)
    })
    upstream.on('connection', () => connections++)
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r))
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
    const proxy = await serveProxy(createProxyHandler({ baseUrl: base, apiKey: API_KEY }))
    try {
      for (let i = 0; i < 30; i++) {
        const answer = await rawRequest(proxy.port, 'GET', `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`)
        expect(answer.status).toBe(200)
        expect(answer.body).toBe(page)
        expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(page)))
      }
      expect(connections).toBe(1)
    } finally {
      await proxy.close()
      upstream.closeAllConnections()
      await new Promise<void>((r) => upstream.close(() => r()))
    }
  })
})

describe("toNodeHandler's node route: a request Node refuses to make", () => {
  it.each([
    ['a header character Node will not send', 'http://127.0.0.1:9/rpc', { 'x-api-key': 'sk_live…' }],
    ['a control character in a header', 'http://127.0.0.1:9/rpc', { 'x-api-key': 'sk_\u0001live' }],
    ['a scheme node:http does not speak', 'ftp://127.0.0.1/rpc', {}],
    ['a relative URL', '/rpc', {}],
  ])('%s → 502 upstream_unreachable, and nothing fails when its deadline passes', async (_name, target, headers) => {
    const transport = nodeTools().transport!
    await expect(transport(target, { method: 'POST', headers, body: '{}' }, 50)).rejects.toMatchObject({ status: 502, code: 'upstream_unreachable' })
    // Past the deadline: its timer must not read a request that was never made (it would throw outside any request).
    await new Promise((r) => setTimeout(r, 150))
  })
})
