import { hashKey, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import { arrivalStore } from '../../src/core/arrivals/arrivalStore.js'
import { entryId } from '../../src/core/history/entryId.js'
import type { HistoryStorage } from '../../src/core/persist/options.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { mergedWalletHistoryQueryKey, useMergedWalletHistory } from '../../src/react/useMergedWalletHistory.js'
import { ALICE, hashOf, WALLET, wire } from './arrivalsSupport.js'

// The merged feed (`useMergedWalletHistory`, and `WalletActivityFeed chains` on it) reopening from the
// last visit: each source's first page stored, the rows painted from them before any request, then one
// request per source. Requests are counted with the hook: the drop-in feed in jsdom (no layout) also
// loads more pages as soon as it shows its rows.
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const LIMIT = 5
const CHAINS = ['eth', 'base']

/** Each chain's entries (newest first), per wallet (lowercase). */
let service: Record<string, Record<string, ReturnType<typeof wire>[]>> = {}
/** Each history request, with the rows on screen when it was sent. */
const requests: { wallet: string; chain: string; cursor: string | null; rowsOnScreen: number }[] = []

const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request, params }) => {
    const url = new URL(request.url)
    const wallet = String(params.address).toLowerCase()
    const chain = url.searchParams.get('chain')!
    const cursor = url.searchParams.get('cursor')
    const limit = Number(url.searchParams.get('limit'))
    requests.push({ wallet, chain, cursor, rowsOnScreen: document.querySelectorAll('[data-key]').length })
    const list = service[wallet]?.[chain] ?? []
    const start = cursor === null ? 0 : list.findIndex((e) => e.hash === cursor)
    return HttpResponse.json({ cursor: list[start + limit]?.hash ?? null, page: 0, page_size: limit, result: list.slice(start, start + limit) })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  requests.splice(0)
  service = {}
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const entries = (chain: string, from: number, to: number, wallet = WALLET) =>
  Array.from({ length: from - to + 1 }, (_, i) => wire(chain, from - i, { from_address: wallet, to_address: ALICE }))

function memoryStorage() {
  const map = new Map<string, string>()
  const storage: HistoryStorage = {
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => void map.set(key, value),
    removeItem: async (key) => void map.delete(key),
    entries: async () => [...map],
  }
  return { map, storage }
}

const client = createClient({ baseUrl: 'https://api.test', retry: false })
const rowKeys = () => screen.queryAllByRole('article').map((a) => a.closest('[data-key]')!.getAttribute('data-key')!)
const key = (chain: string, n: number) => entryId({ chain, hash: hashOf(chain, n) })
const settleFor = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)))

function Rows({ address, persist }: { address: string; persist?: boolean }) {
  const h = useMergedWalletHistory({ address, chains: CHAINS, limit: LIMIT, persist })
  return (
    <div>
      <ul>{h.transactions.map((t) => <li key={entryId(t)} data-key={entryId(t)} />)}</ul>
      {h.hasNextPage && <button onClick={() => void h.fetchNextPage()}>more</button>}
    </div>
  )
}
const rows = () => [...document.querySelectorAll('li')].map((li) => li.dataset['key'])

function feed(address: string, persist?: boolean) {
  return <WalletActivityFeed address={address} chains={CHAINS} limit={LIMIT} persist={persist} watch={false} showPending={false} locale="en-US" timeZone="UTC" style={{ blockSize: 800 }} />
}
function visit(storage: HistoryStorage, children: ReactNode, queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } })) {
  const wrap = (c: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} persist={{ storage }}>{c}</BlockfeedProvider>
    </QueryClientProvider>
  )
  const view = render(wrap(children))
  return { ...view, queryClient, rerender: (c: ReactNode) => view.rerender(wrap(c)) }
}

/** First visit: the first merged page loaded, each source's first page stored. */
async function firstVisit(map: Map<string, string>, storage: HistoryStorage) {
  service[WALLET.toLowerCase()] = { eth: entries('eth', 30, 11), base: entries('base', 29, 10) }
  const view = visit(storage, <Rows address={WALLET} />)
  await waitFor(() => expect(rows()[0]).toBe(key('eth', 30)))
  await waitFor(() => expect(map.size).toBe(2))
  const seen = rows()
  view.unmount()
  requests.splice(0)
  return seen
}

describe('the merged feed reopens from the last visit', () => {
  it('paints the stored rows of each source before any history request, then reads each source once: 1 request per source', async () => {
    const { map, storage } = memoryStorage()
    const lastVisit = await firstVisit(map, storage)
    expect(lastVisit).toHaveLength(LIMIT)
    const stored = [...map.values()]
    visit(storage, <Rows address={WALLET} />)
    // The rows of the last visit, before any request.
    await waitFor(() => expect(rows()).toEqual(lastVisit))
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(requests.filter((r) => r.rowsOnScreen === 0)).toEqual([])
    expect(requests.map((r) => [r.chain, r.cursor]).sort()).toEqual([['base', null], ['eth', null]])
    // The revalidation is over (what it read is stored again), and nothing else was asked.
    await waitFor(() => expect([...map.values()]).not.toEqual(stored))
    await settleFor(300)
    expect(requests).toHaveLength(2)
    // Every stored record is one source's first page, at most one page of LIMIT entries.
    for (const raw of map.values()) {
      const record = JSON.parse(raw) as { state: { data: { pages: { result: unknown[] }[] } } }
      expect(record.state.data.pages).toHaveLength(1)
      expect(record.state.data.pages[0]!.result.length).toBeLessThanOrEqual(LIMIT)
    }
  })

  it('entries newer than the stored rows come in as new arrivals (held behind "N new" while scrolled)', async () => {
    const { map, storage } = memoryStorage()
    await firstVisit(map, storage)
    service[WALLET.toLowerCase()]!['base'] = [...entries('base', 31, 31), ...entries('base', 29, 10)]
    const { queryClient } = visit(storage, <Rows address={WALLET} />)
    await waitFor(() => expect(rows()).toContain(key('base', 31)))
    const queryHash = hashKey(mergedWalletHistoryQueryKey(client, { address: WALLET, chains: CHAINS, limit: LIMIT }))
    expect([...arrivalStore(queryClient, queryHash).keys]).toEqual([key('base', 31)])
    expect(requests).toHaveLength(2)
  })

  it('the drop-in feed (`WalletActivityFeed chains`) paints the stored rows before its first history request', async () => {
    const { map, storage } = memoryStorage()
    const lastVisit = await firstVisit(map, storage)
    visit(storage, feed(WALLET))
    await waitFor(() => expect(rowKeys().slice(0, LIMIT)).toEqual(lastVisit))
    await waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2))
    expect(requests.filter((r) => r.rowsOnScreen === 0)).toEqual([])
    // The first two read each source's first page again; later ones are pages the feed asks for as it fills the screen.
    expect(requests.slice(0, 2).map((r) => [r.chain, r.cursor]).sort()).toEqual([['base', null], ['eth', null]])
    expect(requests.filter((r) => r.cursor === null)).toHaveLength(2)
  })

  it('persist={false} on the feed: nothing read, nothing stored, the network answers', async () => {
    const { map, storage } = memoryStorage()
    const getItem = vi.fn(storage.getItem)
    service[WALLET.toLowerCase()] = { eth: entries('eth', 30, 11), base: entries('base', 29, 10) }
    const view = visit({ ...storage, getItem }, feed(WALLET, false))
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 30)))
    await settleFor(50)
    view.unmount()
    expect(getItem).not.toHaveBeenCalled()
    expect(map.size).toBe(0)
  })

  it('a wallet switch shows none of the previous wallet\'s rows, from the first render after it', async () => {
    const { map, storage } = memoryStorage()
    await firstVisit(map, storage)
    service[OTHER.toLowerCase()] = { eth: [], base: entries('base', 5, 5, OTHER) }
    const view = visit(storage, feed(WALLET))
    await waitFor(() => expect(rowKeys()).toHaveLength(5))
    const seen: string[][] = []
    const observer = new MutationObserver(() => seen.push(rowKeys()))
    observer.observe(document.body, { childList: true, subtree: true })
    view.rerender(feed(OTHER))
    // Synchronously after the switch's render, then at every change until the other wallet's row shows.
    seen.push(rowKeys())
    await waitFor(() => expect(rowKeys()).toEqual([key('base', 5)]))
    expect(seen.flat().length).toBeGreaterThan(0)
    observer.disconnect()
    const previous = new Set([30, 29, 28].flatMap((n) => [key('eth', n), key('base', n)]))
    expect(seen.flat().filter((k) => previous.has(k))).toEqual([])
  })

  it('a bad record for one source: dropped with one development warning, the whole feed loads from the network', async () => {
    const { map, storage } = memoryStorage()
    await firstVisit(map, storage)
    const [first] = map.keys()
    map.set(first!, map.get(first!)!.replace('"result":[', '"result":[{"hash":{"not":"text"}},'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    visit(storage, <Rows address={WALLET} />)
    await waitFor(() => expect(rows()[0]).toBe(key('eth', 30)))
    expect(requests.filter((r) => r.rowsOnScreen > 0)).toEqual([])
    expect(requests).toHaveLength(2)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toMatch(/reader/)
  })
})
