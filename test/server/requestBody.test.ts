import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createProxyHandler, type ProxyHandler } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, json, type FakeUpstream } from '../faults/support/fakeUpstream.js'
import { API_KEY } from '../faults/support/fixtures.js'
import { serveProxy } from './support.js'

// Request bodies a client compressed (Content-Encoding), on both routes.

let upstream: FakeUpstream

beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(() => upstream.close())
beforeEach(() => {
  upstream.reset()
  upstream.reply((call, res) => {
    const body = JSON.parse(call.body) as { id: number } | { id: number }[]
    const answer = (c: { id: number }) => ({ jsonrpc: '2.0', id: c.id, result: '0x1' })
    json(res, 200, Array.isArray(body) ? body.map(answer) : answer(body))
  })
})

const make = () => createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, rpc: { url: `${upstream.url}/rpc` }, maxRequestBytes: 4096 })

async function eachRoute(fn: (name: string, handler: ProxyHandler) => Promise<void>): Promise<void> {
  await fn('Fetch handler', make())
  const served = await serveProxy(make())
  try {
    await fn('node adapter', (request) => fetch(`${served.url}${new URL(request.url).pathname}`, { method: 'POST', headers: request.headers, body: request.body, duplex: 'half' } as RequestInit))
  } finally {
    await served.close()
  }
}

const post = (handler: ProxyHandler, body: Uint8Array, encoding: string) =>
  handler(new Request('http://proxy.test/api/blockfeed/rpc', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body: body as Uint8Array<ArrayBuffer> }))

const CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })

describe('a compressed request body', () => {
  it('in gzip or deflate is read as the JSON it holds', async () => {
    await eachRoute(async (name, handler) => {
      for (const [encoding, body] of [['gzip', gzipSync(CALL)], ['deflate', deflateSync(CALL)], ['GZIP', gzipSync(CALL)]] as const) {
        const response = await post(handler, body, encoding)
        expect(response.status, `${name} ${encoding}`).toBe(200)
        expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
      }
    })
  })

  it('in a coding the proxy cannot undo → 415 naming Content-Encoding; one that is not what it says → 400; one that inflates past the cap → 413; nothing sent upstream', async () => {
    await eachRoute(async (name, handler) => {
      const cases: [Uint8Array, string, number, string][] = [
        [brotliCompressSync(CALL), 'br', 415, 'unsupported_content_encoding'],
        [new TextEncoder().encode(CALL), 'gzip', 400, 'invalid_body'],
        [gzipSync(' '.repeat(1_000_000) + CALL), 'gzip', 413, 'body_too_large'],
      ]
      for (const [body, encoding, status, code] of cases) {
        const response = await post(handler, body, encoding)
        expect(response.status, `${name} ${encoding}`).toBe(status)
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code)
      }
    })
    expect(upstream.calls).toHaveLength(0)
  })
})
