/**
 * blockfeed/testing's fetch as an app uses it: passed to createClient, it pages a wallet to the end,
 * answers JSON-RPC (through the client and through a stock viem client), says 404 for what it does
 * not serve, answers bad requests with clear errors, and shows failures and latency on demand.
 */
import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { HttpStatusError, InvalidParameterError, createClient } from '../../src/exports/index.js'
import { TESTING_BASE_URL, TESTING_RPC_URL, createTestingFetch, testingWallets } from '../../src/exports/testing.js'

const client = (fetch = createTestingFetch()) => createClient({ baseUrl: TESTING_BASE_URL, rpc: { url: TESTING_RPC_URL }, fetch, retry: false })

describe('createClient with the testing fetch', () => {
  it('reads the rich wallet to its last page by cursor: 330 distinct transactions, newest first', async () => {
    const fetch = createTestingFetch()
    const hashes: string[] = []
    const times: number[] = []
    for await (const page of client(fetch).walletHistoryPages({ address: testingWallets.rich, chain: 'eth', limit: 100 })) {
      hashes.push(...page.result.map((e) => e.hash))
      times.push(...page.result.map((e) => Date.parse(e.block_timestamp)))
    }
    expect(hashes).toHaveLength(330)
    expect(new Set(hashes).size).toBe(330)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(fetch.calls.history).toBe(4)
  })

  it('gives the fresh wallet one page without a cursor and the empty wallet none', async () => {
    const fresh = await client().getWalletHistory({ address: testingWallets.fresh })
    expect(fresh.result).toHaveLength(6)
    expect(fresh.cursor).toBeNull()
    expect((await client().getWalletHistory({ address: testingWallets.empty })).result).toEqual([])
  })

  it('answers eth_blockNumber and eth_getBalance through the client', async () => {
    const c = client()
    expect(BigInt(await c.rpc({ method: 'eth_blockNumber' }))).toBe(22_710_000n)
    expect(BigInt(await c.rpc({ method: 'eth_getBalance', params: [testingWallets.rich, 'latest'] }))).toBe(12_345_678_900_000_000_000n)
    expect(await c.rpc({ method: 'eth_getBalance', params: [testingWallets.empty, 'latest'] })).toBe('0x0')
  })

  it('answers each chain at its own path when rpc is a function of the chain', async () => {
    const c = createClient({ baseUrl: TESTING_BASE_URL, rpc: (chain) => `${TESTING_RPC_URL}/${chain}`, fetch: createTestingFetch() })
    expect(await c.rpc({ method: 'eth_chainId' }, { chain: 'polygon' })).toBe('0x89')
    expect(BigInt(await c.rpc({ method: 'eth_blockNumber' }, { chain: 'polygon' }))).toBe(72_950_000n)
  })

  it('serves a stock viem client through fetchFn, batches included', async () => {
    const viem = createPublicClient({ transport: http(TESTING_RPC_URL, { fetchFn: createTestingFetch(), batch: true }) })
    const [block, balance, chainId] = await Promise.all([viem.getBlockNumber(), viem.getBalance({ address: testingWallets.fresh }), viem.getChainId()])
    expect(block).toBe(22_710_000n)
    expect(balance).toBe(420_000_000_000_000_000n)
    expect(chainId).toBe(1)
    // A chain by the last path segment.
    const polygon = createPublicClient({ transport: http(`${TESTING_RPC_URL}/polygon`, { fetchFn: createTestingFetch() }) })
    expect(await polygon.getChainId()).toBe(137)
  })
})

describe('HTTP as a service answers it', () => {
  const testingFetch = createTestingFetch()

  it('answers 404 with a JSON body naming what it serves, for an unknown path or another origin', async () => {
    for (const url of [`${TESTING_BASE_URL}/api/v2.2/wallets`, `${TESTING_BASE_URL}/`, 'https://example.com/anything']) {
      const res = await testingFetch(url)
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect((await res.json()) as unknown).toMatchObject({ error: 'not_found', message: expect.stringContaining('/api/v2.2/wallets/{address}/history') })
    }
  })

  it('answers 400 naming the parameter for a bad address, chain, limit or cursor', async () => {
    const history = (query: string, address: string = testingWallets.rich) => testingFetch(`${TESTING_BASE_URL}/api/v2.2/wallets/${address}/history?${query}`)
    for (const [query, address, word] of [['', '0xnope', 'address'], ['chain=mars', undefined, 'chain'], ['limit=0', undefined, 'limit'], ['cursor=abc', undefined, 'cursor']] as const) {
      const res = await history(query, address)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toContain(word)
    }
    const error = await client().getWalletHistory({ address: testingWallets.rich, cursor: 'forged' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).status).toBe(400)
  })

  it('answers a wrong method with 405 and its Allow header', async () => {
    const res = await testingFetch(`${TESTING_BASE_URL}/api/v2.2/wallets/${testingWallets.rich}/history`, { method: 'POST', body: '{}' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toContain('GET')
    expect((await testingFetch(TESTING_RPC_URL)).status).toBe(405)
  })

  it('answers malformed JSON-RPC with JSON-RPC errors, never a crash', async () => {
    const post = async (body: string) => (await testingFetch(TESTING_RPC_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()
    expect(await post('{"jsonrpc":')).toMatchObject({ id: null, error: { code: -32700 } })
    expect(await post('[]')).toMatchObject({ error: { code: -32600 } })
    expect(await post('42')).toMatchObject({ error: { code: -32600 } })
    expect(await post('{"jsonrpc":"2.0","id":7,"method":"eth_sendTransaction","params":[]}')).toMatchObject({ id: 7, error: { code: -32601 } })
    expect(await post('{"jsonrpc":"2.0","id":8,"method":"eth_getBalance","params":["0x12","latest"]}')).toMatchObject({ id: 8, error: { code: -32602, message: expect.stringContaining('address') } })
    expect(await post('{"jsonrpc":"2.0","id":9,"method":"eth_getLogs","params":[{"fromBlock":{}}]}')).toMatchObject({ id: 9, error: { code: -32602 } })
  })

  it('refuses an invalid call in the client before any request is sent', async () => {
    const fetch = createTestingFetch()
    await expect(client(fetch).getWalletHistory({ address: 'not an address' })).rejects.toBeInstanceOf(InvalidParameterError)
    expect(fetch.calls.history).toBe(0)
  })
})

describe('failures and latency on demand', () => {
  it('fails as many times as asked, with the status asked, then recovers; reset() fails again', async () => {
    const fetch = createTestingFetch({ fail: { with: 429, times: 1, retryAfterSeconds: 7 } })
    const url = `${TESTING_BASE_URL}/api/v2.2/wallets/${testingWallets.fresh}/history`
    const first = await fetch(url)
    expect(first.status).toBe(429)
    expect(first.headers.get('retry-after')).toBe('7')
    expect((await fetch(url)).status).toBe(200)
    fetch.reset()
    expect((await fetch(url)).status).toBe(429)
  })

  it('waits the latency asked, and an aborted request rejects as fetch does', async () => {
    const slow = createTestingFetch({ latencyMs: 60 })
    const started = performance.now()
    expect((await slow(`${TESTING_BASE_URL}/api/v2.2/wallets/${testingWallets.fresh}/history`)).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(50)

    const fetch = createTestingFetch({ latencyMs: 'infinite' })
    const controller = new AbortController()
    const pending = fetch(`${TESTING_BASE_URL}/api/v2.2/wallets/${testingWallets.fresh}/history`, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
