import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createClient, HttpStatusError, InvalidParameterError, JsonRpcError, NetworkError, ResponseShapeError, TimeoutError } from '../../../src/exports/index.js'
import { reorgDepth, settledBlock } from '../../../src/core/rpc/head.js'
import { useMswServer } from '../../support/msw.js'

// Providers put their key in the RPC URL path: it must not leak into errors.
const PROVIDER_KEY = 'pk_9f8e7d6c5b4a'
const RPC = `https://rpc.test/v2/${PROVIDER_KEY}`
const fast = { count: 2, baseDelayMs: 1 }

type Call = { id: number; method: string }
const calls = (body: unknown): Call[] => [body].flat() as Call[]

/** Answers each JSON-RPC call (single or batched) with `answer(call)`. */
const rpcHandler = (answer: (call: Call) => unknown) =>
  http.post(RPC, async ({ request }) => {
    const body = await request.json()
    const replies = calls(body).map((c) => ({ jsonrpc: '2.0', id: c.id, ...(answer(c) as object) }))
    return HttpResponse.json(Array.isArray(body) ? replies : replies[0])
  })

const { server, requests } = useMswServer(rpcHandler(() => ({ result: '0x1' })))
const clientWith = (extra: Parameters<typeof createClient>[0] extends infer C ? Partial<C> : never = {}) =>
  createClient({ baseUrl: 'https://service.test', rpc: { url: RPC }, retry: fast, ...extra })

async function failure(p: Promise<unknown>) {
  const e = await p.catch((x: unknown) => x)
  expect(e).toBeInstanceOf(Error)
  expect((e as Error).message).not.toContain(PROVIDER_KEY)
  expect(String((e as Error).stack)).not.toContain(PROVIDER_KEY)
  return e as Error
}

describe('RPC errors over real HTTP', () => {
  it('a result comes back as the raw JSON-RPC value', async () => {
    expect(await clientWith().rpc({ method: 'eth_chainId' })).toBe('0x1')
    expect(requests).toHaveLength(1)
    expect(requests[0]!.method).toBe('POST')
  })

  it('a JSON-RPC error object → JsonRpcError with code, message and data; invalid params not retried', async () => {
    server.use(rpcHandler(() => ({ error: { code: -32602, message: 'invalid argument 0', data: { why: 'bad' } } })))
    const e = (await failure(clientWith().rpc({ method: 'eth_blockNumber' }))) as JsonRpcError
    expect(e).toBeInstanceOf(JsonRpcError)
    expect(e).toMatchObject({ code: -32602, rpcMessage: 'invalid argument 0', data: { why: 'bad' }, method: 'eth_blockNumber' })
    expect(requests).toHaveLength(1)
  })

  it('a JSON-RPC internal error (-32603) is retried', async () => {
    server.use(rpcHandler(() => ({ error: { code: -32603, message: 'internal' } })))
    await expect(clientWith().rpc({ method: 'eth_blockNumber' })).rejects.toMatchObject({ name: 'JsonRpcError', code: -32603 })
    expect(requests).toHaveLength(3)
  })

  it.each([400, 401, 403, 404])('HTTP %i → HttpStatusError, sent once', async (status) => {
    server.use(http.post(RPC, () => new HttpResponse('nope', { status })))
    const e = await failure(clientWith().rpc({ method: 'eth_gasPrice' }))
    expect(e).toBeInstanceOf(HttpStatusError)
    expect((e as HttpStatusError).status).toBe(status)
    expect(requests).toHaveLength(1)
  })

  it('eth_sendRawTransaction is never retried: a 503 is one call and the caller decides', async () => {
    server.use(http.post(RPC, () => new HttpResponse('busy', { status: 503 })))
    const e = await failure(clientWith({ retry: 3 }).rpc({ method: 'eth_sendRawTransaction', params: ['0x02f8'] }))
    expect(e).toMatchObject({ name: 'HttpStatusError', status: 503 })
    expect(requests).toHaveLength(1)
  })

  it('HTTP 500 is retried `retry` times, then HttpStatusError', async () => {
    server.use(http.post(RPC, () => new HttpResponse('down', { status: 500 })))
    const e = await failure(clientWith().rpc({ method: 'eth_gasPrice' }))
    expect(e).toMatchObject({ name: 'HttpStatusError', status: 500 })
    expect(requests).toHaveLength(3)
  })

  it('HTTP 429 carries Retry-After; a long one is not waited for', async () => {
    server.use(http.post(RPC, () => new HttpResponse('slow down', { status: 429, headers: { 'Retry-After': '90' } })))
    const e = await failure(clientWith({ retry: { count: 3, baseDelayMs: 1, maxDelayMs: 1_000 } }).rpc({ method: 'eth_gasPrice' }))
    expect(e).toMatchObject({ name: 'HttpStatusError', status: 429, retryAfterMs: 90_000 })
    expect(requests).toHaveLength(1)
  })

  it('HTTP 429 then 200: the retry succeeds', async () => {
    let n = 0
    server.use(http.post(RPC, async ({ request }) => {
      if (n++ === 0) return new HttpResponse(null, { status: 429, headers: { 'Retry-After': '0' } })
      const [c] = calls(await request.json())
      return HttpResponse.json([{ jsonrpc: '2.0', id: c!.id, result: '0x2' }])
    }))
    expect(await clientWith().rpc({ method: 'eth_gasPrice' })).toBe('0x2')
    expect(requests).toHaveLength(2)
  })

  it('no answer in time → TimeoutError', async () => {
    server.use(http.post(RPC, async () => {
      await delay(5_000)
      return HttpResponse.json({})
    }))
    const e = await failure(clientWith({ timeoutMs: 50, retry: false }).rpc({ method: 'eth_gasPrice' }))
    expect(e).toBeInstanceOf(TimeoutError)
  })

  it('a network failure → NetworkError', async () => {
    server.use(http.post(RPC, () => HttpResponse.error()))
    expect(await failure(clientWith({ retry: false }).rpc({ method: 'eth_gasPrice' }))).toBeInstanceOf(NetworkError)
  })

  it.each([
    ['an HTML page', () => HttpResponse.html('<html>gateway login</html>')],
    ['an empty body', () => new HttpResponse('', { status: 200 })],
    ['one object for a batch', () => HttpResponse.json({ jsonrpc: '2.0', id: 1, result: '0x1' })],
  ])('a 200 with %s is a ResponseShapeError, not a NetworkError, and not retried', async (_, reply) => {
    server.use(http.post(RPC, reply))
    const e = await failure(clientWith().rpc({ method: 'eth_chainId' }))
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect(e.message).toContain('eth_chainId')
    expect(requests).toHaveLength(1)
  })

  it('batch replies are paired with their calls by id, in any order', async () => {
    server.use(http.post(RPC, async ({ request }) => {
      const body = calls(await request.json())
      return HttpResponse.json(body.map((c) => ({ jsonrpc: '2.0', id: String(c.id), result: c.method })).reverse())
    }))
    const c = clientWith()
    expect(await Promise.all([c.rpc({ method: 'eth_chainId' }), c.rpc({ method: 'eth_gasPrice' }), c.rpc({ method: 'eth_blockNumber' })]))
      .toEqual(['eth_chainId', 'eth_gasPrice', 'eth_blockNumber'])
    expect(requests).toHaveLength(1)
  })

  it.each([
    ['no id', (c: Call, i: number) => (i === 0 ? { jsonrpc: '2.0', result: '0xbad' } : { jsonrpc: '2.0', id: c.id, result: c.method })],
    ['another id', (c: Call, i: number) => ({ jsonrpc: '2.0', id: i === 0 ? 4242 : c.id, result: i === 0 ? '0xbad' : c.method })],
    ['neither result nor error', (c: Call, i: number) => (i === 0 ? { jsonrpc: '2.0', id: c.id } : { jsonrpc: '2.0', id: c.id, result: c.method })],
  ] as [string, (c: Call, i: number) => unknown][])('a batch reply with %s fails only that call, with a ResponseShapeError', async (_, reply) => {
    server.use(http.post(RPC, async ({ request }) => HttpResponse.json(calls(await request.json()).map(reply))))
    const c = clientWith()
    const [first, second] = await Promise.allSettled([c.rpc({ method: 'eth_chainId' }), c.rpc({ method: 'eth_gasPrice' })])
    expect(first.status === 'rejected' && first.reason).toBeInstanceOf(ResponseShapeError)
    expect(second).toEqual({ status: 'fulfilled', value: 'eth_gasPrice' })
    expect(requests).toHaveLength(1)
  })

  it('a provider refusing the whole batch (one error, id null) → JsonRpcError with its code for every call', async () => {
    const refusal = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large' } }
    server.use(http.post(RPC, () => HttpResponse.json([refusal])))
    const c = clientWith()
    const results = await Promise.allSettled([c.rpc({ method: 'eth_chainId' }), c.rpc({ method: 'eth_gasPrice' })])
    for (const r of results) {
      expect(r.status === 'rejected' && r.reason).toBeInstanceOf(JsonRpcError)
      expect(r.status === 'rejected' && r.reason.code).toBe(-32600)
    }
    expect(requests).toHaveLength(1)
  })

  it('an unbatched reply for another id is a ResponseShapeError, never another call result', async () => {
    server.use(http.post(RPC, () => HttpResponse.json({ jsonrpc: '2.0', id: 999_999, result: '0x5' })))
    const e = await failure(clientWith({ batch: false }).rpc({ method: 'eth_chainId' }))
    expect(e).toBeInstanceOf(ResponseShapeError)
  })

  it('an abort stays an AbortError and is not retried', async () => {
    server.use(http.post(RPC, async () => {
      await delay(5_000)
      return HttpResponse.json({})
    }))
    const controller = new AbortController()
    const pending = clientWith({ retry: 3 }).rpc({ method: 'eth_gasPrice' }, { signal: controller.signal })
    while (requests.length === 0) await delay(5)
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    await delay(50)
    expect(requests).toHaveLength(1)
  })

  it('sends the API key to an RPC URL on the service origin (the proxy), with configured rpc headers', async () => {
    const url = 'https://service.test/rpc'
    server.use(http.post(url, async ({ request }) => {
      const body = await request.json()
      const replies = calls(body).map((c) => ({ jsonrpc: '2.0', id: c.id, result: '0x5' }))
      return HttpResponse.json(Array.isArray(body) ? replies : replies[0])
    }))
    const c = createClient({ baseUrl: 'https://service.test', apiKey: 'sk-1', rpc: { url, headers: { 'x-app': 'demo' } } })
    expect(await c.rpc({ method: 'eth_chainId' })).toBe('0x5')
    expect(requests[0]!.headers.get('x-api-key')).toBe('sk-1')
    expect(requests[0]!.headers.get('x-app')).toBe('demo')
    expect(requests[0]!.url).not.toContain('sk-1')
  })

  it('without rpc configured, a call is an InvalidParameterError and nothing is sent', async () => {
    const c = createClient({ baseUrl: 'https://service.test' })
    await expect(c.rpc({ method: 'eth_chainId' })).rejects.toMatchObject({ name: 'InvalidParameterError', parameter: 'chain' })
    expect(requests).toHaveLength(0)
  })
})

describe('per-chain RPC URLs are looked up by own keys', () => {
  it.each(['constructor', '__proto__', 'toString'])('chain %s (an accepted extra chain) with no URL of its own is an InvalidParameterError, no request', async (chain) => {
    const client = createClient({ baseUrl: 'https://service.test', rpc: { urls: { eth: RPC } }, extraChains: [chain], retry: false })
    const e = await client.rpc({ method: 'eth_chainId' }, { chain }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(InvalidParameterError)
    expect((e as InvalidParameterError).parameter).toBe('chain')
    expect((e as InvalidParameterError).reason).toContain(`"${chain}"`)
    expect(requests).toHaveLength(0)
  })
})

describe('what the client learns about the head', () => {
  it('eth_blockNumber replies are recorded under the client’s base URL and chain, and settle older blocks', async () => {
    server.use(rpcHandler(() => ({ result: '0x500' })))
    const client = createClient({ baseUrl: 'https://heads.test///', chain: 'bsc', rpc: { url: RPC }, retry: false })
    expect(settledBlock('https://heads.test', 'bsc')).toBeUndefined()
    await client.rpc({ method: 'eth_blockNumber' })
    expect(settledBlock('https://heads.test', 'bsc')).toBe(0x500n - BigInt(reorgDepth('bsc')))
    expect(settledBlock('https://heads.test', 'eth')).toBeUndefined()
  })
})
