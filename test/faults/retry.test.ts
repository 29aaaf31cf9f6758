import { InfiniteQueryObserver, QueryClient } from '@tanstack/query-core'
import { describe, expect, it, vi } from 'vitest'
import { HttpStatusError, InvalidParameterError } from '../../src/core/errors.js'
import { walletHistoryInfiniteQueryOptions } from '../../src/core/query/walletHistory.js'
import { json } from './support/fakeUpstream.js'
import { WALLET, rawEntry, rawPage } from './support/fixtures.js'
import { failure, useFaultService } from './support/harness.js'

// The core's default policy (3 retries) with a 1 ms back-off, so counts are measured, not time.
const service = useFaultService()
const retrying = (extra = {}) => service.client({ retry: { count: 3, baseDelayMs: 1, ...extra } })
const history = (extra = {}) => retrying(extra).getWalletHistory({ address: WALLET })
const status = (code: number, headers: Record<string, string> = {}) => service.upstream.reply((_c, res) => json(res, code, { message: 'no' }, headers))

describe('retry discipline, counted in HTTP calls', () => {
  it('a query failing with 500 every time → exactly 4 HTTP calls, then HttpStatusError', async () => {
    status(500)
    const error = await failure(history())
    expect(error.status).toBe(500)
    expect(service.upstream.calls).toHaveLength(4)
  })

  it('503 twice, then a page → 3 calls and the page', async () => {
    service.upstream.reply((_call, res) => (service.upstream.calls.length <= 2 ? json(res, 503, {}) : json(res, 200, rawPage([rawEntry(1)]))))
    expect((await history()).result).toHaveLength(1)
    expect(service.upstream.calls).toHaveLength(3)
  })

  it.each([400, 401, 403, 404, 413, 422])('HTTP %i → never retried: 1 call', async (code) => {
    status(code)
    await failure(history())
    expect(service.upstream.calls).toHaveLength(1)
  })

  it('invalid params → never sent, never retried: 0 calls', async () => {
    const error = await failure(retrying().getWalletHistory({ address: '0x123' }))
    expect(error).toBeInstanceOf(InvalidParameterError)
    expect(service.upstream.calls).toHaveLength(0)
  })

  it('a body of the wrong shape → not retried (the same body would come back): 1 call', async () => {
    service.upstream.reply((_c, res) => json(res, 200, { result: 'nope' }))
    await failure(history())
    expect(service.upstream.calls).toHaveLength(1)
  })

  it('429 with Retry-After: 1 → waits the 1 000 ms it asked for (not the 1 ms back-off), then a second call succeeds', async () => {
    service.upstream.reply((_c, res) => (service.upstream.calls.length === 1 ? json(res, 429, {}, { 'retry-after': '1' }) : json(res, 200, rawPage([]))))
    const timers = vi.spyOn(globalThis, 'setTimeout')
    const page = await history()
    expect(page.result).toEqual([])
    expect(service.upstream.calls).toHaveLength(2)
    expect(timers.mock.calls.map((c) => c[1])).toContain(1000)
  })

  it('429 with a Retry-After longer than the longest wait → not retried: 1 call, the wait reported', async () => {
    status(429, { 'retry-after': '3600' })
    const error = await failure(history())
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error.retryAfterMs).toBe(3_600_000)
    expect(service.upstream.calls).toHaveLength(1)
  })

  it('429 without Retry-After → backed off and retried: 4 calls', async () => {
    status(429)
    await failure(history())
    expect(service.upstream.calls).toHaveLength(4)
  })

  it('a request aborted mid-flight → not retried: 1 call, even after the back-off would have passed', async () => {
    await service.abortMidFlight((signal) => retrying().getWalletHistory({ address: WALLET }, { signal }))
  })

  it('an abort during the back-off wait → rejects at once, no further call', async () => {
    status(500)
    const controller = new AbortController()
    const pending = service.client({ retry: { count: 3, baseDelayMs: 60_000 } }).getWalletHistory({ address: WALLET }, { signal: controller.signal })
    await vi.waitFor(() => expect(service.upstream.calls).toHaveLength(1))
    controller.abort()
    expect((await failure(pending)).name).toBe('AbortError')
    expect(service.upstream.calls).toHaveLength(1)
  })

  it('timeouts every time → 4 calls in all, then TimeoutError', async () => {
    service.upstream.reply(() => {})
    const error = await failure(service.client({ timeoutMs: 100, retry: { count: 3, baseDelayMs: 1 } }).getWalletHistory({ address: WALLET }))
    expect(error.name).toBe('TimeoutError')
    expect(service.upstream.calls).toHaveLength(4)
  })
})

describe('retry discipline of JSON-RPC (viem retries off, one layer)', () => {
  const rpc = () => retrying().rpc({ method: 'eth_blockNumber' })
  const rpcError = (code: number) =>
    service.upstream.reply((call, res) => json(res, 200, { jsonrpc: '2.0', id: (JSON.parse(call.body) as { id: number }).id, error: { code, message: 'x' } }))

  it('HTTP 500 from the RPC endpoint every time → exactly 4 HTTP calls', async () => {
    status(500)
    await failure(rpc())
    expect(service.upstream.calls).toHaveLength(4)
  })

  it('HTTP 400 from the RPC endpoint → 1 call', async () => {
    status(400)
    await failure(rpc())
    expect(service.upstream.calls).toHaveLength(1)
  })

  it('JSON-RPC -32602 invalid params → never retried: 1 call', async () => {
    rpcError(-32602)
    expect((await failure(rpc())).code).toBe(-32602)
    expect(service.upstream.calls).toHaveLength(1)
  })

  it('JSON-RPC -32603 internal error every time → 4 calls', async () => {
    rpcError(-32603)
    await failure(rpc())
    expect(service.upstream.calls).toHaveLength(4)
  })

  it('an RPC call aborted mid-flight → not retried: 1 call', async () => {
    await service.abortMidFlight((signal) => retrying().rpc({ method: 'eth_blockNumber' }, { signal }))
  })
})

describe('retry discipline through TanStack Query (the query layer adds no retries)', () => {
  it('a failing wallet-history query observed by a QueryClient whose queries default to retry: 3 → 4 HTTP calls, not 16', async () => {
    status(500)
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 1 } } })
    const observer = new InfiniteQueryObserver(queryClient, walletHistoryInfiniteQueryOptions(retrying(), { address: WALLET }))
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'))
    expect(observer.getCurrentResult().error).toBeInstanceOf(HttpStatusError)
    expect(service.upstream.calls).toHaveLength(4)
    unsubscribe()
    queryClient.clear()
  })
})
