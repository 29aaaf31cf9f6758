import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { FEED_WINDOW_PAGES } from '../../src/components/WalletActivityFeed/feedWindow.js'
import { createClient } from '../../src/core/client.js'
import { mergedEntryId } from '../../src/core/history/merge.js'
import type { HistoryStorage } from '../../src/core/persist/options.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { useMergedHistory, useMergedWalletHistory, type MergedWalletHistoryData } from '../../src/react/useMergedWalletHistory.js'
import { scrollFeedTo } from './feedScroll.js'
import { ALICE, WALLET } from './fixtures.js'

const CHAINS = ['eth', 'base', 'polygon']
/** Entries per chain; pages of 10 (a source's and a merged page alike): 12 merged pages over 3 chains. */
const PER_CHAIN = 40
const LIMIT = 10
const MERGED_PAGES = (CHAINS.length * PER_CHAIN) / LIMIT
const hash = (c: number, n: number) => `0x${(c + 1).toString(16)}${n.toString(16).padStart(63, '0')}`
// The chains interleave: eth's n-th, base's n-th, polygon's n-th, then the (n+1)-th of each.
const entry = (c: number, n: number) => ({
  hash: hash(c, n), from_address: WALLET, to_address: ALICE, value: '1000000000000000000', gas: '21000', gas_price: '1', receipt_gas_used: '21000',
  receipt_status: '1', block_timestamp: new Date(Date.UTC(2024, 4, 1) - (n * 3 + c) * 60_000).toISOString(), block_number: String(19_000_000 - n),
})
/** `chain:cursor` of each request (cursor `o<offset>`, '' for the first page). */
const requests: string[] = []
const client = createClient({
  baseUrl: 'https://api.test',
  chain: 'eth',
  retry: false,
  fetch: async (input) => {
    const url = new URL(String(input))
    const chain = url.searchParams.get('chain')!
    const cursor = url.searchParams.get('cursor')
    requests.push(`${chain}:${cursor ?? ''}`)
    const c = CHAINS.indexOf(chain)
    const at = cursor === null ? 0 : Number(cursor.slice(1))
    const result = Array.from({ length: Math.min(LIMIT, PER_CHAIN - at) }, (_, i) => entry(c, at + i + 1))
    return Response.json({ page: at / LIMIT, page_size: LIMIT, cursor: at + LIMIT < PER_CHAIN ? `o${at + LIMIT}` : null, result })
  },
})

afterEach(() => void requests.splice(0))

function setup(feed: ReactNode, persist?: { storage: HistoryStorage }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} persist={persist ?? false}>{children}</BlockfeedProvider>
    </QueryClientProvider>
  )
  const view = render(wrap(feed))
  const query = () => queryClient.getQueryCache().findAll({ queryKey: ['blockfeed', 'mergedWalletHistory'] })[0]
  const data = () => query()?.state.data as MergedWalletHistoryData | undefined
  // Every merged page as it was first shown, by index: a page read again must be the same rows in the same order.
  const firstSeen = new Map<number, string[]>()
  const record = () => data()?.pageParams.forEach((p, i) => {
    if (!firstSeen.has(p.page)) firstSeen.set(p.page, data()!.pages[i]!.entries.map(mergedEntryId))
  })
  const unsubscribe = queryClient.getQueryCache().subscribe(record)
  return { ...view, queryClient, data, firstSeen, unsubscribe }
}

const feedProps = { address: WALLET, chains: CHAINS, limit: LIMIT, locale: 'en-US', timeZone: 'UTC', watch: false, showPending: false } as const
const rowKeys = () => screen.queryAllByRole('article').map((a) => a.closest<HTMLElement>('[data-key]')!.dataset.key)
const pagesOf = (data: MergedWalletHistoryData | undefined) => data?.pageParams.map((p) => p.page)

async function loadToEnd(data: () => MergedWalletHistoryData | undefined) {
  await waitFor(
    () => {
      scrollFeedTo(100_000)
      expect(data()?.pageParams.at(-1)?.page).toBe(MERGED_PAGES - 1)
      expect(data()?.pages.at(-1)?.done).toBe(true)
    },
    { timeout: 20_000 },
  )
}

describe('the feed across chains keeps a window of merged pages', () => {
  it('keeps at most the window as the viewer goes on, and reads a dropped page again from its snapshot: the same rows, in the same order', async () => {
    const { data, firstSeen, unsubscribe } = setup(<WalletActivityFeed {...feedProps} style={{ blockSize: 560 }} />)
    await waitFor(() => expect(data()?.pages.length).toBeGreaterThan(0))
    await loadToEnd(data)
    expect(pagesOf(data())).toEqual([7, 8, 9, 10, 11])
    // Each source page read once on the way down.
    expect(requests).toHaveLength(CHAINS.length * (PER_CHAIN / LIMIT))
    expect(new Set(requests).size).toBe(requests.length)
    expect(rowKeys()).not.toContain(mergedEntryId({ chain: 'eth', hash: hash(0, 1) }))

    // Back up to the top: each dropped page merged again, one at a time, its requests counted.
    const asked: number[] = []
    for (let i = 0; i < 40 && data()!.pageParams[0]!.page !== 0; i++) {
      const before = requests.length
      const top = data()!.pageParams[0]!.page
      scrollFeedTo(0)
      await act(() => new Promise((r) => setTimeout(r, 400)))
      await waitFor(() => expect(data()!.pageParams[0]!.page).toBeLessThan(top), { timeout: 5_000 })
      asked.push(requests.length - before)
    }
    console.info(`merged pages read again: ${asked.length}; requests each: ${asked.join(', ')}`)
    expect(pagesOf(data())).toEqual([0, 1, 2, 3, 4])
    expect(asked).toHaveLength(7)
    // One request per source still answering at the page's top, plus a source's next page where the page reaches into it (as the first time).
    for (const n of asked) {
      expect(n).toBeGreaterThanOrEqual(CHAINS.length)
      expect(n).toBeLessThanOrEqual(2 * CHAINS.length)
    }
    // Every page read again is the page first shown.
    data()!.pageParams.forEach((p, i) => expect(data()!.pages[i]!.entries.map(mergedEntryId), `page ${p.page}`).toEqual(firstSeen.get(p.page)))
    expect(data()!.pages).toHaveLength(FEED_WINDOW_PAGES)
    scrollFeedTo(0)
    await waitFor(() => expect(rowKeys()).toContain(mergedEntryId({ chain: 'eth', hash: hash(0, 1) })))

    unsubscribe()
  }, 60_000)

  it('keeps every merged page while the chain chips narrow the rows', async () => {
    const { data, unsubscribe } = setup(<WalletActivityFeed {...feedProps} style={{ blockSize: 560 }} />)
    await waitFor(() => expect(data()?.pages.length).toBeGreaterThan(0))
    const chip = await waitFor(() => document.querySelector<HTMLElement>('button[data-chain="base"]')!)
    fireEvent.click(chip)
    await waitFor(() => expect(chip.getAttribute('aria-pressed')).toBe('false'))
    await loadToEnd(data)
    expect(pagesOf(data())).toEqual(Array.from({ length: MERGED_PAGES }, (_, i) => i))
    unsubscribe()
  }, 60_000)

  it('with a window, down to the end, back to the top and down again: every page read again is the page first made', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client} persist={false}>{children}</BlockfeedProvider>
      </QueryClientProvider>
    )
    const { result } = renderHook(() => useMergedHistory({ address: WALLET, chains: CHAINS, limit: LIMIT }, FEED_WINDOW_PAGES), { wrapper })
    await waitFor(() => expect(result.current.status).toBe('success'))
    const first = new Map<number, string[]>()
    const check = () => result.current.data!.pageParams.forEach((p, i) => {
      const ids = result.current.data!.pages[i]!.entries.map(mergedEntryId)
      if (!first.has(p.page)) first.set(p.page, ids)
      expect(ids, `page ${p.page}`).toEqual(first.get(p.page))
    })
    check()
    for (let lap = 0; lap < 2; lap++) {
      while (result.current.hasNextPage) {
        await act(() => result.current.fetchNextPage())
        check()
        expect(result.current.data!.pages.length).toBeLessThanOrEqual(FEED_WINDOW_PAGES)
      }
      expect(pagesOf(result.current.data)).toEqual([7, 8, 9, 10, 11])
      while (result.current.hasPreviousPage) {
        await act(() => result.current.fetchPreviousPage())
        check()
      }
      expect(pagesOf(result.current.data)).toEqual([0, 1, 2, 3, 4])
    }
    expect(first.size).toBe(MERGED_PAGES)
    expect(new Set([...first.values()].flat()).size).toBe(CHAINS.length * PER_CHAIN)
  }, 30_000)

  it('useMergedWalletHistory keeps every page unless asked otherwise', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client} persist={false}>{children}</BlockfeedProvider>
      </QueryClientProvider>
    )
    const { result } = renderHook(() => useMergedWalletHistory({ address: WALLET, chains: CHAINS, limit: LIMIT }), { wrapper })
    await waitFor(() => expect(result.current.status).toBe('success'))
    while (result.current.hasNextPage) await act(() => result.current.fetchNextPage())
    expect(result.current.data!.pages).toHaveLength(MERGED_PAGES)
    expect(result.current.transactions).toHaveLength(CHAINS.length * PER_CHAIN)
    expect(result.current.hasPreviousPage).toBe(false)
  }, 30_000)

  it('the stored first pages stay the first pages while the window is further down', async () => {
    const map = new Map<string, string>()
    const storage: HistoryStorage = {
      getItem: async (k) => map.get(k) ?? null,
      setItem: async (k, v) => void map.set(k, v),
      removeItem: async (k) => void map.delete(k),
      entries: async () => [...map],
    }
    const { data, queryClient, unsubscribe } = setup(<WalletActivityFeed {...feedProps} style={{ blockSize: 560 }} />, { storage })
    await waitFor(() => expect(data()?.pages.length).toBeGreaterThan(0))
    await loadToEnd(data)
    // A refetch of the window (window focus, invalidation) stores nothing over the first pages.
    await act(() => queryClient.invalidateQueries({ queryKey: ['blockfeed', 'mergedWalletHistory'] }))
    await waitFor(() => expect(map.size).toBe(CHAINS.length))
    for (const value of map.values()) {
      const stored = JSON.parse(value) as { state: { data: { pages: { result: { hash: string }[] }[] } } }
      expect(CHAINS.map((_, c) => hash(c, 1))).toContain(stored.state.data.pages[0]!.result[0]!.hash)
    }
    unsubscribe()
  }, 60_000)
})
