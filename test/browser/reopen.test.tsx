import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createStore, entries } from 'idb-keyval'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import { clearPersistedHistory } from '../../src/core/persist/clear.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'

import.meta.glob('../../src/components/**/*.css', { eager: true })
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const entry = (n: number) => ({
  // Entry 0, new on the second visit, is the one of 7 ETH.
  hash: hash(n), from_address: OTHER, to_address: WALLET, value: n === 0 ? '7000000000000000000' : '1000000000000000', block_timestamp: '2024-03-01T00:00:00.000Z', block_number: String(19_000_000 - n),
})
/** 25 entries a page; the first page gains entry 0 between the two visits. */
let first = Array.from({ length: 25 }, (_, i) => i + 1)
const pages: Record<string, { cursor: string | null; hashes: () => number[] }> = {
  '': { cursor: 'c1', hashes: () => first },
  c1: { cursor: 'c2', hashes: () => Array.from({ length: 25 }, (_, i) => i + 26) },
  c2: { cursor: null, hashes: () => [51] },
}
const requests: { cursor: string | null; rowsOnScreen: number }[] = []

const client = createClient({
  baseUrl: 'https://service.blockfeed.test',
  chain: 'eth',
  retry: false,
  fetch: async (input) => {
    const url = new URL(String(input))
    const cursor = url.searchParams.get('cursor')
    requests.push({ cursor, rowsOnScreen: document.querySelectorAll('article').length })
    const page = pages[cursor ?? '']!
    return Response.json({ page: 1, page_size: 25, cursor: page.cursor, result: page.hashes().map(entry) })
  },
})

beforeAll(() => clearPersistedHistory())
afterAll(() => clearPersistedHistory())

async function visit(run: (host: HTMLElement, queryClient: QueryClient) => Promise<void>) {
  const host = document.createElement('div')
  host.style.width = '800px'
  document.body.append(host)
  const root: Root = createRoot(host)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await act(async () =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client}>
          <WalletActivityFeed address={WALLET} chain="eth" limit={25} locale="en-US" timeZone="UTC" watch={false} showPending={false} showNames={false} style={{ blockSize: 560 }} />
        </BlockfeedProvider>
      </QueryClientProvider>,
    ),
  )
  try {
    await run(host, queryClient)
  } finally {
    act(() => root.unmount())
    host.remove()
  }
}

const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
const stored = async () => (await entries<string, string>(createStore('blockfeed', 'history'))).filter(([k]) => k.startsWith('blockfeed-history-'))

describe('reopening from the last visit, in IndexedDB', () => {
  it('a reload paints the stored rows before any request (0 requests before the first row), then sends exactly 1; at most 2 pages and 1 MB stored', async () => {
    await visit(async (host) => {
      await vi.waitFor(() => expect(host.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 20_000 })
      // Down to the end, a screen at a time: all 3 pages loaded, of which at most the first 2 are kept.
      const viewport = host.querySelector<HTMLElement>('.bf-feed__viewport')!
      await vi.waitFor(
        async () => {
          viewport.scrollTop += 500
          await frames()
          expect(requests.some((r) => r.cursor === 'c2')).toBe(true)
        },
        { timeout: 40_000, interval: 20 },
      )
      await vi.waitFor(async () => expect((await stored())[0]?.[1]).toContain(hash(50)), { timeout: 10_000 })
    })
    const all = await stored()
    expect(all).toHaveLength(1)
    const [[, value]] = all as [[string, string]]
    const storedPages = (JSON.parse(value) as { state: { data: { pages: unknown[] } } }).state.data.pages.length
    console.info(`stored size for one wallet: ${new Blob([value]).size} bytes (${storedPages} pages of 3 loaded)`)
    expect(storedPages).toBeLessThanOrEqual(2)
    expect(new Blob([value]).size).toBeLessThanOrEqual(1_000_000)
    requests.splice(0)
    first = [0, ...first]
    await visit(async (host, queryClient) => {
      await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 20_000 })
      expect(requests[0]!.cursor).toBeNull()
      expect(requests[0]!.rowsOnScreen).toBeGreaterThan(0)
      // The new entry is on top once the first page is read again, and what it read is stored.
      await vi.waitFor(() => expect(host.querySelector('article')?.textContent).toMatch(/\b7\s?ETH/), { timeout: 20_000 })
      await vi.waitFor(async () => expect((await stored())[0]?.[1]).toContain(hash(0)), { timeout: 10_000 })
      // Nothing else is under way or asked for once the revalidation is over: 1 history request in all.
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 })
      expect(requests).toHaveLength(1)
    })
  })
})
