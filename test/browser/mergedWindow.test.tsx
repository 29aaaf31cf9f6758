import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot, type Root } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { FEED_WINDOW_PAGES } from '../../src/components/WalletActivityFeed/feedWindow.js'
import { createClient } from '../../src/core/client.js'
import { mergedEntryId } from '../../src/core/history/merge.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import type { MergedWalletHistoryData } from '../../src/react/useMergedWalletHistory.js'

import { frames, readingRow, rowTop } from './support/reading.js'

import.meta.glob('../../src/components/**/*.css', { eager: true })
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const CHAINS = ['eth', 'base', 'polygon']
const PER_PAGE = 25
const PER_CHAIN = 100
/** 12 merged pages of 25 over the 3 chains. */
const MERGED_PAGES = (CHAINS.length * PER_CHAIN) / PER_PAGE
const hash = (c: number, n: number) => `0x${(c + 1).toString(16)}${n.toString(16).padStart(63, '0')}`
// The chains take turns unevenly (a few entries a day each), so day headers sit between rows and a merged page mixes chains.
const entry = (c: number, n: number) => ({
  hash: hash(c, n), from_address: OTHER, to_address: WALLET, value: String(BigInt(n) * 10n ** 15n),
  block_timestamp: new Date(Date.UTC(2024, 2, 1) - Math.floor((n * (c + 2)) / 3) * 3_600_000 - c * 60_000).toISOString(), block_number: String(19_000_000 - n),
})
const requests: string[] = []
const client = createClient({
  baseUrl: 'https://service.blockfeed.test',
  chain: 'eth',
  retry: false,
  fetch: async (input) => {
    const url = new URL(String(input))
    const chain = url.searchParams.get('chain')!
    const cursor = url.searchParams.get('cursor')
    requests.push(`${chain}:${cursor ?? ''}`)
    const c = CHAINS.indexOf(chain)
    const at = cursor === null ? 0 : Number(cursor.slice(1))
    // A little latency, as a service has: the rows above the reader arrive while they read.
    await new Promise((r) => setTimeout(r, 30))
    const result = Array.from({ length: Math.min(PER_PAGE, PER_CHAIN - at) }, (_, i) => entry(c, at + i + 1))
    return Response.json({ page: at / PER_PAGE, page_size: PER_PAGE, cursor: at + PER_PAGE < PER_CHAIN ? `o${at + PER_PAGE}` : null, result })
  },
})

describe('the feed across chains keeps a window of merged pages, in Chromium', () => {
  it('down 12 merged pages over 3 chains and back up: every dropped page read again, the same rows in the same order, 0 rows jump', async () => {
    const host = document.createElement('div')
    host.style.width = '800px'
    document.body.append(host)
    const root: Root = createRoot(host)
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const data = () => queryClient.getQueryCache().findAll({ queryKey: ['blockfeed', 'mergedWalletHistory'] })[0]?.state.data as MergedWalletHistoryData | undefined
    // Every merged page as first shown, by index; and every time a page is shown again, whether it is the same.
    const firstSeen = new Map<number, string[]>()
    const differ: number[] = []
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      const d = data()
      d?.pageParams.forEach((p, i) => {
        const ids = d.pages[i]!.entries.map(mergedEntryId).join()
        const before = firstSeen.get(p.page)?.join()
        if (before === undefined) firstSeen.set(p.page, d.pages[i]!.entries.map(mergedEntryId))
        else if (before !== ids && !differ.includes(p.page)) differ.push(p.page)
      })
    })
    root.render(
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client} persist={false}>
          <WalletActivityFeed address={WALLET} chains={CHAINS} limit={PER_PAGE} locale="en-US" timeZone="UTC" watch={false} showPending={false} style={{ blockSize: 560 }} />
        </BlockfeedProvider>
      </QueryClientProvider>,
    )
    try {
      await vi.waitFor(() => expect(host.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 20_000 })
      const viewport = host.querySelector<HTMLElement>('.bf-feed__viewport')!
      const busy = () => host.querySelector('[role="feed"]')!.getAttribute('aria-busy') === 'true'
      // Down to the end, a screen at a time.
      await vi.waitFor(
        async () => {
          viewport.scrollTop += 500
          await frames()
          expect(data()?.pageParams.at(-1)?.page).toBe(MERGED_PAGES - 1)
          expect(data()?.pages.at(-1)?.done).toBe(true)
          expect(busy()).toBe(false)
        },
        { timeout: 60_000, interval: 20 },
      )
      expect(data()!.pages).toHaveLength(FEED_WINDOW_PAGES)
      expect(data()!.pageParams[0]!.page).toBe(MERGED_PAGES - FEED_WINDOW_PAGES)
      // Each source page read once on the way down.
      expect(requests).toHaveLength(CHAINS.length * (PER_CHAIN / PER_PAGE))
      expect(new Set(requests).size).toBe(requests.length)

      // Back up, a screen at a time. Each time a dropped page is read again, the row being read stays put.
      const jumps: { page: number; key: string; moved: number }[] = []
      const asked: number[] = []
      while (data()!.pageParams[0]!.page > 0 || busy()) {
        const before = requests.length
        const top = data()!.pageParams[0]!.page
        viewport.scrollTop -= 500
        await frames()
        if (requests.length === before) continue
        // A page is being read again above the reader: watch their row until it has come and been measured.
        const anchor = readingRow(viewport)
        await vi.waitFor(() => {
          expect(data()!.pageParams[0]!.page).toBeLessThan(top)
          expect(busy()).toBe(false)
        }, { timeout: 10_000 })
        await frames(4)
        asked.push(requests.length - before)
        const moved = Math.abs((rowTop(viewport, anchor.key) ?? Infinity) - anchor.top)
        if (moved > 1) jumps.push({ page: data()!.pageParams[0]!.page, key: anchor.key, moved })
      }
      console.info(`merged pages read again on the way back: ${asked.length} (requests each: ${asked.join(', ')}); rows that jumped: ${jumps.length}`)
      expect(asked).toHaveLength(MERGED_PAGES - FEED_WINDOW_PAGES)
      expect(jumps).toEqual([])
      expect(differ).toEqual([])
      expect(data()!.pageParams.map((p) => p.page)).toEqual([0, 1, 2, 3, 4])
      // At the top again: the first entry is there.
      viewport.scrollTop = 0
      await frames()
      await vi.waitFor(() => expect(host.querySelector(`[data-key="${CSS.escape(mergedEntryId({ chain: 'eth', hash: hash(0, 1) }))}"] article`)).not.toBeNull())

      // Down again: the pages below are merged again from their snapshots too (each a request, so the
      // list sees it being fetched and goes on), the same as the first time.
      await vi.waitFor(
        async () => {
          viewport.scrollTop += 500
          await frames()
          expect(data()?.pageParams.at(-1)?.page).toBe(MERGED_PAGES - 1)
          expect(busy()).toBe(false)
        },
        { timeout: 60_000, interval: 20 },
      )
      expect(differ).toEqual([])
      expect(firstSeen.size).toBe(MERGED_PAGES)
    } finally {
      unsubscribe()
      root.unmount()
      host.remove()
    }
  }, 120_000)
})
