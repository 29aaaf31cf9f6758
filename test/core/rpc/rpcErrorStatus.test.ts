/**
 * A node that answers with a JSON-RPC error object under a 4xx status (many providers send
 * 400 for invalid params) gave different error classes by viem version: viem before 2.57.12
 * reads any non-2xx as an HTTP failure. The lowest-node project runs this on viem 2.37.2.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createClient, HttpStatusError, JsonRpcError } from '../../../src/exports/index.js'
import { useMswServer } from '../../support/msw.js'

const RPC = 'https://rpc.test/'
type Call = { id: number; method: string }

const { server, requests } = useMswServer(http.post(RPC, () => HttpResponse.json({ jsonrpc: '2.0', id: 1, result: '0x1' })))
const client = (batch?: false) => createClient({ baseUrl: 'https://service.test', rpc: { url: RPC }, retry: { count: 2, baseDelayMs: 1 }, ...(batch === false ? { batch } : {}) })
const invalid = { code: -32602, message: 'invalid argument 0: hex string without 0x prefix' }

describe('a JSON-RPC error answered with HTTP 400', () => {
  it.each([
    ['batched', undefined],
    ['unbatched', false],
  ] as const)('%s: every call fails with a JsonRpcError carrying the code, sent once', async (_, batch) => {
    server.use(
      http.post(RPC, async ({ request }) => {
        const body = (await request.json()) as Call | Call[]
        // One error for the request as a whole, as geth and most providers answer.
        const id = Array.isArray(body) ? null : body.id
        return HttpResponse.json({ jsonrpc: '2.0', id, error: invalid }, { status: 400 })
      }),
    )
    const c = client(batch)
    const results = await Promise.allSettled([c.rpc({ method: 'eth_chainId' }), c.rpc({ method: 'eth_gasPrice' })])
    for (const r of results) {
      expect(r.status === 'rejected' && r.reason).toBeInstanceOf(JsonRpcError)
      expect(r.status === 'rejected' && r.reason).toMatchObject({ code: -32602, rpcMessage: invalid.message })
    }
    expect(requests).toHaveLength(batch === false ? 2 : 1)
  })

  it('a 400 whose body is not a JSON-RPC error stays an HttpStatusError', async () => {
    server.use(http.post(RPC, () => HttpResponse.json({ message: 'bad request' }, { status: 400 })))
    await expect(client().rpc({ method: 'eth_chainId' })).rejects.toBeInstanceOf(HttpStatusError)
    expect(requests).toHaveLength(1)
  })
})
