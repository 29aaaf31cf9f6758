import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { rpcHeadQueryFilter, rpcQueryKey, rpcQueryOptions } from '../../../src/core/query/rpc.js'
import { walletHistoryInfiniteQueryOptions, walletHistoryQueryKey } from '../../../src/core/query/walletHistory.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hash = `0x${'ab'.repeat(32)}` as const
const a = createClient({ baseUrl: 'https://a.test/', apiKey: 'secret-key', chain: 'eth', rpc: { url: 'https://rpc.test' } })
const b = createClient({ baseUrl: 'https://b.test', chain: 'eth', rpc: { url: 'https://rpc.test' } })

describe('query keys', () => {
  it('wallet history: JSON-safe, every input but the cursor, marked infinite, no API key', () => {
    const key = walletHistoryQueryKey(a, { address, fromBlock: 10n, toDate: new Date('2024-01-02T00:00:00Z'), cursor: 'c9', limit: 5 })
    expect(JSON.parse(JSON.stringify(key))).toEqual(key)
    expect(key).toEqual([
      'blockfeed',
      'walletHistory',
      { baseUrl: 'https://a.test', address, chain: 'eth', fromBlock: '10', toDate: '2024-01-02T00:00:00.000Z', limit: 5 },
      { type: 'infinite' },
    ])
    expect(JSON.stringify(key)).not.toContain('secret-key')
  })

  it('are distinct per base URL and chain, and equal for equal inputs', () => {
    const k = (c: typeof a, chain?: string) => JSON.stringify(walletHistoryQueryKey(c, { address, chain }))
    expect(new Set([k(a), k(b), k(a, 'polygon'), k(a, 'eth')]).size).toBe(3)
    const r = (c: typeof a, chain?: string) => JSON.stringify(rpcQueryKey(c, { method: 'eth_getBalance', params: [address], chain }))
    expect(new Set([r(a), r(b), r(a, 'polygon'), r(a, 'eth')]).size).toBe(3)
  })

  it('rpc: canonical params, so [addr] and [addr, "latest"] are one entry', () => {
    expect(rpcQueryKey(a, { method: 'eth_getBalance', params: [address] })).toEqual(
      rpcQueryKey(a, { method: 'eth_getBalance', params: [address, 'latest'] }),
    )
    expect(JSON.stringify(rpcQueryKey(a, { method: 'eth_blockNumber' }))).not.toContain('secret-key')
  })
})

describe('options factories', () => {
  it('set retry: false (the client retries) and cache immutable results forever, except null', async () => {
    const qc = new QueryClient()
    const byHash = rpcQueryOptions(a, { method: 'eth_getTransactionReceipt', params: [hash] })
    const latest = rpcQueryOptions(a, { method: 'eth_getBalance', params: [address] })
    const history = walletHistoryInfiniteQueryOptions(a, { address })
    expect([byHash.retry, latest.retry, history.retry]).toEqual([false, false, false])
    expect('staleTime' in latest).toBe(false)
    const query = qc.getQueryCache().build(qc, byHash)
    expect(typeof byHash.staleTime === 'function' && byHash.staleTime(query as never)).toBe(0)
    query.setData({ status: '0x1' } as never)
    expect(typeof byHash.staleTime === 'function' && byHash.staleTime(query as never)).toBe(Infinity)
  })

  it('the head filter matches reads at latest on that chain only', () => {
    const qc = new QueryClient()
    const build = (o: object) => qc.getQueryCache().build(qc, o as never)
    build(rpcQueryOptions(a, { method: 'eth_getBalance', params: [address] }))
    build(rpcQueryOptions(a, { method: 'eth_getBalance', params: [address, '0x5'] }))
    build(rpcQueryOptions(a, { method: 'eth_getTransactionByHash', params: [hash] }))
    build(rpcQueryOptions(a, { method: 'eth_blockNumber', chain: 'polygon' }))
    build(rpcQueryOptions(b, { method: 'eth_blockNumber' }))
    const matched = qc.getQueryCache().findAll(rpcHeadQueryFilter(a)).map((q) => q.queryKey[2])
    expect(matched).toEqual([{ baseUrl: 'https://a.test', chain: 'eth', method: 'eth_getBalance', params: [address, 'latest'] }])
  })
})
