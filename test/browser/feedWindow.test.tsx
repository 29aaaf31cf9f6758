import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { TransactionList } from '../../src/components/TransactionList/TransactionList.js'
import type { TransactionEntry } from '../../src/core/history/schema.js'
import { tx } from '../components/fixtures.js'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { FEED_WINDOW_PAGES } from '../../src/components/WalletActivityFeed/feedWindow.js'
import { createClient } from '../../src/core/client.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'

import { frames, readingRow, rowTop } from './support/reading.js'

import.meta.glob('../../src/components/**/*.css', { eager: true })
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const PAGES = 9
const PER_PAGE = 25
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
// A few entries a day, so day headers sit between rows as in a real feed.
const entry = (n: number) => ({
  hash: hash(n), from_address: OTHER, to_address: WALLET, value: String(BigInt(n) * 10n ** 15n),
  block_timestamp: new Date(Date.UTC(2024, 2, 1) - Math.floor(n / 7) * 86_400_000).toISOString(), block_number: String(19_000_000 - n),
})
const requests: (string | null)[] = []
const client = createClient({
  baseUrl: 'https://service.blockfeed.test',
  chain: 'eth',
  retry: false,
  fetch: async (input) => {
    const cursor = new URL(String(input)).searchParams.get('cursor')
    requests.push(cursor)
    const k = cursor === null ? 0 : Number(cursor.slice(1))
    // A little latency, as a service has: the rows above the reader arrive while they read.
    await new Promise((r) => setTimeout(r, 30))
    const result = Array.from({ length: PER_PAGE }, (_, i) => entry(k * PER_PAGE + i + 1))
    return Response.json({ page: k, page_size: PER_PAGE, cursor: k + 1 < PAGES ? `p${k + 1}` : null, result })
  },
})

describe('the feed keeps a window of pages, in Chromium', () => {
  it('rows that jump when scrolling back over a dropped page: 0; End and Home move focus to the last and first loaded rows, and it stays there', async () => {
    const host = document.createElement('div')
    host.style.width = '800px'
    document.body.append(host)
    const root: Root = createRoot(host)
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    root.render(
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client} persist={false}>
          <WalletActivityFeed address={WALLET} chain="eth" limit={PER_PAGE} locale="en-US" timeZone="UTC" watch={false} showPending={false} showNames={false} style={{ blockSize: 560 }} />
        </BlockfeedProvider>
      </QueryClientProvider>,
    )
    try {
      await vi.waitFor(() => expect(host.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 20_000 })
      const viewport = host.querySelector<HTMLElement>('.bf-feed__viewport')!
      // Down to the end, as a reader does: a screen at a time.
      await vi.waitFor(
        async () => {
          viewport.scrollTop += 500
          await frames()
          expect(requests.at(-1)).toBe(`p${PAGES - 1}`)
          expect(host.querySelector('[role="feed"]')!.getAttribute('aria-busy')).toBe('false')
        },
        { timeout: 40_000, interval: 20 },
      )
      expect(requests).toEqual([null, ...Array.from({ length: PAGES - 1 }, (_, k) => `p${k + 1}`)])
      expect(host.querySelector(`[data-key="${hash(1)}"]`)).toBeNull()

      // Back up, a screen at a time. Each time a dropped page is read again, the row being read stays put.
      const jumps: { page: string | null; key: string; moved: number }[] = []
      let reloaded = 0
      while (requests.at(-1) !== null || host.querySelector('[role="feed"]')!.getAttribute('aria-busy') === 'true') {
        const before = requests.length
        viewport.scrollTop -= 500
        await frames()
        if (requests.length === before) continue
        // A page is being read again above the reader: watch their row until it has come and been measured.
        const anchor = readingRow(viewport)
        await vi.waitFor(() => expect(host.querySelector('[role="feed"]')!.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 })
        await frames(4)
        const moved = Math.abs((rowTop(viewport, anchor.key) ?? Infinity) - anchor.top)
        reloaded++
        if (moved > 1) jumps.push({ page: requests.at(-1)!, key: anchor.key, moved })
      }
      console.info(`pages read again on the way back: ${reloaded}; rows that jumped: ${jumps.length}`)
      expect(reloaded).toBe(PAGES - FEED_WINDOW_PAGES)
      expect(jumps).toEqual([])
      // At the top again: the first entry is there.
      viewport.scrollTop = 0
      await frames()
      await vi.waitFor(() => expect(host.querySelector(`[data-key="${hash(1)}"] article`)).not.toBeNull())

      // End on an article: focus goes to the last loaded row.
      const first = host.querySelector<HTMLElement>(`[data-key="${hash(1)}"] article`)!
      first.focus()
      first.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }))
      // (By its key: the next page may come at once and drop the first from the window.)
      await vi.waitFor(() => expect(document.activeElement?.closest<HTMLElement>('[data-key]')?.dataset.key).toBe(hash(FEED_WINDOW_PAGES * PER_PAGE)))
      expect(document.activeElement!.getAttribute('aria-posinset')).toBe(String(FEED_WINDOW_PAGES * PER_PAGE))
      // The last row on screen reads the next page, and the window drops the first: wait for that state
      // (aria-busy alone is false before the read has begun).
      await vi.waitFor(() => {
        expect(requests.at(-1)).toBe(`p${FEED_WINDOW_PAGES}`)
        expect(host.querySelector(`[data-key="${hash(1)}"]`)).toBeNull()
        expect(host.querySelector('[role="feed"]')!.getAttribute('aria-busy')).toBe('false')
      }, { timeout: 10_000 })
      // Rows keep their numbers when the pages above them leave the window.
      expect(document.activeElement!.getAttribute('aria-posinset')).toBe(String(FEED_WINDOW_PAGES * PER_PAGE))
      // Home: focus goes to the top of what is loaded (the window is pages 2 to 6 now, so the first loaded
      // row is entry 26); once it holds focus, the page above it is read again, and it stays where it is,
      // focused and on screen, with its own number (the rows above were dropped, not gone).
      const firstLoaded = hash(PER_PAGE + 1)
      const asked = requests.length
      ;(document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }))
      await vi.waitFor(() => expect(requests.length).toBeGreaterThan(asked))
      expect(requests.at(-1)).toBeNull()
      await vi.waitFor(() => {
        expect(host.querySelector(`[data-key="${hash(PER_PAGE)}"] article`)).not.toBeNull()
        expect(host.querySelector('[role="feed"]')!.getAttribute('aria-busy')).toBe('false')
      }, { timeout: 10_000 })
      await vi.waitFor(() => {
        const focused = document.activeElement as HTMLElement
        expect(focused.closest<HTMLElement>('[data-key]')?.dataset.key).toBe(firstLoaded)
        expect(focused.getAttribute('aria-posinset')).toBe(String(PER_PAGE + 1))
        const box = viewport.getBoundingClientRect()
        expect(focused.getBoundingClientRect().top).toBeGreaterThanOrEqual(box.top - 1)
        expect(focused.getBoundingClientRect().bottom).toBeLessThanOrEqual(box.bottom + 1)
      })
    } finally {
      root.unmount()
      host.remove()
    }
  }, 120_000)

  it('Home: a page read above while the scroll to the first loaded row is under way moves the row, not the aim', async () => {
    // The list as a window shows it: entries 26 to 150 loaded, the page above dropped.
    const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => tx(entry(from + i)))
    let setRows: (rows: TransactionEntry[]) => void = () => {}
    let setAbove: (above: boolean) => void = () => {}
    function Window() {
      const [transactions, set] = useState(rows(PER_PAGE + 1, 6 * PER_PAGE))
      const [above, setA] = useState(true)
      setRows = set
      setAbove = setA
      return <TransactionList transactions={transactions} wallet={WALLET} locale="en-US" timeZone="UTC" hasPreviousPage={above} style={{ blockSize: 560 }} />
    }
    const host = document.createElement('div')
    host.style.width = '800px'
    document.body.append(host)
    const root: Root = createRoot(host)
    root.render(<Window />)
    try {
      await vi.waitFor(() => expect(host.querySelectorAll('article').length).toBeGreaterThan(0))
      const viewport = host.querySelector<HTMLElement>('.bf-feed__viewport')!
      // Reading at the end; focus on the last row.
      const last = hash(6 * PER_PAGE)
      const end = host.querySelector<HTMLElement>('article')!
      end.focus()
      end.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }))
      await vi.waitFor(() => expect(document.activeElement?.closest<HTMLElement>('[data-key]')?.dataset.key).toBe(last))
      await frames(4)
      // Home, and in the same task, before any frame, the page above arrives: 25 rows go in above.
      ;(document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }))
      flushSync(() => {
        setRows(rows(1, 6 * PER_PAGE))
        setAbove(false)
      })
      const firstLoaded = hash(PER_PAGE + 1)
      await vi.waitFor(() => {
        const focused = document.activeElement as HTMLElement
        expect(focused.closest<HTMLElement>('[data-key]')?.dataset.key).toBe(firstLoaded)
        const box = viewport.getBoundingClientRect()
        expect(focused.getBoundingClientRect().top).toBeGreaterThanOrEqual(box.top - 1)
        expect(focused.getBoundingClientRect().bottom).toBeLessThanOrEqual(box.bottom + 1)
      })
      // And it stays there once the scroll has had every frame it wants.
      await frames(10)
      const focused = document.activeElement as HTMLElement
      expect(focused.closest<HTMLElement>('[data-key]')?.dataset.key).toBe(firstLoaded)
      expect(focused.getBoundingClientRect().top).toBeGreaterThanOrEqual(viewport.getBoundingClientRect().top - 1)
      expect(focused.getBoundingClientRect().bottom).toBeLessThanOrEqual(viewport.getBoundingClientRect().bottom + 1)
    } finally {
      root.unmount()
      host.remove()
    }
  }, 60_000)
})
