import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import type { HistoryStorage } from '../../src/core/persist/options.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { ALICE, hashOf, WALLET, wire } from './arrivalsSupport.js'

// Reopening the drop-in feed while the reader is scrolled down (a browser restores the scroll position on
// a reload): entries newer than the stored top wait behind "N new transactions", the rows in view stay.
// Runs in the dom and lowest-dom projects (the lowest supported TanStack Query).
let first = Array.from({ length: 10 }, (_, i) => wire('eth', 30 - i, { from_address: WALLET, to_address: ALICE }))
let gate: Promise<void> | undefined
const requests: { cursor: string | null }[] = []

const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', async ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor')
    requests.push({ cursor })
    if (gate) await gate
    return HttpResponse.json({ cursor: null, page: 0, page_size: 10, result: cursor === null ? first : [] })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const map = new Map<string, string>()
const storage: HistoryStorage = {
  getItem: async (key) => map.get(key) ?? null,
  setItem: async (key, value) => void map.set(key, value),
  removeItem: async (key) => void map.delete(key),
}
const client = createClient({ baseUrl: 'https://api.test', retry: false })
const shown = () => screen.queryAllByRole('article').map((a) => a.closest('[data-key]')!.getAttribute('data-key'))

function visit(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} persist={{ storage }}>{children}</BlockfeedProvider>
    </QueryClientProvider>,
  )
}
const feed = <WalletActivityFeed address={WALLET} chain="eth" watch={false} showPending={false} showNames={false} locale="en-US" timeZone="UTC" />

describe('reopening while scrolled down', () => {
  it('entries newer than the stored top wait behind "N new transactions"; the rows in view do not move', async () => {
    const one = visit(feed)
    await waitFor(() => expect(shown()[0]).toBe(hashOf('eth', 30)))
    await waitFor(() => expect(map.size).toBe(1))
    one.unmount()

    // The next visit: two entries are newer than the stored top; their page is held until the reader has scrolled.
    first = [wire('eth', 32, { from_address: WALLET, to_address: ALICE }), wire('eth', 31, { from_address: WALLET, to_address: ALICE }), ...first]
    let open!: () => void
    gate = new Promise((r) => (open = r))
    requests.splice(0)
    const { container } = visit(feed)
    await waitFor(() => expect(shown()[0]).toBe(hashOf('eth', 30)))
    await waitFor(() => expect(requests).toHaveLength(1))
    const viewport = container.querySelector<HTMLElement>('.bf-feed__viewport')!
    Object.defineProperty(viewport, 'scrollTop', { value: 300, writable: true, configurable: true })
    fireEvent.scroll(viewport)
    const placed = () => [...container.querySelectorAll<HTMLElement>('[data-key]')].map((e) => `${e.dataset['key']}@${e.style.transform}`)
    const before = placed()

    open()
    gate = undefined
    const button = await screen.findByRole('button', { name: '2 new transactions' })
    expect(placed()).toEqual(before)
    expect(container.querySelector(`[data-key="${hashOf('eth', 32)}"]`)).toBeNull()
    expect(viewport.scrollTop).toBe(300)

    fireEvent.click(button)
    await waitFor(() => expect(shown().slice(0, 3)).toEqual([hashOf('eth', 32), hashOf('eth', 31), hashOf('eth', 30)]))
    expect(requests).toHaveLength(1)
  })
})
