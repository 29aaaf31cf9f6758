import { describe, expect, it } from 'vitest'
import { HttpStatusError, JsonRpcError, ResponseShapeError, TimeoutError } from '../../src/core/errors.js'
import { json } from './support/fakeUpstream.js'
import { OTHER } from './support/fixtures.js'
import { failure, useFaultService } from './support/harness.js'

const service = useFaultService()

type Call = { jsonrpc: string; id: number; method: string; params: unknown[] }
/** Answers every JSON-RPC POST with `answer(body)`, where body is one call or a batch. */
const answer = (fn: (body: Call | Call[]) => unknown, status = 200, headers: Record<string, string> = {}) =>
  service.upstream.reply((call, res) => json(res, status, fn(JSON.parse(call.body) as Call | Call[]), headers))
const each = (body: Call | Call[]) => (Array.isArray(body) ? body : [body])
const errorReply = (error: Record<string, unknown>) => (body: Call | Call[]) => ({ jsonrpc: '2.0', id: (body as Call).id, error })

describe('JSON-RPC error objects', () => {
  it.each([
    [-32602, 'invalid params', false],
    [-32000, 'header not found', false],
    [-32603, 'internal error', true],
  ])('error %i → JsonRpcError with that code and message (retryable: %s)', async (code, message, retryable) => {
    answer(errorReply({ code, message }))
    const error = await failure(service.client().rpc({ method: 'eth_blockNumber' }))
    expect(error).toBeInstanceOf(JsonRpcError)
    expect(error.code).toBe(code)
    expect(error.rpcMessage).toContain(message)
    expect(error.retryable).toBe(retryable)
  })

  it('a revert with data → JsonRpcError code 3 with the revert data kept exactly', async () => {
    const data = '0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000461626364'
    answer(errorReply({ code: 3, message: 'execution reverted: abcd', data }))
    const error = await failure(service.client().rpc({ method: 'eth_call', params: [{ to: OTHER, data: '0x' }] }))
    expect(error).toBeInstanceOf(JsonRpcError)
    expect(error.code).toBe(3)
    expect(error.data).toBe(data)
    expect(error.retryable).toBe(false)
  })

  it('HTTP 500 from the RPC endpoint → HttpStatusError 500', async () => {
    answer(() => ({ message: 'down' }), 500)
    const error = await failure(service.client().rpc({ method: 'eth_chainId' }))
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error.status).toBe(500)
  })

  it('HTTP 429 with Retry-After from the RPC endpoint → HttpStatusError 429 with retryAfterMs', async () => {
    answer(() => ({ message: 'slow down' }), 429, { 'retry-after': '3' })
    const error = await failure(service.client().rpc({ method: 'eth_chainId' }))
    expect(error.status).toBe(429)
    expect(error.retryAfterMs).toBe(3000)
  })

  it('an RPC endpoint that never answers → TimeoutError', async () => {
    service.upstream.reply(() => {})
    const error = await failure(service.client({ timeoutMs: 150 }).rpc({ method: 'eth_chainId' }))
    expect(error).toBeInstanceOf(TimeoutError)
  })
})

describe('JSON-RPC envelopes that do not match the request', () => {
  it('a batch reply out of order → each caller still gets its own result', async () => {
    answer((body) => each(body).reverse().map((c) => ({ jsonrpc: '2.0', id: c.id, result: c.method === 'eth_chainId' ? '0x1' : '0x99' })))
    const client = service.client()
    const [chainId, block] = await Promise.all([client.rpc({ method: 'eth_chainId' }), client.rpc({ method: 'eth_blockNumber' })])
    expect([chainId, block]).toEqual(['0x1', '0x99'])
    expect(JSON.parse(service.upstream.calls[0]!.body)).toHaveLength(2)
  })

  it('a batch reply with one id missing → a typed ResponseShapeError, never another call’s result', async () => {
    answer((body) => each(body).map((c, i) => (i === 0 ? { jsonrpc: '2.0', result: '0x1' } : { jsonrpc: '2.0', id: c.id, result: '0x99' })))
    const client = service.client()
    const results = await Promise.allSettled([client.rpc({ method: 'eth_chainId' }), client.rpc({ method: 'eth_blockNumber' })])
    expect(results[0]!.status).toBe('rejected')
    await failure(Promise.reject((results[0] as PromiseRejectedResult).reason))
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(ResponseShapeError)
  })

  it('a batch reply carrying another request’s id → a typed error, results never swapped', async () => {
    answer((body) => each(body).map((c, i) => ({ jsonrpc: '2.0', id: i === 0 ? 424242 : c.id, result: c.method === 'eth_chainId' ? '0x1' : '0x99' })))
    const client = service.client()
    const results = await Promise.allSettled([client.rpc({ method: 'eth_chainId' }), client.rpc({ method: 'eth_blockNumber' })])
    // Whatever settles must be right: eth_chainId may fail, but never receive 0x99.
    if (results[0]!.status === 'fulfilled') expect(results[0]!.value).toBe('0x1')
    if (results[1]!.status === 'fulfilled') expect(results[1]!.value).toBe('0x99')
    expect(results[0]!.status).toBe('rejected')
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(ResponseShapeError)
  })

  it('a single reply for another id → ResponseShapeError (the service was reached: not a NetworkError)', async () => {
    answer(() => ({ jsonrpc: '2.0', id: 999_999, result: '0x5' }))
    const error = await failure(service.client().rpc({ method: 'eth_blockNumber' }))
    expect(error).toBeInstanceOf(ResponseShapeError)
  })

  it('a reply with neither result nor error → ResponseShapeError, not undefined', async () => {
    answer((body) => ({ jsonrpc: '2.0', id: (body as Call).id }))
    const error = await failure(service.client().rpc({ method: 'eth_blockNumber' }))
    expect(error).toBeInstanceOf(ResponseShapeError)
  })

  it('an HTML page with status 200 from the RPC endpoint → ResponseShapeError, not a NetworkError', async () => {
    service.upstream.reply((_c, res) => (res.writeHead(200, { 'content-type': 'text/html' }), res.end('<html>maintenance</html>')))
    const error = await failure(service.client().rpc({ method: 'eth_blockNumber' }))
    expect(error).toBeInstanceOf(ResponseShapeError)
  })
})
