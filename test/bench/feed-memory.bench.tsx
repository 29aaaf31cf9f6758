/**
 * Memory at depth in real Chromium (run by `npm run bench`, not by `npm test`; issue 34): the drop-in
 * WalletActivityFeed on blockfeed/testing's huge wallet (10,000 entries, 100 a page), scrolled down
 * to the end. JS heap after a collection (gc() is exposed by the bench config) once 10,000 entries
 * were scrolled through ÷ once 1,000 were: with the feed's window of pages, and with every page
 * kept (`query={{ maxPages: undefined }}`, what the feed did before the window); and the feed across
 * chains (`chains`: eth, where the wallet's 10,000 entries are, and polygon, where it has none), whose
 * merge keeps its own window of merged pages.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { commands } from 'vitest/browser'
import { it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed'
import { createClient } from '../../src/core/client'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider'
import { createTestingFetch, testingWallets, TESTING_BASE_URL, TESTING_RPC_URL } from '../../src/exports/testing'

import.meta.glob('../../src/components/**/*.css', { eager: true })

const frames = (n = 2) => new Promise<void>((resolve) => {
  const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)))
  step(n)
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    ;(globalThis as { gc?: () => void }).gc?.()
    await sleep(50)
  }
  return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize
}

/** Scrolls the feed down until `entries` have been received (each history page counted as it is served). */
async function scrollUntil(host: HTMLElement, received: () => number, entries: number) {
  const deadline = performance.now() + 120_000
  while (received() < entries) {
    if (performance.now() > deadline) throw new Error(`stuck at ${received()} entries`)
    // Read each time: the feed across chains renders its list once its first page is in (a new viewport).
    const viewport = host.querySelector<HTMLElement>('.bf-feed__viewport')!
    viewport.scrollTop = viewport.scrollHeight
    await frames()
    // What a reader does at the end when the feed does not load on its own.
    const more = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Load more' && !b.disabled)
    if (more && received() % 100 === 0 && viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - 2) more.click()
    await frames()
    await sleep(5)
  }
  // The last page rendered.
  await sleep(300)
}

async function measure(keepAll: boolean, chains?: string[]) {
  let received = 0
  const testing = createTestingFetch()
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await testing(input, init)
    if (String(input instanceof Request ? input.url : input).includes('/history')) {
      const body = (await response.clone().json()) as { result: unknown[] }
      received += body.result.length
    }
    return response
  }
  const client = createClient({ baseUrl: TESTING_BASE_URL, rpc: { url: TESTING_RPC_URL }, chain: 'eth', fetch })
  const host = document.createElement('div')
  host.style.cssText = 'width:720px'
  document.body.append(host)
  const root = createRoot(host)
  const queryClient = new QueryClient()
  root.render(
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} persist={false}>
        <WalletActivityFeed
          address={testingWallets.huge}
          chain="eth"
          chains={chains}
          locale="en-US"
          timeZone="UTC"
          watch={false}
          showPending={false}
          showNames={false}
          style={{ blockSize: 640 }}
          query={keepAll ? { maxPages: undefined } : undefined}
        />
      </BlockfeedProvider>
    </QueryClientProvider>,
  )
  while (!host.querySelector('.bf-feed__viewport')) await sleep(20)
  await scrollUntil(host, () => received, 1_000)
  const at1000 = await heapAfterGc()
  await scrollUntil(host, () => received, 10_000)
  const at10000 = await heapAfterGc()
  root.unmount()
  host.remove()
  queryClient.clear()
  return { at1000, at10000, ratio: at10000 / at1000, received }
}

it('JS heap after scrolling 10,000 entries ÷ after 1,000 (the feed, huge wallet)', async () => {
  const keptAll = await measure(true)
  await heapAfterGc()
  const windowed = await measure(false)
  await heapAfterGc()
  const merged = await measure(false, ['eth', 'polygon'])
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`
  const result = { windowed, keptAll, merged, gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function' }
  console.info(
    // The page's own heap (React in development, the test runner) is most of the 1,000-entry figure: the growth says more.
    `heap 10,000 ÷ 1,000: window ${windowed.ratio.toFixed(2)} (${mb(windowed.at1000)} → ${mb(windowed.at10000)}, +${mb(windowed.at10000 - windowed.at1000)}); ` +
      `every page kept ${keptAll.ratio.toFixed(2)} (${mb(keptAll.at1000)} → ${mb(keptAll.at10000)}, +${mb(keptAll.at10000 - keptAll.at1000)}); ` +
      `across chains ${merged.ratio.toFixed(2)} (${mb(merged.at1000)} → ${mb(merged.at10000)}, +${mb(merged.at10000 - merged.at1000)})`,
  )
  await commands.writeFile('test-results/bench/feed-memory.json', JSON.stringify(result, null, 2))
}, 600_000)
