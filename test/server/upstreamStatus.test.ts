import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createProxyHandler } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, type FakeUpstream } from '../faults/support/fakeUpstream.js'
import { API_KEY, WALLET } from '../faults/support/fixtures.js'
import { serveProxy } from './support.js'

// Upstream answers no HTTP client should send, but a broken service or middlebox does.

let upstream: FakeUpstream

beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(() => upstream.close())
beforeEach(() => upstream.reset())

const make = () => createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, rpc: { url: `${upstream.url}/rpc` } })
const HISTORY = `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`

describe('an upstream status outside 200–599', () => {
  it('is a 502 upstream_bad_status on both routes (a Fetch Response cannot carry it), for a page and a JSON-RPC call', async () => {
    upstream.reply((_call, res) => {
      res.writeHead(600, { 'content-type': 'application/json' })
      res.end('{}')
    })
    const served = await serveProxy(make())
    try {
      for (const [name, handler] of [['Fetch handler', make()], ['node adapter', (r: Request) => fetch(`${served.url}${new URL(r.url).pathname}`, { method: r.method, headers: r.headers, body: r.body, duplex: 'half' } as RequestInit)]] as const) {
        const requests = [
          new Request(`http://proxy.test${HISTORY}`),
          new Request('http://proxy.test/api/blockfeed/rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' }),
        ]
        for (const request of requests) {
          const response = await handler(request)
          expect(response.status, name).toBe(502)
          expect(((await response.json()) as { error: { code: string } }).error.code, name).toBe('upstream_bad_status')
        }
      }
    } finally {
      await served.close()
    }
  })
})
