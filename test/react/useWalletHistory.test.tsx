import { keepPreviousData } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HttpStatusError, InvalidParameterError } from '../../src/core/errors.js'
import { useWalletHistory } from '../../src/react/useWalletHistory.js'
import { setup } from './support.js'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

const entry = (n: number) => ({
  hash: hash(n),
  from_address: A,
  to_address: B,
  value: '1',
  block_timestamp: '2024-01-01T00:00:00.000Z',
  block_number: String(100 - n),
})

type Pages = Record<string, { cursor: string | null; hashes: number[] }>
const requests: { address: string; chain: string | null; cursor: string | null; signal: AbortSignal }[] = []
/** Pages by wallet (lowercase) and chain ('' = none given); '' is the first page's cursor. */
let wallets: Record<string, Pages> = {}
let gate: Promise<void> | undefined

const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', async ({ request, params }) => {
    const url = new URL(request.url)
    const address = String(params.address).toLowerCase()
    const chain = url.searchParams.get('chain')
    const cursor = url.searchParams.get('cursor')
    requests.push({ address, chain, cursor, signal: request.signal })
    if (gate) await gate
    if (address === '0x5000000000000000000000000000000000000005') return HttpResponse.json({ message: 'down' }, { status: 503 })
    const page = wallets[`${address}/${chain ?? ''}`]?.[cursor ?? '']
    if (!page) return HttpResponse.json({ message: 'no such page' }, { status: 404 })
    return HttpResponse.json({ page: 1, page_size: 2, cursor: page.cursor, result: page.hashes.map(entry) })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  requests.splice(0)
  wallets = {}
  gate = undefined
})
afterAll(() => server.close())

const hashesOf = (txs: { hash: string }[]) => txs.map((t) => t.hash)

describe('useWalletHistory: paging over cursors', () => {
  it('fetchNextPage sends the previous cursor; 3 pages; a null cursor ends paging; duplicates appear once', async () => {
    wallets[`${A.toLowerCase()}/eth`] = {
      '': { cursor: 'c1', hashes: [1, 2] },
      c1: { cursor: 'c2', hashes: [2, 3] },
      c2: { cursor: null, hashes: [3, 4] },
    }
    const { wrapper } = setup({ chain: 'eth' })
    const { result } = renderHook(() => useWalletHistory({ address: A }), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.hasNextPage).toBe(true)
    await act(() => result.current.fetchNextPage())
    expect(result.current.hasNextPage).toBe(true)
    await act(() => result.current.fetchNextPage())

    expect(requests.map((r) => [r.chain, r.cursor])).toEqual([['eth', null], ['eth', 'c1'], ['eth', 'c2']])
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(3))
    expect(result.current.hasNextPage).toBe(false)
    expect(hashesOf(result.current.transactions)).toEqual([1, 2, 3, 4].map(hash))
    // `transactions` survives a spread like TanStack's own fields.
    expect({ ...result.current }.transactions).toBe(result.current.transactions)
  })

  it.each([
    ['an empty cursor', ''],
    ['a cursor already used', 'c1'],
  ])('%s ends paging without another request', async (_, last) => {
    wallets[`${A.toLowerCase()}/`] = {
      '': { cursor: 'c1', hashes: [1] },
      c1: { cursor: 'c2', hashes: [2] },
      c2: { cursor: last, hashes: [3] },
    }
    const { wrapper } = setup()
    const { result } = renderHook(() => useWalletHistory({ address: A }), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    await act(() => result.current.fetchNextPage())
    await act(() => result.current.fetchNextPage())
    // TanStack notifies on a timer: under load the render can land after act returns.
    await waitFor(() => expect(result.current.hasNextPage).toBe(false))
    await act(() => result.current.fetchNextPage())
    expect(requests.map((r) => r.cursor)).toEqual([null, 'c1', 'c2'])
    expect(hashesOf(result.current.transactions)).toEqual([1, 2, 3].map(hash))
  })
})

describe('useWalletHistory: inputs', () => {
  it('sends nothing until the address is valid', async () => {
    wallets[`${A.toLowerCase()}/`] = { '': { cursor: null, hashes: [1] } }
    const { wrapper } = setup()
    const { result, rerender } = renderHook(({ address }: { address?: string }) => useWalletHistory({ address }), {
      wrapper,
      initialProps: {},
    })
    rerender({ address: '0x1234' })
    // Mixed case with a wrong checksum (the dev account with its first letter's case flipped).
    rerender({ address: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    await delay(30)
    expect(result.current.fetchStatus).toBe('idle')
    expect(requests).toHaveLength(0)
    rerender({ address: A })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(requests).toHaveLength(1)
  })

  it('reports another bad parameter as InvalidParameterError in `error`, with no request', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => useWalletHistory({ address: A, limit: 0 }), { wrapper })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(InvalidParameterError)
    expect((result.current.error as InvalidParameterError).parameter).toBe('limit')
    expect(requests).toHaveLength(0)
  })

  it('retries in one layer only: the client’s 2 retries make 3 requests, not 3 × TanStack’s', async () => {
    const { wrapper } = setup({ retry: { count: 2, baseDelayMs: 1 } })
    const { result } = renderHook(() => useWalletHistory({ address: '0x5000000000000000000000000000000000000005' }), { wrapper })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(HttpStatusError)
    expect(requests).toHaveLength(3)
  })

  it('aborts the request when nothing observes it any more', async () => {
    wallets[`${A.toLowerCase()}/`] = { '': { cursor: null, hashes: [1] } }
    let open!: () => void
    gate = new Promise((r) => (open = r))
    const { wrapper } = setup()
    const { unmount } = renderHook(() => useWalletHistory({ address: A }), { wrapper })
    await waitFor(() => expect(requests).toHaveLength(1))
    unmount()
    await waitFor(() => expect(requests[0]!.signal.aborted).toBe(true))
    open()
  })
})

describe('useWalletHistory: switching wallet or chain', () => {
  /** Every render's wallet, chain and shown hashes, to check that none mixes two wallets. */
  function renderLogged(wrapper: ReturnType<typeof setup>['wrapper'], extra: Parameters<typeof useWalletHistory>[0] = {}) {
    const log: { key: string; hashes: string[]; placeholder: boolean }[] = []
    const view = renderHook(
      ({ address, chain }: { address: string; chain?: string }) => {
        const h = useWalletHistory({ ...extra, address, chain })
        log.push({ key: `${address}/${chain ?? ''}`, hashes: hashesOf(h.transactions), placeholder: h.isPlaceholderData })
        return h
      },
      { wrapper, initialProps: { address: A } as { address: string; chain?: string } },
    )
    return { ...view, log }
  }

  it('never shows the previous wallet’s rows for the new address or chain', async () => {
    wallets[`${A.toLowerCase()}/`] = { '': { cursor: null, hashes: [1, 2] } }
    wallets[`${B.toLowerCase()}/`] = { '': { cursor: null, hashes: [7] } }
    wallets[`${B.toLowerCase()}/polygon`] = { '': { cursor: null, hashes: [9] } }
    const { wrapper } = setup()
    const { result, rerender, log } = renderLogged(wrapper)
    await waitFor(() => expect(result.current.transactions).toHaveLength(2))

    let open!: () => void
    gate = new Promise((r) => (open = r))
    rerender({ address: B })
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(result.current.transactions).toEqual([])
    expect(result.current.isPending).toBe(true)
    open()
    await waitFor(() => expect(hashesOf(result.current.transactions)).toEqual([hash(7)]))

    rerender({ address: B, chain: 'polygon' })
    await waitFor(() => expect(hashesOf(result.current.transactions)).toEqual([hash(9)]))

    const shown: Record<string, number[]> = { [`${A}/`]: [1, 2], [`${B}/`]: [7], [`${B}/polygon`]: [9] }
    for (const render of log) {
      const own = shown[render.key]!.map(hash)
      expect(render.hashes.every((h) => own.includes(h)), `${render.key} showed ${render.hashes.join()}`).toBe(true)
    }
  })

  it('keeps the previous rows, flagged as placeholder, only when the caller asks for it', async () => {
    wallets[`${A.toLowerCase()}/`] = { '': { cursor: null, hashes: [1] } }
    wallets[`${B.toLowerCase()}/`] = { '': { cursor: null, hashes: [7] } }
    const { wrapper } = setup()
    const { result, rerender } = renderLogged(wrapper, { address: A, query: { placeholderData: keepPreviousData } })
    await waitFor(() => expect(result.current.transactions).toHaveLength(1))
    let open!: () => void
    gate = new Promise((r) => (open = r))
    rerender({ address: B })
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(result.current.isPlaceholderData).toBe(true)
    expect(hashesOf(result.current.transactions)).toEqual([hash(1)])
    open()
    await waitFor(() => expect(hashesOf(result.current.transactions)).toEqual([hash(7)]))
    expect(result.current.isPlaceholderData).toBe(false)
  })
})

describe('useWalletHistory: every infinite-query option it does not own passes through', () => {
  it('select shapes data while transactions still lists every loaded page', async () => {
    wallets[`${A.toLowerCase()}/`] = { '': { cursor: 'c1', hashes: [1, 2] }, c1: { cursor: null, hashes: [2, 3] } }
    const { wrapper } = setup()
    const { result } = renderHook(() => useWalletHistory({ address: A, query: { select: (data) => data.pages.length } }), { wrapper })
    await waitFor(() => expect(result.current.data).toBe(1))
    expect(hashesOf(result.current.transactions)).toEqual([1, 2].map(hash))
    await act(() => result.current.fetchNextPage())
    await waitFor(() => expect(result.current.data).toBe(2))
    expect(hashesOf(result.current.transactions)).toEqual([1, 2, 3].map(hash))
  })

  it('maxPages and meta reach the query', async () => {
    wallets[`${A.toLowerCase()}/`] = { '': { cursor: 'c1', hashes: [1] }, c1: { cursor: null, hashes: [2] } }
    const { wrapper, queryClient } = setup()
    const { result } = renderHook(() => useWalletHistory({ address: A, query: { maxPages: 1, meta: { screen: 'activity' } } }), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    await act(() => result.current.fetchNextPage())
    await waitFor(() => expect(hashesOf(result.current.transactions)).toEqual([hash(2)]))
    expect(result.current.data?.pages).toHaveLength(1)
    expect(queryClient.getQueryCache().getAll().map((q) => q.meta)).toEqual([{ screen: 'activity' }])
  })

  it('the caller can hold the query back (enabled: false, or a function) but not run it before the address is valid', async () => {
    wallets[`${A.toLowerCase()}/`] = { '': { cursor: null, hashes: [1] } }
    const { wrapper } = setup()
    const { result, rerender } = renderHook(
      ({ address, enabled }: { address: string; enabled: boolean }) => useWalletHistory({ address, query: { enabled: () => enabled } }),
      { wrapper, initialProps: { address: '0x12', enabled: true } },
    )
    rerender({ address: A, enabled: false })
    await delay(30)
    expect(requests).toHaveLength(0)
    expect(result.current.status).toBe('pending')
    rerender({ address: A, enabled: true })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(requests).toHaveLength(1)
  })

  it('a blank chain waits; an unknown one is an InvalidParameterError naming chain, with nothing sent', async () => {
    const { wrapper } = setup()
    const { result, rerender } = renderHook(({ chain }: { chain: string }) => useWalletHistory({ address: A, chain }), {
      wrapper,
      initialProps: { chain: '' },
    })
    await delay(30)
    expect([result.current.status, result.current.fetchStatus]).toEqual(['pending', 'idle'])
    rerender({ chain: 'ethereum' })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect((result.current.error as InvalidParameterError).parameter).toBe('chain')
    expect(requests).toHaveLength(0)
  })
})
