import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { createProxyHandler, type ProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, json, type FakeUpstream } from '../faults/support/fakeUpstream.js'
import { API_KEY, WALLET, rawEntry, rawPage } from '../faults/support/fixtures.js'
import { rawRequest, serveProxy, withServedProxy } from './support.js'

const ORIGIN = 'https://app.example'
const HISTORY = `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`

let upstream: FakeUpstream

beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(() => upstream.close())
beforeEach(() => {
  upstream.reset()
  upstream.reply((call, res) => (call.url.startsWith('/rpc') ? json(res, 200, { jsonrpc: '2.0', id: 1, result: '0x1' }) : json(res, 200, rawPage([rawEntry(1)]))))
})

// Every case runs twice: on the Fetch handler (edge, Next.js) and through toNodeHandler, which
// serves createProxyHandler by its own node:http route: the two must answer alike.
const ROUTES = ['Fetch handler', 'node adapter'] as const
let route: (typeof ROUTES)[number] = 'Fetch handler'
const served: Awaited<ReturnType<typeof serveProxy>>[] = []
afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()))
})

/** The handler itself, or the same handler reached over real HTTP through toNodeHandler. */
function proxy(extra: Partial<ProxyHandlerOptions> = {}): ProxyHandler {
  const handler = bareProxy(extra)
  if (route === 'Fetch handler') return handler
  let server: Promise<Awaited<ReturnType<typeof serveProxy>>> | undefined
  return async (request) => {
    // The client's X-Forwarded-For is kept, as behind a reverse proxy, so that the rate-limit cases mean the same.
    server ??= serveProxy(handler, { trustForwardedFor: true }).then((s) => (served.push(s), s))
    const { port } = await server
    const url = new URL(request.url)
    // The request's own Host when it has one (a framework's request.url may name another host).
    const headers = { ...Object.fromEntries(request.headers), host: request.headers.get('host') ?? url.host }
    const body = request.body ? await request.text() : undefined
    const raw = await rawRequest(port, request.method, `${url.pathname}${url.search}`, headers, body)
    const flat = Object.entries(raw.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v] as [string, string]]))
    return new Response([204, 205, 304].includes(raw.status) || request.method === 'HEAD' ? null : raw.body, { status: raw.status, headers: flat })
  }
}

function bareProxy(extra: Partial<ProxyHandlerOptions> = {}): ProxyHandler {
  return createProxyHandler({
    baseUrl: upstream.url,
    apiKey: API_KEY,
    rpc: { url: `${upstream.url}/rpc` },
    allowedOrigins: [ORIGIN],
    ...extra,
  })
}

const at = (path: string, init?: RequestInit) => new Request(`http://proxy.test${path}`, init)
const rpcInit = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

/** Sends a request that must be refused, and checks the refusal and that upstream saw nothing. */
async function expectRefused(handler: (r: Request) => Promise<Response>, request: Request, status: number, code?: string) {
  const response = await handler(request)
  const body = (await response.json()) as { error: { code: string; message: string; parameter?: string } }
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(typeof body.error.message).toBe('string')
  if (code) expect(body.error.code).toBe(code)
  expect(upstream.calls).toHaveLength(0)
  return body.error
}

describe.each(ROUTES)('createProxyHandler, %s', (name) => {
  beforeEach(() => {
    route = name
  })

  describe('what it forwards', () => {
    it('forwards a wallet-history GET with the query re-serialized and the key added', async () => {
      const response = await proxy()(at(`${HISTORY}?limit=10&chain=polygon&order=asc&from_block=5&from_date=2024-01-01&include_input_data=true`))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(((await response.json()) as { result: unknown[] }).result).toHaveLength(1)
      expect(upstream.calls).toHaveLength(1)
      const call = upstream.calls[0]!
      // Rule 1: the block bound wins, the date bound is dropped; keys in the core's canonical order.
      expect(call.url).toBe(`/api/v2.2/wallets/${WALLET}/history?chain=polygon&from_block=5&include_input_data=true&order=ASC&limit=10`)
      expect(call.headers['x-api-key']).toBe(API_KEY)
      expect(call.headers.accept).toBe('application/json')
    })

    it('sends no cookie, authorization, client key or other client header upstream', async () => {
      await proxy()(
        at(HISTORY, {
          headers: {
            cookie: 'session=abc',
            authorization: 'Bearer user-token',
            'x-api-key': 'sk_attacker',
            'x-forwarded-host': 'evil.example',
            'x-custom': '1',
            'user-agent': 'attacker',
            origin: ORIGIN,
          },
        }),
      )
      const seen = upstream.calls[0]!.headers
      expect(seen.cookie).toBeUndefined()
      expect(seen.authorization).toBeUndefined()
      expect(seen['x-custom']).toBeUndefined()
      expect(seen['x-forwarded-host']).toBeUndefined()
      expect(seen.origin).toBeUndefined()
      expect(seen['user-agent']).not.toBe('attacker')
      // Some services (behind a firewall) refuse requests without a user agent.
      expect(seen['user-agent']).toBeTruthy()
      expect(seen['x-api-key']).toBe(API_KEY)
    })

    it("returns the upstream status, labelled JSON, with Retry-After passed on; an HTML body becomes the proxy's JSON error", async () => {
      upstream.reply((_c, res) => {
        res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '7' })
        res.end('<html>slow down</html>')
      })
      const response = await proxy()(at(HISTORY))
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe('7')
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_not_json')
    })

    it('removes the key from an upstream body that echoes it', async () => {
      upstream.reply((_c, res) => json(res, 401, { message: `invalid key ${API_KEY}` }))
      const response = await proxy()(at(HISTORY))
      expect(response.status).toBe(401)
      expect(await response.text()).not.toContain(API_KEY)
    })

    it('removes the key from a 300 kB page wherever it falls (the node route reads it in 64 kB chunks)', async () => {
      const filler = 'x'.repeat(65_536 - 40)
      const text = JSON.stringify({ result: [], notes: [API_KEY, filler, API_KEY, filler, `${API_KEY}${API_KEY}`, filler.repeat(2), API_KEY] })
      upstream.reply((_c, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(text)
      })
      const response = await proxy()(at(HISTORY))
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(text.split(API_KEY).join('[redacted]'))
    })

    it.each([
      ['gzip', gzipSync],
      ['br', brotliCompressSync],
    ] as const)('reads a %s-compressed upstream page when it asked for one (Node 20 fetch asks gzip only)', async (encoding, compress) => {
      const text = JSON.stringify(rawPage([rawEntry(1), rawEntry(2)]))
      upstream.reply((call, res) => {
        if (!String(call.headers['accept-encoding']).includes(encoding)) return json(res, 200, JSON.parse(text))
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding })
        res.end(compress(text))
      })
      const response = await proxy()(at(HISTORY))
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(text)
    })

    it('a compressed upstream body that inflates past the response cap → 502 upstream_too_large', async () => {
      upstream.reply((_c, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        res.end(gzipSync(JSON.stringify({ junk: 'x'.repeat(1_000_000) })))
      })
      const response = await proxy({ maxResponseBytes: 100_000 })(at(HISTORY))
      expect(response.status).toBe(502)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_too_large')
    })

    it.each([
      ['deflate', (text: string) => deflateSync(text)],
      ['deflate', (text: string) => deflateRawSync(text)],
      ['gzip, br', (text: string) => brotliCompressSync(gzipSync(text))],
    ] as const)('reads a page sent as %s (asked for or not), and removes the key from what it decoded', async (encoding, compress) => {
      const text = JSON.stringify({ ...rawPage([rawEntry(1)]), note: `echo ${API_KEY}` })
      upstream.reply((_c, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding })
        res.end(compress(text))
      })
      const response = await proxy()(at(HISTORY))
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(text.replace(API_KEY, '[redacted]'))
    })

    it.each(['compress', 'zstd', 'gzip, identity'])('a page in a content encoding the proxy cannot decode (%s) → 502 upstream_unsupported_encoding, not the bytes labelled JSON', async (encoding) => {
      upstream.reply((_c, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding })
        res.end(gzipSync(JSON.stringify({ note: API_KEY })))
      })
      const response = await proxy()(at(HISTORY))
      expect(response.status).toBe(502)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_unsupported_encoding')
    })

    it('a page labelled `identity` is passed on as it is', async () => {
      const text = JSON.stringify(rawPage([rawEntry(1)]))
      upstream.reply((_c, res) => json(res, 200, text, { 'content-encoding': 'identity' }))
      const response = await proxy()(at(HISTORY))
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(text)
    })

    it('reads a compressed page when maxResponseBytes is more than one Buffer can hold (2^40)', async () => {
      const text = JSON.stringify(rawPage([rawEntry(1)]))
      upstream.reply((_c, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        res.end(gzipSync(text))
      })
      const response = await proxy({ maxResponseBytes: 2 ** 40 })(at(HISTORY))
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(text)
    })

    it.each([204, 205])('passes an upstream %i on with no body and its CORS headers, cache on or off', async (status) => {
      upstream.reply((_c, res) => {
        res.writeHead(status, status === 205 ? { 'content-length': '0' } : {})
        res.end()
      })
      for (const handler of [proxy(), proxy({ cache: true })]) {
        const response = await handler(at(HISTORY, { headers: { origin: ORIGIN } }))
        expect(response.status).toBe(status)
        expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
        expect(await response.text()).toBe('')
      }
    })

    it('forwards an allowed JSON-RPC call and a batch, re-serialized', async () => {
      upstream.reply((call, res) => {
        const body = JSON.parse(call.body) as { id: number }[] | { id: number }
        json(res, 200, Array.isArray(body) ? body.map((b) => ({ jsonrpc: '2.0', id: b.id, result: '0x1' })) : { jsonrpc: '2.0', id: body.id, result: '0x1' })
      })
      const single = await proxy()(at('/api/blockfeed/rpc', rpcInit({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [WALLET], extra: 'dropped' })))
      expect(single.status).toBe(200)
      expect(JSON.parse(upstream.calls[0]!.body)).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [WALLET, 'latest'] })
      const batch = await proxy()(
        at('/api/blockfeed/rpc', rpcInit([{ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }, { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] }])),
      )
      expect(await batch.json()).toHaveLength(2)
      expect(upstream.calls).toHaveLength(2)
    })

    it('picks the upstream RPC URL by ?chain=', async () => {
      const handler = proxy({ rpc: { urls: { eth: `${upstream.url}/rpc/eth`, polygon: `${upstream.url}/rpc/polygon` } }, defaultChain: 'eth' })
      await handler(at('/api/blockfeed/rpc?chain=polygon', rpcInit({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })))
      await handler(at('/api/blockfeed/rpc', rpcInit({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })))
      expect(upstream.calls.map((c) => c.url)).toEqual(['/rpc/polygon', '/rpc/eth'])
    })

    it('answers a CORS preflight from an allowed origin without calling upstream', async () => {
      const response = await proxy()(at('/api/blockfeed/rpc', { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } }))
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      expect(response.headers.get('access-control-allow-methods')).toContain('POST')
      expect(response.headers.get('access-control-allow-credentials')).toBeNull()
      expect(upstream.calls).toHaveLength(0)
      const get = await proxy()(at(HISTORY, { headers: { origin: ORIGIN } }))
      expect(get.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    })
  })

  describe('what it refuses, with zero upstream calls', () => {
    it.each([
      '/',
      '/api/blockfeed',
      '/api/blockfeed/',
      '/api/blockfeed/api/v2.2/wallets',
      `/api/blockfeed/api/v2.2/wallets/${WALLET}`,
      `/api/blockfeed/api/v2.2/wallets/${WALLET}/balance`,
      `/api/blockfeed/api/v2.1/wallets/${WALLET}/history`,
      `/api/blockfeed/api/v2.2/wallets/${WALLET}/history/extra`,
      '/api/blockfeed/rpc/eth',
      `/api/v2.2/wallets/${WALLET}/history`,
      '/admin',
    ])('another path %s → 404', async (path) => {
      await expectRefused(proxy(), at(path), 404, 'not_found')
    })

    it.each([
      '/api/blockfeed/../admin',
      `/api/blockfeed/api/v2.2/wallets/${WALLET}/../../../../admin/history`,
      '/api/blockfeed/%2e%2e/%2e%2e/admin',
      `/api/blockfeed/api/v2.2/wallets/%2e%2e%2fadmin/history`,
      `/api/blockfeed/api/v2.2/wallets/${WALLET}%2F..%2F..%2Fadmin/history`,
      `/api/blockfeed/api/v2.2/wallets/${WALLET}%2fhistory`,
      `/api/blockfeed/api/v2.2/wallets/..%5c..%5cadmin/history`,
      `/api/blockfeed//api/v2.2/wallets/${WALLET}/history`,
      `/api/blockfeed/api/v2.2/wallets/%30x${WALLET.slice(2)}/history`,
    ])('path traversal over real HTTP %s → 4xx', async (path) => {
      await withServedProxy(bareProxy(), async (server) => {
        const response = await rawRequest(server.port, 'GET', path)
        expect(response.status).toBeGreaterThanOrEqual(400)
        expect(response.status).toBeLessThan(500)
        expect(JSON.parse(response.body).error.code).toMatch(/^(not_found|bad_path|invalid_parameter)$/)
        expect(upstream.calls).toHaveLength(0)
      })
    })

    it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s on the history path → 405', async (method) => {
      const response = await proxy()(at(HISTORY, { method }))
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
      expect(upstream.calls).toHaveLength(0)
    })

    it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s on the rpc path → 405', async (method) => {
      await expectRefused(proxy(), at('/api/blockfeed/rpc', { method }), 405, 'method_not_allowed')
    })

    it.each([
      'eth_sign',
      'eth_signTransaction',
      'eth_sendTransaction',
      'eth_accounts',
      'personal_sign',
      'personal_unlockAccount',
      'admin_addPeer',
      'admin_nodeInfo',
      'debug_traceTransaction',
      'debug_setHead',
      'anvil_setBalance',
      'anvil_impersonateAccount',
      'evm_mine',
      'hardhat_reset',
      'txpool_content',
      'ETH_BLOCKNUMBER',
    ])('JSON-RPC method %s → 403 rpc_method_not_allowed', async (method) => {
      const error = await expectRefused(proxy(), at('/api/blockfeed/rpc', rpcInit({ jsonrpc: '2.0', id: 1, method, params: [] })), 403, 'rpc_method_not_allowed')
      expect(error.parameter).toBe('method')
    })

    it('a batch hiding one eth_sendTransaction among allowed calls → that call refused (JSON-RPC -32601), never sent upstream', async () => {
      upstream.reply((call, res) => json(res, 200, (JSON.parse(call.body) as { id: number }[]).map((b) => ({ jsonrpc: '2.0', id: b.id, result: '0x1' }))))
      const batch = [
        { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: 2, method: 'eth_sendTransaction', params: [{ from: WALLET, to: WALLET }] },
      ]
      const response = await proxy()(at('/api/blockfeed/rpc', rpcInit(batch)))
      // As a node answers: the allowed call is served, the other gets its own error object.
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual([
        { jsonrpc: '2.0', id: 1, result: '0x1' },
        { jsonrpc: '2.0', id: 2, error: { code: -32601, message: expect.stringContaining('eth_sendTransaction'), data: { parameter: '[1].method' } } },
      ])
      expect(upstream.calls).toHaveLength(1)
      expect(upstream.calls[0]!.body).not.toContain('eth_sendTransaction')
    })

    it('a batch of 1,000 calls (over maxBatchSize) → one JSON-RPC error per id, nothing sent upstream', async () => {
      const batch = Array.from({ length: 1000 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_blockNumber' }))
      const response = await proxy()(at('/api/blockfeed/rpc', rpcInit(batch)))
      expect(response.status).toBe(200)
      const body = (await response.json()) as { id: number; error: { code: number; message: string } }[]
      expect(body.map((r) => r.id)).toEqual(batch.map((c) => c.id))
      expect(body.every((r) => r.error.code === -32600 && /at most 100 calls, got 1000/.test(r.error.message))).toBe(true)
      expect(upstream.calls).toHaveLength(0)
    })

    it('an empty batch → the single JSON-RPC 2.0 "invalid request" error', async () => {
      const response = await proxy()(at('/api/blockfeed/rpc', rpcInit([])))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/empty batch/) } })
      expect(upstream.calls).toHaveLength(0)
    })

    it('an oversized body (declared) → 413', async () => {
      const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [`0x${'ab'.repeat(200_000)}`] })
      await expectRefused(proxy(), at('/api/blockfeed/rpc', rpcInit(big)), 413, 'body_too_large')
    })

    it('an oversized body streamed without Content-Length over real HTTP → 413', async () => {
      await withServedProxy(bareProxy({ maxRequestBytes: 1024 }), async (server) => {
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [`0x${'ab'.repeat(4096)}`] })
        const response = await rawRequest(server.port, 'POST', '/api/blockfeed/rpc', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body)
        expect(response.status).toBe(413)
        expect(upstream.calls).toHaveLength(0)
      })
    })

    it('a body that is not JSON → 400 invalid_json', async () => {
      await expectRefused(proxy(), at('/api/blockfeed/rpc', rpcInit('{"jsonrpc":"2.0",')), 400, 'invalid_json')
    })

    it('a text/plain body (a CSRF-style simple request) → 415', async () => {
      const init = { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }) }
      await expectRefused(proxy(), at('/api/blockfeed/rpc', init), 415, 'unsupported_media_type')
    })

    it('an allowed method with bad params → 400 naming the parameter', async () => {
      const error = await expectRefused(proxy(), at('/api/blockfeed/rpc', rpcInit({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['nope'] })), 400, 'invalid_parameter')
      expect(error.parameter).toBe('params[0]')
    })

    it('a call without "jsonrpc": "2.0" or with an object id → 400', async () => {
      await expectRefused(proxy(), at('/api/blockfeed/rpc', rpcInit({ id: 1, method: 'eth_blockNumber' })), 400, 'invalid_request')
      await expectRefused(proxy(), at('/api/blockfeed/rpc', rpcInit({ jsonrpc: '2.0', id: { $gt: 1 }, method: 'eth_blockNumber' })), 400, 'invalid_request')
    })

    it('an RPC request for an unknown chain → 400 naming chain', async () => {
      const error = await expectRefused(proxy(), at('/api/blockfeed/rpc?chain=solana', rpcInit({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })), 400, 'invalid_parameter')
      expect(error.parameter).toBe('chain')
    })

    it.each([
      ['cursor', 'abc%0D%0AX-Injected:%201'],
      ['cursor', 'abc%0aSet-Cookie:x=1'],
      ['chain', 'eth%0D%0AX-Injected:%201'],
      ['order', 'ASC%0D%0AX-Injected:%201'],
      ['limit', '10%0D%0AX-Injected:%201'],
      ['from_date', '2024-01-01%0D%0AX-Injected:%201'],
    ])('header injection through %s (CR/LF) → 400', async (name, value) => {
      const error = await expectRefused(proxy(), at(`${HISTORY}?${name}=${value}`), 400, 'invalid_parameter')
      expect(error.parameter).toBe(name)
    })

    it.each([
      ['address', `/api/blockfeed/api/v2.2/wallets/0x1234/history`],
      ['address', `/api/blockfeed/api/v2.2/wallets/${WALLET.replace('d8dA', 'D8DA')}/history`],
      ['chain', `${HISTORY}?chain=solana`],
      ['limit', `${HISTORY}?limit=-1`],
      ['limit', `${HISTORY}?limit=0`],
      ['from_block', `${HISTORY}?from_block=0x10`],
      ['include_internal_transactions', `${HISTORY}?include_internal_transactions=yes`],
      ['api_key', `${HISTORY}?api_key=x`],
      ['chain', `${HISTORY}?chain=eth&chain=polygon`],
      ['from_block', `${HISTORY}?from_block=10&to_block=5`],
    ])('an invalid %s in %s → 400 naming it', async (parameter, path) => {
      const error = await expectRefused(proxy(), at(path), 400, 'invalid_parameter')
      expect(error.parameter).toBe(parameter)
    })

    it('an Origin that is not allowed → 403, for requests and preflights', async () => {
      await expectRefused(proxy(), at(HISTORY, { headers: { origin: 'https://evil.example' } }), 403, 'origin_not_allowed')
      await expectRefused(proxy(), at('/api/blockfeed/rpc', { ...rpcInit({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }), headers: { origin: 'null', 'content-type': 'application/json' } }), 403, 'origin_not_allowed')
      await expectRefused(proxy(), at('/api/blockfeed/rpc', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } }), 403, 'origin_not_allowed')
    })

    it('a same-host Origin over https while the server sees http (TLS terminated in front) → served', async () => {
      const response = await proxy({ allowedOrigins: [] })(at(HISTORY, { headers: { origin: 'https://proxy.test' } }))
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('a Host that is not allowed → 403 (over real HTTP, Host header forged)', async () => {
      await withServedProxy(bareProxy({ allowedHosts: ['app.example'] }), async (server) => {
        const refused = await rawRequest(server.port, 'GET', HISTORY, { host: 'evil.example' })
        expect(refused.status).toBe(403)
        expect(JSON.parse(refused.body).error.code).toBe('host_not_allowed')
        expect(upstream.calls).toHaveLength(0)
        const served = await rawRequest(server.port, 'GET', HISTORY, { host: 'app.example' })
        expect(served.status).toBe(200)
        expect(upstream.calls).toHaveLength(1)
      })
    })

    it('allowedHosts reads the Host header the browser sent, not request.url (which next start builds on localhost)', async () => {
      const handler = proxy({ allowedHosts: ['app.example'] })
      const reached = (host: string) => new Request(`http://localhost:3000${HISTORY}`, { headers: { host } })
      await expectRefused(handler, reached('evil.example'), 403, 'host_not_allowed')
      expect((await handler(reached('app.example'))).status).toBe(200)
      expect(upstream.calls).toHaveLength(1)
    })

    it('a client over its rate limit → 429 with Retry-After, the extra request not forwarded', async () => {
      const handler = proxy({ rateLimit: { capacity: 2, refillPerSecond: 0.01 } })
      const from = (ip: string) => at(HISTORY, { headers: { 'x-forwarded-for': ip } })
      expect((await handler(from('10.0.0.1'))).status).toBe(200)
      expect((await handler(from('10.0.0.1'))).status).toBe(200)
      const limited = await handler(from('10.0.0.1'))
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(upstream.calls).toHaveLength(2)
      expect((await handler(from('10.0.0.2'))).status).toBe(200)
    })

    it('the node adapter keys the rate limit on the socket, so a forged X-Forwarded-For does not dodge it', async () => {
      await withServedProxy(bareProxy({ rateLimit: { capacity: 1, refillPerSecond: 0.01 } }), async (server) => {
        expect((await rawRequest(server.port, 'GET', HISTORY, { 'x-forwarded-for': '1.1.1.1' })).status).toBe(200)
        expect((await rawRequest(server.port, 'GET', HISTORY, { 'x-forwarded-for': '2.2.2.2' })).status).toBe(429)
        expect(upstream.calls).toHaveLength(1)
      })
    })

    it('an upstream redirect is not followed (the key would go with it) → 502', async () => {
      upstream.reply((call, res) => {
        if (call.url.startsWith('/elsewhere')) return json(res, 200, {})
        res.writeHead(302, { location: `${upstream.url}/elsewhere` })
        res.end()
      })
      const response = await proxy()(at(HISTORY))
      expect(response.status).toBe(502)
      expect(upstream.calls.map((c) => c.url)).toEqual([`/api/v2.2/wallets/${WALLET}/history`])
    })

    it('an upstream body above the response cap → 502 upstream_too_large', async () => {
      upstream.reply((_c, res) => json(res, 200, { junk: 'x'.repeat(10_000) }))
      const response = await proxy({ maxResponseBytes: 1000 })(at(HISTORY))
      expect(response.status).toBe(502)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_too_large')
    })

    it('an upstream that does not answer in time → 504, the key absent from the answer', async () => {
      upstream.reply(() => {})
      const response = await proxy({ timeoutMs: 100 })(at(HISTORY))
      expect(response.status).toBe(504)
      expect(await response.text()).not.toContain(API_KEY)
    })

    it('an upstream that sends its headers, then stalls mid-body → 504 upstream_timeout (not a 500)', async () => {
      upstream.reply((_c, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' })
        res.write('{"result":[')
      })
      const response = await proxy({ timeoutMs: 150 })(at(HISTORY))
      expect(response.status).toBe(504)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_timeout')
    })

    it('an upstream that drops the connection mid-body → 502 upstream_unreachable (not a 500)', async () => {
      upstream.reply((_c, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' })
        res.write('{"result":[', () => setTimeout(() => res.socket?.destroy(), 20))
      })
      const response = await proxy()(at(HISTORY))
      expect(response.status).toBe(502)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_unreachable')
    })

    it('uses the fetch given in the options, on either route', async () => {
      const seen: string[] = []
      const handler = proxy({
        fetch: async (input) => {
          seen.push(String(input))
          return new Response(JSON.stringify(rawPage([rawEntry(3)])), { headers: { 'content-type': 'application/json' } })
        },
      })
      const response = await handler(at(HISTORY))
      expect(response.status).toBe(200)
      expect(seen).toEqual([`${upstream.url}/api/v2.2/wallets/${WALLET}/history`])
      expect(upstream.calls).toHaveLength(0)
    })

    it('refuses to start without an absolute upstream URL or with a key holding a line break', () => {
      expect(() => createProxyHandler({ baseUrl: '/relative', apiKey: API_KEY })).toThrow(/baseUrl/)
      expect(() => createProxyHandler({ baseUrl: upstream.url, apiKey: 'a\r\nX: y' })).toThrow(/apiKey/)
    })

    it('refuses to start with a key Node will not send in a header, or an RPC URL that is not http(s), naming the option', () => {
      for (const apiKey of ['sk_live…', 'sk_\u0000live', 'sk_\u007flive', 'sk_\tlive', ' sk_live', 'sk_clé']) {
        expect(() => createProxyHandler({ baseUrl: upstream.url, apiKey })).toThrow(/`apiKey`/)
      }
      const withRpc = (rpc: ProxyHandlerOptions['rpc']) => () => createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, rpc })
      expect(withRpc({ url: 'ftp://node.example/rpc' })).toThrow(/`rpc\.url`/)
      expect(withRpc({ url: '/rpc' })).toThrow(/`rpc\.url`/)
      expect(withRpc({ urls: { eth: `${upstream.url}/rpc`, polygon: 'file:///etc/passwd' } })).toThrow(/`rpc\.urls\.polygon`/)
      expect(withRpc({ urls: { eth: 'https://node.example/rpc' } })).not.toThrow()
    })

    it('refuses to start with a maxResponseBytes that is no whole number of bytes', () => {
      for (const maxResponseBytes of [Infinity, 0, -1, 1.5, Number.NaN]) {
        expect(() => createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, maxResponseBytes })).toThrow(/`maxResponseBytes`/)
      }
    })

    it('an RPC URL (from an `rpc` function) no request can be made to → 502 upstream_unreachable, and nothing fails when its deadline passes', async () => {
      const handler = proxy({ rpc: () => 'ftp://node.example/rpc', timeoutMs: 50 })
      const response = await handler(at('/api/blockfeed/rpc?chain=eth', rpcInit({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })))
      expect(response.status).toBe(502)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_unreachable')
      // Past the deadline: its timer must not read a request that was never made (it would throw outside any request).
      await new Promise((r) => setTimeout(r, 150))
    })
  })

  describe('behind node:http, used by the real client', () => {
    it('serves createClient({ baseUrl: …/api/blockfeed }) with the key added only server-side', async () => {
      await withServedProxy(bareProxy(), async (server) => {
        const client = createClient({ baseUrl: `${server.url}/api/blockfeed`, retry: false })
        const page = await client.getWalletHistory({ address: WALLET, chain: 'eth', limit: 5 })
        expect(page.result[0]!.block_number).toBe('19000001')
        expect(upstream.calls).toHaveLength(1)
        expect(upstream.calls[0]!.url).toBe(`/api/v2.2/wallets/${WALLET}/history?chain=eth&limit=5`)
        expect(upstream.calls[0]!.headers['x-api-key']).toBe(API_KEY)
      })
    })
  })
})
