import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { hashKey } from '@tanstack/query-core'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { FEED_WINDOW_PAGES } from '../../src/components/WalletActivityFeed/feedWindow.js'
import { createClient } from '../../src/core/client.js'
import type { HistoryStorage } from '../../src/core/persist/options.js'
import { walletHistoryQueryKey } from '../../src/core/query/walletHistory.js'
import type { WalletHistoryData } from '../../src/core/query/walletHistory.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { scrollFeedTo } from './feedScroll.js'
import { ALICE, WALLET } from './fixtures.js'

const PAGES = 9
const PER_PAGE = 10
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const entry = (n: number) => ({
  hash: hash(n), from_address: WALLET, to_address: ALICE, value: '1000000000000000000', gas: '21000', gas_price: '1', receipt_gas_used: '21000',
  receipt_status: '1', block_timestamp: '2024-05-01T12:00:00.000Z', block_number: String(19_000_000 - n),
})
/** Cursor `p<k>` starts page k (page 0 has none); page k holds entries k*10+1 … k*10+10. */
const requests: (string | null)[] = []
const client = createClient({
  baseUrl: 'https://api.test',
  chain: 'eth',
  retry: false,
  fetch: async (input) => {
    const cursor = new URL(String(input)).searchParams.get('cursor')
    requests.push(cursor)
    const k = cursor === null ? 0 : Number(cursor.slice(1))
    const result = Array.from({ length: PER_PAGE }, (_, i) => entry(k * PER_PAGE + i + 1))
    return Response.json({ page: k, page_size: PER_PAGE, cursor: k + 1 < PAGES ? `p${k + 1}` : null, result })
  },
})
const key = walletHistoryQueryKey(client, { address: WALLET, chain: 'eth', limit: PER_PAGE })

afterEach(() => void requests.splice(0))

function setup(feed: ReactNode, persist?: { storage: HistoryStorage }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} persist={persist ?? false}>{feed}</BlockfeedProvider>
    </QueryClientProvider>,
  )
  const data = () => queryClient.getQueryData(key) as WalletHistoryData
  return { ...view, queryClient, data }
}

const feedProps = { address: WALLET, chain: 'eth', limit: PER_PAGE, locale: 'en-US', timeZone: 'UTC', watch: false, showPending: false, showNames: false, showExport: false } as const
const rowHashes = () => screen.queryAllByRole('article').map((a) => a.closest<HTMLElement>('[data-key]')!.dataset.key)

/** Scrolls down (the feed pages on its own near the end) until the last page is loaded. */
async function loadToEnd(data: () => WalletHistoryData | undefined) {
  await waitFor(
    () => {
      // Far down, so the top of the window is out of view while pages load.
      scrollFeedTo(100_000)
      expect(data()?.pageParams.at(-1)).toBe(`p${PAGES - 1}`)
    },
    { timeout: 20_000 },
  )
}

describe('WalletActivityFeed keeps a window of pages', () => {
  it('keeps at most the window as the viewer goes on, and reads a dropped page again by its own cursor on the way back', async () => {
    const { data } = setup(<WalletActivityFeed {...feedProps} style={{ blockSize: 560 }} />)
    await waitFor(() => expect(data()?.pages.length).toBeGreaterThan(0))
    await loadToEnd(data)
    // Pages 4 … 8 kept; every page was read once, in order.
    expect(data().pages).toHaveLength(FEED_WINDOW_PAGES)
    expect(data().pageParams).toEqual(['p4', 'p5', 'p6', 'p7', 'p8'])
    expect(requests).toEqual([null, 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'])
    expect(rowHashes()).not.toContain(hash(1))
    // Back at the top of what is kept (jsdom has no layout: the viewer scrolls to 0 again after each):
    // each dropped page read again by its own cursor, page 0 with none, and the pages below them let go.
    const before = requests.length
    for (let i = 0; i < 20 && data().pageParams[0] !== ''; i++) {
      scrollFeedTo(0)
      // Past the virtualizer's "scrolling" time (150 ms): a page above is read once the scroll has settled.
      await act(() => new Promise((r) => setTimeout(r, 400)))
    }
    await waitFor(() => expect(data().pageParams).toEqual(['', 'p1', 'p2', 'p3', 'p4']))
    expect(requests.slice(before)).toEqual(['p3', 'p2', 'p1', null])
    expect(data().pages[0]!.result[0]!.hash).toBe(hash(1))
    // The row being read was kept in place above page 0: the first row is there at the very top.
    scrollFeedTo(0)
    await waitFor(() => expect(rowHashes()).toContain(hash(1)))
    expect(data().pages).toHaveLength(FEED_WINDOW_PAGES)
    // At the top: nothing more is asked for above it.
    const count = requests.length
    scrollFeedTo(0)
    await act(() => new Promise((r) => setTimeout(r, 400)))
    expect(requests).toHaveLength(count)
  }, 30_000)

  it('a feed mounted again onto a cached window that starts mid-history still pages back to the top', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const page = (feed: ReactNode) => (
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client} persist={false}>{feed}</BlockfeedProvider>
      </QueryClientProvider>
    )
    const data = () => queryClient.getQueryData(key) as WalletHistoryData | undefined
    const view = render(page(<WalletActivityFeed {...feedProps} style={{ blockSize: 560 }} />))
    await waitFor(() => expect(data()?.pages.length).toBeGreaterThan(0))
    await loadToEnd(data)
    // The viewer leaves the page (another route) and comes back: the window is still cached, from p4 on.
    view.rerender(page(null))
    expect(data()!.pageParams[0]).toBe('p4')
    const before = requests.length
    view.rerender(page(<WalletActivityFeed {...feedProps} style={{ blockSize: 560 }} />))
    await waitFor(() => expect(rowHashes().length).toBeGreaterThan(0))
    for (let i = 0; i < 20 && data()!.pageParams[0] !== ''; i++) {
      scrollFeedTo(0)
      await act(() => new Promise((r) => setTimeout(r, 400)))
    }
    await waitFor(() => expect(data()!.pageParams).toEqual(['', 'p1', 'p2', 'p3', 'p4']))
    expect(requests.slice(before)).toEqual(['p3', 'p2', 'p1', null])
    view.unmount()
  }, 30_000)

  it('keeps every page while a search narrows the rows', async () => {
    const { data } = setup(<WalletActivityFeed {...feedProps} defaultFilter={{ search: '0x' }} style={{ blockSize: 560 }} />)
    await waitFor(() => expect(data()?.pages.length).toBeGreaterThan(0))
    await loadToEnd(data)
    expect(data().pages).toHaveLength(PAGES)
  }, 30_000)

  it('the stored rows stay the first pages while the window is further down', async () => {
    const map = new Map<string, string>()
    const storage: HistoryStorage = {
      getItem: async (k) => map.get(k) ?? null,
      setItem: async (k, v) => void map.set(k, v),
      removeItem: async (k) => void map.delete(k),
      entries: async () => [...map],
    }
    const { data, queryClient } = setup(<WalletActivityFeed {...feedProps} style={{ blockSize: 560 }} />, { storage })
    await waitFor(() => expect(data()?.pages.length).toBeGreaterThan(0))
    await loadToEnd(data)
    // A refetch of the window (window focus, invalidation) stores nothing over the first pages.
    await act(() => queryClient.invalidateQueries({ queryKey: key }))
    await act(() => new Promise((r) => setTimeout(r, 50)))
    const stored = JSON.parse(map.get(`blockfeed-history-${hashKey(key)}`)!) as { state: { data: WalletHistoryData } }
    expect(stored.state.data.pageParams).toEqual([null, 'p1'])
    expect(stored.state.data.pages[0]!.result[0]!.hash).toBe(hash(1))
  }, 30_000)
})
