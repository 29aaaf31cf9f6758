import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/query-core'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { recordHead } from '../../../src/core/rpc/head.js'
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
      // The chain by its identity: the client's `eth` is `0x1` in every key.
      { baseUrl: 'https://a.test', address, chain: '0x1', fromBlock: '10', toDate: '2024-01-02T00:00:00.000Z', limit: 5 },
      { type: 'infinite' },
    ])
    expect(JSON.stringify(key)).not.toContain('secret-key')
  })

  it('are distinct per base URL and chain, and equal for equal inputs', () => {
    const k = (c: typeof a, chain?: string) => JSON.stringify(walletHistoryQueryKey(c, { address, chain }))
    expect(new Set([k(a), k(b), k(a, 'polygon'), k(a, 'eth')]).size).toBe(3)
    const r = (c: typeof a, chain?: string) => JSON.stringify(rpcQueryKey(c, { method: 'eth_getBalance', params: [address], chain }))
    expect(new Set([r(a), r(b), r(a, 'polygon'), r(a, 'eth')]).size).toBe(3)
    // One chain, however it is spelled: `eth`, `0x1` and `0X1` name one cache entry.
    expect(new Set([k(a, 'eth'), k(a, '0x1'), k(a, '0X1')]).size).toBe(1)
    expect(new Set([r(a, 'eth'), r(a, '0x1'), r(a, '0X1')]).size).toBe(1)
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
    // The client has seen head 0x1000, so block 0x5 is settled (below the reorg depth).
    recordHead('https://a.test', 'eth', 'eth_blockNumber', [], '0x1000')
    const qc = new QueryClient()
    const build = (o: object) => qc.getQueryCache().build(qc, o as never)
    build(rpcQueryOptions(a, { method: 'eth_getBalance', params: [address] }))
    build(rpcQueryOptions(a, { method: 'eth_getBalance', params: [address, '0x5'] }))
    build(rpcQueryOptions(a, { method: 'eth_getTransactionByHash', params: [hash] }))
    build(rpcQueryOptions(a, { method: 'eth_blockNumber', chain: 'polygon' }))
    build(rpcQueryOptions(b, { method: 'eth_blockNumber' }))
    const matched = qc.getQueryCache().findAll(rpcHeadQueryFilter(a)).map((q) => q.queryKey[2])
    expect(matched).toEqual([{ baseUrl: 'https://a.test', chain: '0x1', method: 'eth_getBalance', params: [address, 'latest'] }])
  })
})

describe('freshness of reads at a block number', () => {
  const c = createClient({ baseUrl: 'https://fresh.test', chain: 'eth', rpc: { url: 'https://rpc.test' } })
  const logs = (to: `0x${string}`) => rpcQueryOptions(c, { method: 'eth_getLogs', params: [{ fromBlock: '0x1', toBlock: to }] })

  it('with no head seen, or near it, a read at a number keeps the default staleTime and matches the head filter', () => {
    const qc = new QueryClient()
    expect('staleTime' in logs('0x10')).toBe(false)
    qc.getQueryCache().build(qc, logs('0x10') as never)
    expect(qc.getQueryCache().findAll(rpcHeadQueryFilter(c)).map((q) => (q.queryKey[2] as { method: string }).method)).toEqual(['eth_getLogs'])
    recordHead('https://fresh.test', 'eth', 'eth_blockNumber', [], '0x20')
    // 0x20 - 64 is below 0x10: still inside the reorg window.
    expect('staleTime' in logs('0x10')).toBe(false)
    expect(qc.getQueryCache().findAll(rpcHeadQueryFilter(c))).toHaveLength(1)
  })
})

describe('the "should this run" rule lives in the factories', () => {
  it('wallet history: enabled only for a valid address and a chain that is left out or given (not blank)', () => {
    expect(walletHistoryInfiniteQueryOptions(a, { address }).enabled).toBe(true)
    expect(walletHistoryInfiniteQueryOptions(a, { address: '0x1234' }).enabled).toBe(false)
    expect(walletHistoryInfiniteQueryOptions(a, {}).enabled).toBe(false)
    // A mixed-case address with a wrong checksum (first letter's case flipped).
    expect(walletHistoryInfiniteQueryOptions(a, { address: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }).enabled).toBe(false)
    expect(walletHistoryInfiniteQueryOptions(a, { address, chain: 'polygon' }).enabled).toBe(true)
    expect(walletHistoryInfiniteQueryOptions(a, { address, chain: '' }).enabled).toBe(false)
    // An unknown chain runs, so its InvalidParameterError is shown rather than an endless wait.
    expect(walletHistoryInfiniteQueryOptions(a, { address, chain: 'ethereum' }).enabled).toBe(true)
  })

  it('rpc: enabled once required params are given and a given chain is not blank', () => {
    expect(rpcQueryOptions(a, { method: 'eth_getBalance', params: undefined }).enabled).toBe(false)
    expect(rpcQueryOptions(a, { method: 'eth_getBalance', params: [address] }).enabled).toBe(true)
    expect(rpcQueryOptions(a, { method: 'eth_blockNumber' }).enabled).toBe(true)
    expect(rpcQueryOptions(a, { method: 'eth_blockNumber', chain: ' ' }).enabled).toBe(false)
    expect(rpcQueryOptions(a, { method: 'eth_blockNumber', chain: 'nope' }).enabled).toBe(true)
  })

  it('a disabled factory sends nothing through a plain QueryObserver', async () => {
    let sent = 0
    const counting = createClient({ baseUrl: 'https://a.test', rpc: { url: 'https://rpc.test' }, fetch: async () => (sent++, new Response('{}')) })
    const qc = new QueryClient()
    const observers = [
      new InfiniteQueryObserver(qc, walletHistoryInfiniteQueryOptions(counting, { address: '0x12' }) as never),
      new QueryObserver(qc, rpcQueryOptions(counting, { method: 'eth_getBalance', params: undefined }) as never),
    ]
    const stops = observers.map((o) => o.subscribe(() => {}))
    await new Promise((r) => setTimeout(r, 20))
    stops.forEach((stop) => stop())
    // Waiting, not failed: no InvalidParameterError for input that is not there yet.
    expect(observers.map((o) => [o.getCurrentResult().status, o.getCurrentResult().fetchStatus])).toEqual([['pending', 'idle'], ['pending', 'idle']])
    expect(sent).toBe(0)
  })
})

describe('keys of input that failed validation', () => {
  it('keep an own "__proto__" key as a key (JSON.parse makes one), not as a prototype', () => {
    const bad = JSON.parse('{"address":"not-an-address","__proto__":{"fromBlock":"0x1"}}') as object
    const key = rpcQueryKey(a, { method: 'eth_getLogs', params: [bad] })
    const params = key[2].params as object[]
    expect(Object.getPrototypeOf(params[0])).toBe(Object.prototype)
    expect(JSON.stringify(key)).toContain('"__proto__":{"fromBlock":"0x1"}')
  })
})
