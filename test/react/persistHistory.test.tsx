import { dehydrate, hashKey, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { clearPersistedHistory } from '../../src/core/persist/clear.js'
import type { HistoryStorage, PersistHistoryOptions } from '../../src/core/persist/options.js'
import { walletHistoryInfiniteQueryOptions, walletHistoryQueryKey } from '../../src/core/query/walletHistory.js'
import { arrivalStore } from '../../src/core/arrivals/arrivalStore.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { useWalletHistory } from '../../src/react/useWalletHistory.js'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const entry = (n: number, from = A) => ({ hash: hash(n), from_address: from, to_address: B, value: '1', block_timestamp: '2024-01-01T00:00:00.000Z', block_number: String(1000 - n) })

type Pages = Record<string, { cursor: string | null; hashes: number[] }>
/** Each request, with the rows on screen when it was sent. */
const requests: { address: string; cursor: string | null; rowsOnScreen: number; at: number }[] = []
let wallets: Record<string, Pages> = {}
let failing = false

const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request, params }) => {
    const address = String(params.address).toLowerCase()
    const cursor = new URL(request.url).searchParams.get('cursor')
    requests.push({ address, cursor, rowsOnScreen: document.querySelectorAll('li').length, at: performance.now() })
    if (failing) return HttpResponse.json({ message: 'down' }, { status: 503 })
    const page = wallets[address]?.[cursor ?? '']
    if (!page) return HttpResponse.json({ message: 'no such page' }, { status: 404 })
    return HttpResponse.json({ page: 1, page_size: 2, cursor: page.cursor, result: page.hashes.map((n) => entry(n, params.address as string)) })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  requests.splice(0)
  wallets = {}
  failing = false
  vi.restoreAllMocks()
})
afterAll(() => server.close())

/** An async storage with idb-keyval's behaviour, in memory. */
function memoryStorage(overrides: Partial<HistoryStorage> = {}) {
  const map = new Map<string, string>()
  const storage: HistoryStorage = {
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => void map.set(key, value),
    removeItem: async (key) => void map.delete(key),
    entries: async () => [...map],
    ...overrides,
  }
  return { map, storage }
}

const client = createClient({ baseUrl: 'https://api.test', retry: false })
const storageKey = (address: string) => `blockfeed-history-${hashKey(walletHistoryQueryKey(client, { address, chain: 'eth' }))}`

function Rows({ address, persist, renders }: { address: string; persist?: boolean; renders?: { address: string; hashes: string[] }[] }) {
  const h = useWalletHistory({ address, chain: 'eth', persist })
  renders?.push({ address, hashes: h.transactions.map((t) => t.hash) })
  return (
    <div>
      <ul>{h.transactions.map((t) => <li key={t.hash}>{t.hash}</li>)}</ul>
      {h.error && <p role="alert">{h.error.message}</p>}
      {h.hasNextPage && <button onClick={() => void h.fetchNextPage()}>more</button>}
    </div>
  )
}

/** A visit: a fresh QueryClient (a reload), the same storage. */
function visit(persist: false | PersistHistoryOptions | undefined, children: ReactNode, queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } })) {
  return render(
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} persist={persist}>{children}</BlockfeedProvider>
    </QueryClientProvider>,
  )
}

const rows = () => [...document.querySelectorAll('li')].map((li) => li.textContent)
const settleFor = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)))

/** First visit: two pages loaded and stored. */
async function firstVisit(storage: HistoryStorage) {
  wallets[A.toLowerCase()] = { '': { cursor: 'c1', hashes: [1, 2] }, c1: { cursor: 'c2', hashes: [3, 4] }, c2: { cursor: null, hashes: [5] } }
  const view = visit({ storage }, <Rows address={A} />)
  await waitFor(() => expect(rows()).toHaveLength(2))
  await act(async () => screen.getByRole('button', { name: 'more' }).click())
  await waitFor(() => expect(rows()).toHaveLength(4))
  await settleFor(20)
  view.unmount()
  requests.splice(0)
}

describe('reopening from the last visit', () => {
  it('paints the stored rows before any request, then reads only the first page again: 1 request', async () => {
    const { map, storage } = memoryStorage()
    await firstVisit(storage)
    expect(map.has(storageKey(A))).toBe(true)
    wallets[A.toLowerCase()]![''] = { cursor: 'c1', hashes: [0, 1, 2] }
    visit({ storage }, <Rows address={A} />)
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(requests[0]).toMatchObject({ cursor: null, rowsOnScreen: 4 })
    await waitFor(() => expect(rows()).toEqual([0, 1, 2, 3, 4].map(hash)))
    await settleFor(300)
    expect(requests).toHaveLength(1)
    // What the revalidation read is what is stored now.
    await waitFor(() => expect(map.get(storageKey(A))).toContain(hash(0)))
  })

  it('entries newer than the stored rows come in as new arrivals (what the feed holds behind "N new" while scrolled)', async () => {
    const { storage } = memoryStorage()
    await firstVisit(storage)
    wallets[A.toLowerCase()]![''] = { cursor: 'c1', hashes: [0, 1, 2] }
    const queryClient = new QueryClient()
    visit({ storage }, <Rows address={A} />, queryClient)
    await waitFor(() => expect(rows()).toHaveLength(5))
    const queryHash = hashKey(walletHistoryQueryKey(client, { address: A, chain: 'eth' }))
    expect([...arrivalStore(queryClient, queryHash).keys]).toEqual([hash(0)])
  })

  it('stored rows older than maxAgeMs are not shown: network load, no warning', async () => {
    const { map, storage } = memoryStorage()
    await firstVisit(storage)
    const record = JSON.parse(map.get(storageKey(A))!) as { state: { dataUpdatedAt: number } }
    record.state.dataUpdatedAt = Date.now() - 2 * 60 * 60 * 1000
    map.set(storageKey(A), JSON.stringify(record))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    visit({ storage, maxAgeMs: 60 * 60 * 1000 }, <Rows address={A} />)
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(requests[0]).toMatchObject({ cursor: null, rowsOnScreen: 0 })
    expect(warn).not.toHaveBeenCalled()
  })

  it('a wallet switch shows none of the previous wallet\'s rows, from the first render after it', async () => {
    const { storage } = memoryStorage()
    await firstVisit(storage)
    wallets[B.toLowerCase()] = { '': { cursor: null, hashes: [7] } }
    const renders: { address: string; hashes: string[] }[] = []
    const view = visit({ storage }, <Rows address={A} renders={renders} />)
    await waitFor(() => expect(rows()).toHaveLength(4))
    view.rerender(
      <QueryClientProvider client={new QueryClient()}>
        <BlockfeedProvider client={client} persist={{ storage }}>
          <Rows address={B} renders={renders} />
        </BlockfeedProvider>
      </QueryClientProvider>,
    )
    await waitFor(() => expect(rows()).toEqual([hash(7)]))
    const afterSwitch = renders.filter((r) => r.address === B)
    expect(afterSwitch.length).toBeGreaterThan(0)
    for (const r of afterSwitch) expect(r.hashes.some((h) => [1, 2, 3, 4].map(hash).includes(h))).toBe(false)
  })

  it('a failed revalidation keeps the stored rows on screen, shows the error, and loses nothing stored', async () => {
    const { map, storage } = memoryStorage()
    await firstVisit(storage)
    const before = map.get(storageKey(A))
    failing = true
    visit({ storage }, <Rows address={A} />)
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy())
    expect(rows()).toEqual([1, 2, 3, 4].map(hash))
    expect(requests).toHaveLength(1)
    expect(map.get(storageKey(A))).toBe(before)
  })

  it('persist={false} on the hook, and persist={false} on the provider: nothing read, nothing written', async () => {
    const { map, storage } = memoryStorage()
    const getItem = vi.fn(storage.getItem)
    wallets[A.toLowerCase()] = { '': { cursor: null, hashes: [1] } }
    const one = visit({ storage: { ...storage, getItem } }, <Rows address={A} persist={false} />)
    await waitFor(() => expect(rows()).toHaveLength(1))
    one.unmount()
    const two = visit(false, <Rows address={A} />)
    await waitFor(() => expect(rows()).toHaveLength(1))
    await settleFor(20)
    two.unmount()
    expect(getItem).not.toHaveBeenCalled()
    expect(map.size).toBe(0)
  })

  it('a first page prefetched on the server wins over the stored rows: nothing read, no request in the browser', async () => {
    const { storage } = memoryStorage()
    await firstVisit(storage)
    wallets[A.toLowerCase()]![''] = { cursor: null, hashes: [8] }
    const onServer = new QueryClient()
    await onServer.prefetchInfiniteQuery(walletHistoryInfiniteQueryOptions(client, { address: A, chain: 'eth' }))
    requests.splice(0)
    const queryClient = new QueryClient()
    hydrate(queryClient, dehydrate(onServer))
    const getItem = vi.fn(storage.getItem)
    render(
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client} persist={{ storage: { ...storage, getItem } }}>
          <Rows address={A} />
        </BlockfeedProvider>
      </QueryClientProvider>,
    )
    expect(rows()).toEqual([hash(8)])
    await settleFor(50)
    expect(rows()).toEqual([hash(8)])
    expect(getItem).not.toHaveBeenCalled()
    expect(requests).toHaveLength(0)
  })

  it('a client not made by createClient (no history reader): nothing restored, the network answers', async () => {
    const { map, storage } = memoryStorage()
    await firstVisit(storage)
    const plain = { ...client, getWalletHistory: client.getWalletHistory }
    const queryClient = new QueryClient()
    render(
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={plain} persist={{ storage }}>
          <Rows address={A} />
        </BlockfeedProvider>
      </QueryClientProvider>,
    )
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(requests[0]).toMatchObject({ cursor: null, rowsOnScreen: 0 })
    expect(map.has(storageKey(A))).toBe(true)
  })

  it('clearPersistedHistory(address) forgets that wallet only; without an address, all', async () => {
    const { map, storage } = memoryStorage()
    await firstVisit(storage)
    map.set(storageKey(B), map.get(storageKey(A))!.replaceAll(A, B))
    map.set('someone-else', 'kept')
    await clearPersistedHistory(A.toUpperCase().replace('0X', '0x'), { storage })
    expect([...map.keys()].sort()).toEqual([storageKey(B), 'someone-else'].sort())
    await clearPersistedHistory(undefined, { storage })
    expect([...map.keys()]).toEqual(['someone-else'])
  })
})

describe('bad stored input: dropped, one development warning, network load', () => {
  async function expectNetworkLoad(write: (stored: string) => string | undefined) {
    const { map, storage } = memoryStorage()
    await firstVisit(storage)
    const raw = write(map.get(storageKey(A))!)
    if (raw !== undefined) map.set(storageKey(A), raw)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    wallets[A.toLowerCase()]![''] = { cursor: null, hashes: [9] }
    visit({ storage }, <Rows address={A} />)
    await waitFor(() => expect(rows()).toEqual([hash(9)]))
    expect(requests[0]).toMatchObject({ cursor: null, rowsOnScreen: 0 })
    expect(requests).toHaveLength(1)
    expect(warn).toHaveBeenCalledTimes(1)
    return { map, warning: String(warn.mock.calls[0]![0]) }
  }

  it('a record of another version', async () => {
    const { warning } = await expectNetworkLoad((s) => s.replace('"blockfeed-history-1"', '"blockfeed-history-2"'))
    expect(warning).toMatch(/another version/)
  })

  it('a truncated record', async () => {
    await expectNetworkLoad((s) => s.slice(0, s.length - 40))
  })

  it('a record whose entries fail the history reader', async () => {
    const { warning } = await expectNetworkLoad((s) => s.replace(`"hash":"${hash(3)}"`, '"hash":{"not":"text"}'))
    expect(warning).toMatch(/reader/)
  })

  it('a record for another wallet under this key', async () => {
    const { warning } = await expectNetworkLoad((s) => {
      // A copy of B's record (consistent in itself) put under A's key.
      const record = JSON.parse(s.replaceAll(A, B)) as { queryHash: string; queryKey: unknown[] }
      record.queryHash = hashKey(record.queryKey)
      return JSON.stringify(record)
    })
    expect(warning).toMatch(/another wallet/)
  })

  it('a record written by hand with __proto__ keys', async () => {
    const { warning } = await expectNetworkLoad((s) => s.replace('"state":{', '"state":{"__proto__":{"isAdmin":true},'))
    expect(warning).toMatch(/__proto__/)
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined()
  })
})

describe('storage that fails: the feed loads as without it, and no error reaches the user', () => {
  async function loads(persist: PersistHistoryOptions | undefined) {
    wallets[A.toLowerCase()] = { '': { cursor: null, hashes: [1, 2] } }
    const started = performance.now()
    visit(persist, <Rows address={A} />)
    await waitFor(() => expect(rows()).toEqual([hash(1), hash(2)]))
    await settleFor(30)
    expect(screen.queryByRole('alert')).toBeNull()
    return requests[0]!.at - started
  }

  it('indexedDB.open throwing (a blocked IndexedDB), with the default storage', async () => {
    const open = vi.fn(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    vi.stubGlobal('indexedDB', { open })
    try {
      await loads(undefined)
      expect(open).toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('a QuotaExceededError on write, thrown or rejected', async () => {
    for (const setItem of [
      () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
      () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    ]) {
      await loads({ storage: memoryStorage({ setItem }).storage })
      requests.splice(0)
      document.body.innerHTML = ''
    }
  })

  it('a storage whose promises never settle holds the first request back 100 ms at most', async () => {
    const never = () => new Promise<never>(() => {})
    const waited = await loads({ storage: { getItem: never, setItem: never, removeItem: never, entries: never } })
    // The request goes out although storage never answers. The wait is a 100 ms timer (STORAGE_WAIT_MS);
    // the bound here only tells that timer from a storage-length hang, with room for a loaded machine.
    expect(waited).toBeGreaterThanOrEqual(90)
    expect(waited).toBeLessThan(100 + 2_000)
    console.info(`never-settling storage: first request after ${Math.round(waited)} ms`)
  })
})
