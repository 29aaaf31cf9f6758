import { dehydrate, hydrate } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { chainNames } from '../../src/core/chains.js'
import { HttpStatusError } from '../../src/core/errors.js'
import { useMergedWalletHistory } from '../../src/react/useMergedWalletHistory.js'
import { setup } from './support.js'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'

/** Entries of a chain: `n` of them, newest first, at times `start - i * step` seconds. */
function entries(chain: string, n: number, start: number, step: number) {
  return Array.from({ length: n }, (_, i) => ({
    hash: `0x${Buffer.from(`${chain}:${i}`).toString('hex').padEnd(64, '0').slice(0, 64)}`,
    from_address: A,
    to_address: B,
    value: '1',
    block_timestamp: new Date((start - i * step) * 1000).toISOString(),
    block_number: String(1_000_000 - i),
  }))
}

let data: Record<string, ReturnType<typeof entries>> = {}
let failing = new Set<string>()
const requests: { chain: string; cursor: string | null }[] = []
let inFlight = 0
let maxInFlight = 0
let release: (() => void) | undefined
let gate: Promise<void> | undefined

const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', async ({ request }) => {
    const url = new URL(request.url)
    const chain = url.searchParams.get('chain') ?? ''
    const cursor = url.searchParams.get('cursor')
    const limit = Number(url.searchParams.get('limit'))
    requests.push({ chain, cursor })
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    if (gate) await gate
    inFlight--
    if (failing.has(chain)) return HttpResponse.json({ message: 'down' }, { status: 503 })
    const all = data[chain] ?? []
    const from = cursor === null ? 0 : Number(cursor)
    const result = all.slice(from, from + limit)
    const next = from + limit < all.length ? String(from + limit) : null
    return HttpResponse.json({ page: 1, page_size: limit, cursor: next, result })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  requests.splice(0)
  data = {}
  failing = new Set()
  inFlight = maxInFlight = 0
  gate = release = undefined
})
afterAll(() => server.close())

/** Every entry of `chains`, newest first; a timestamp tie follows the order of `chains`. */
function sortedUnion(chains: string[]) {
  return chains
    .flatMap((c, ci) => (data[c] ?? []).map((e) => ({ c, ci, t: Date.parse(e.block_timestamp), hash: e.hash })))
    .sort((x, y) => y.t - x.t || x.ci - y.ci)
    .map((e) => `${e.c}:${e.hash}`)
}
const ids = (txs: { chain: string; hash: string }[]) => txs.map((t) => `${t.chain}:${t.hash}`)

describe('useMergedWalletHistory', () => {
  it('first screen across 13 chains: exactly 13 requests, all under way at once; rows ordered and each carrying its chain', async () => {
    chainNames.forEach((c, i) => (data[c] = entries(c, 40, 1_700_000_000 - i, 13)))
    gate = new Promise((r) => (release = r))
    const { wrapper } = setup()
    const { result } = renderHook(() => useMergedWalletHistory({ address: A, chains: [...chainNames], limit: 25 }), { wrapper })
    await waitFor(() => expect(requests).toHaveLength(13))
    expect(maxInFlight).toBe(13)
    // Before the first page: every chain listed, each loading with its request under way.
    await waitFor(() => expect(result.current.sources.map((s) => [s.chain, s.status, s.requests])).toEqual(chainNames.map((c) => [c, 'loading', 1])))
    expect(result.current.transactions).toEqual([])
    release!()
    await waitFor(() => expect(result.current.transactions).toHaveLength(25))
    expect(requests).toHaveLength(13)
    expect(ids(result.current.transactions)).toEqual(sortedUnion([...chainNames]).slice(0, 25))
    expect(result.current.sources.map((s) => s.status)).toEqual(chainNames.map(() => 'ok'))
    expect(result.current.hasNextPage).toBe(true)
  })

  it('pages to the end of 3 chains (120 / 12 / 0 entries at limit 10): the exact sorted union, 12 + 2 + 1 requests', async () => {
    data = { eth: entries('eth', 120, 1_700_000_000, 10), base: entries('base', 12, 1_700_000_500, 77), polygon: [] }
    const { wrapper } = setup()
    const { result } = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth', 'base', 'polygon'], limit: 10 }), { wrapper })
    await waitFor(() => expect(result.current.transactions.length).toBeGreaterThan(0))
    for (let guard = 0; guard < 50 && result.current.hasNextPage; guard++) {
      await act(() => result.current.fetchNextPage())
    }
    expect(result.current.hasNextPage).toBe(false)
    expect(ids(result.current.transactions)).toEqual(sortedUnion(['eth', 'base', 'polygon']))
    const count = (c: string) => requests.filter((r) => r.chain === c).length
    expect([count('eth'), count('base'), count('polygon')]).toEqual([12, 2, 1])
    expect(result.current.sources.map((s) => s.status)).toEqual(['done', 'done', 'done'])
  })

  it('a fetchNextPage that cancels one under way loses no entries (the merge step it discarded is handed out again)', async () => {
    data = { eth: entries('eth', 30, 1_700_000_000, 10), base: entries('base', 30, 1_700_000_003, 10) }
    const { wrapper } = setup()
    const { result } = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth', 'base'], limit: 10 }), { wrapper })
    await waitFor(() => expect(result.current.transactions).toHaveLength(10))
    gate = new Promise((r) => (release = r))
    await act(async () => {
      // The second call cancels the first (TanStack's default `cancelRefetch`).
      void result.current.fetchNextPage()
      const second = result.current.fetchNextPage()
      release!()
      await second
    })
    gate = undefined
    for (let guard = 0; guard < 50 && result.current.hasNextPage; guard++) {
      await act(() => result.current.fetchNextPage())
    }
    expect(ids(result.current.transactions)).toEqual(sortedUnion(['eth', 'base']))
  })

  it('a failing chain is reported with its typed error while the others show; retrySource puts its entries in place', async () => {
    data = { eth: entries('eth', 8, 1_700_000_000, 10), base: entries('base', 8, 1_700_000_005, 10), polygon: entries('polygon', 4, 1_700_000_003, 20) }
    failing.add('base')
    const { wrapper } = setup()
    const { result } = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth', 'base', 'polygon'], limit: 25 }), { wrapper })
    await waitFor(() => expect(result.current.transactions.length).toBe(12))
    const base = result.current.sources.find((s) => s.chain === 'base')!
    expect(base.status).toBe('error')
    expect(base.error).toBeInstanceOf(HttpStatusError)
    expect(result.current.isError).toBe(false)
    expect(result.current.transactions.every((t) => t.chain !== 'base')).toBe(true)
    expect(result.current.incomplete).toEqual([{ chain: 'base', wallet: A }])

    failing.delete('base')
    const before = requests.length
    await act(() => result.current.retrySource('base'))
    await waitFor(() => expect(result.current.transactions).toHaveLength(20))
    expect(ids(result.current.transactions)).toEqual(sortedUnion(['eth', 'base', 'polygon']))
    expect(requests.slice(before).map((r) => r.chain)).toEqual(['base'])
    expect(result.current.sources.find((s) => s.chain === 'base')!.status).toBe('done')
  })

  it('two wallets: a transfer between them is one row with both wallets; each row names its wallet', async () => {
    const shared = { ...entries('eth', 1, 1_700_000_050, 1)[0]!, hash: `0x${'5'.repeat(64)}` }
    const byWallet: Record<string, ReturnType<typeof entries>> = {
      [A.toLowerCase()]: [shared, ...entries('eth', 2, 1_700_000_000, 10)],
      [B.toLowerCase()]: [{ ...shared }, ...entries('polygon', 2, 1_700_000_001, 10).map((e) => ({ ...e, hash: `0xb${e.hash.slice(3)}` }))],
    }
    server.use(
      http.get('https://api.test/api/v2.2/wallets/:address/history', ({ params }) =>
        HttpResponse.json({ page: 1, page_size: 25, cursor: null, result: byWallet[String(params.address).toLowerCase()] }),
      ),
    )
    const { wrapper } = setup()
    const { result } = renderHook(() => useMergedWalletHistory({ addresses: [A, B], chains: ['eth'], limit: 25 }), { wrapper })
    await waitFor(() => expect(result.current.transactions).toHaveLength(5))
    const first = result.current.transactions[0]!
    expect(first.hash).toBe(shared.hash)
    expect(first.wallets).toEqual([A, B])
    expect(result.current.transactions.slice(1).map((t) => t.wallet).sort()).toEqual([A, A, B, B])
  })

  it('waits (no request) until an address is typed in; a bad chain is a typed error naming it', async () => {
    const { wrapper } = setup()
    const { result, rerender } = renderHook((p: { address?: string; chains: string[] }) => useMergedWalletHistory(p), {
      wrapper,
      initialProps: { address: '0x12', chains: ['eth'] },
    })
    expect(result.current.fetchStatus).toBe('idle')
    rerender({ address: A, chains: ['eth', 'toString'] })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error?.name).toBe('InvalidParameterError')
    expect(result.current.error?.message).toContain('chains[1]')
    expect(requests).toHaveLength(0)
  })
})

describe('useMergedWalletHistory: one hash on two chains', () => {
  it('keeps both entries, also when one arrives late after a retry and is put in place', async () => {
    const shared = entries('eth', 3, 1_700_000_000, 10)
    // The same hashes on base (a replayed legacy transaction, a CREATE2 deployment at one nonce), a second later.
    data = { eth: shared, base: shared.map((e) => ({ ...e, block_timestamp: new Date(Date.parse(e.block_timestamp) + 1000).toISOString() })) }
    failing = new Set(['base'])
    const { wrapper } = setup()
    const { result } = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth', 'base'], limit: 10 }), { wrapper })
    await waitFor(() => expect(result.current.transactions).toHaveLength(3))
    expect(result.current.sources.map((s) => s.status)).toEqual(['done', 'error'])
    failing = new Set()
    await act(() => result.current.retrySource('base'))
    await waitFor(() => expect(result.current.transactions).toHaveLength(6))
    expect(ids(result.current.transactions)).toEqual(sortedUnion(['eth', 'base']))
    expect(new Set(result.current.transactions.map((t) => t.hash)).size).toBe(3)
  })
})

describe('useMergedWalletHistory: load more during a refetch', () => {
  it('a fetchNextPage while the feed is merged again (window focus, "Try again") loses no rows and shows none twice', async () => {
    data = { eth: entries('eth', 30, 1_700_000_000, 10), base: entries('base', 30, 1_700_000_003, 10) }
    const { wrapper } = setup()
    const { result } = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth', 'base'], limit: 10 }), { wrapper })
    await waitFor(() => expect(result.current.transactions).toHaveLength(10))
    // Three new transactions on eth since the feed loaded: the merge again shifts every page by three.
    data.eth = [...entries('new', 3, 1_700_000_100, 10), ...data.eth!]
    await act(async () => {
      const refetch = result.current.refetch()
      await result.current.fetchNextPage()
      await refetch
    })
    await waitFor(() => expect(result.current.isFetching).toBe(false))
    for (let guard = 0; guard < 50 && result.current.hasNextPage; guard++) {
      await act(() => result.current.fetchNextPage())
    }
    expect(ids(result.current.transactions)).toEqual(sortedUnion(['eth', 'base']))
  })
})

describe('useMergedWalletHistory: reset', () => {
  it('queryClient.resetQueries (an app\'s "Refresh") reads every chain again and shows what is new', async () => {
    data = { eth: entries('eth', 5, 1_700_000_000, 10), base: entries('base', 5, 1_700_000_003, 10) }
    const { wrapper, queryClient } = setup()
    const { result } = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth', 'base'], limit: 25 }), { wrapper })
    await waitFor(() => expect(result.current.transactions).toHaveLength(10))
    data.eth = [...entries('new', 1, 1_700_000_100, 10), ...data.eth!]
    await act(() => queryClient.resetQueries())
    await waitFor(() => expect(ids(result.current.transactions)).toEqual(sortedUnion(['eth', 'base'])))
    expect(result.current.transactions).toHaveLength(11)
  })

  it('a feed rendered on the server and hydrated (page params through JSON) pages on without a gap or a repeat', async () => {
    data = { eth: entries('eth', 30, 1_700_000_000, 10), base: entries('base', 30, 1_700_000_003, 10) }
    const server = setup()
    const first = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth', 'base'], limit: 10 }), { wrapper: server.wrapper })
    await waitFor(() => expect(first.result.current.transactions).toHaveLength(10))
    await act(() => first.result.current.fetchNextPage())
    await waitFor(() => expect(first.result.current.transactions).toHaveLength(20))
    // What a server hands the browser: plain JSON, so the merge's cursors do not travel.
    const sent = JSON.parse(JSON.stringify(dehydrate(server.queryClient)))
    first.unmount()
    const browser = setup()
    hydrate(browser.queryClient, sent)
    const { result } = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth', 'base'], limit: 10, query: { staleTime: Infinity } }), { wrapper: browser.wrapper })
    expect(result.current.transactions).toHaveLength(20)
    for (let guard = 0; guard < 20 && result.current.hasNextPage; guard++) {
      await act(() => result.current.fetchNextPage())
    }
    expect(ids(result.current.transactions)).toEqual(sortedUnion(['eth', 'base']))
  })

  it('the merge lives with its query: removed from the cache, the next mount merges from the top', async () => {
    data = { eth: entries('eth', 30, 1_700_000_000, 10) }
    const { wrapper, queryClient } = setup()
    const first = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth'], limit: 10 }), { wrapper })
    await waitFor(() => expect(first.result.current.transactions).toHaveLength(10))
    await act(() => first.result.current.fetchNextPage())
    first.unmount()
    queryClient.removeQueries()
    requests.splice(0)
    const { result } = renderHook(() => useMergedWalletHistory({ address: A, chains: ['eth'], limit: 10 }), { wrapper })
    await waitFor(() => expect(result.current.transactions).toHaveLength(10))
    expect(requests).toEqual([{ chain: 'eth', cursor: null }])
    expect(ids(result.current.transactions)).toEqual(sortedUnion(['eth']).slice(0, 10))
  })
})
