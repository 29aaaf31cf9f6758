import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createRef, useState, type ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { axeViolations } from './axe.js'
import { ALICE, WALLET, wireEntry } from './fixtures.js'

const wire = wireEntry

let failFirst = 0
const seen: (string | null)[] = []
const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor')
    seen.push(cursor)
    if (failFirst > 0) {
      failFirst--
      return HttpResponse.json({ message: 'down' }, { status: 503 })
    }
    if (cursor === null) return HttpResponse.json({ cursor: 'p2', page: 0, page_size: 2, result: [wire(1), wire(2)] })
    return HttpResponse.json({ cursor: null, page: 1, page_size: 2, result: [wire(2), wire(3)] })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  failFirst = 0
  seen.splice(0)
})
afterAll(() => server.close())

function wrapper({ children }: { children: ReactNode }) {
  const [{ queryClient, client }] = useState(() => ({
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    client: createClient({ baseUrl: 'https://api.test', retry: false }),
  }))
  return (
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client}>{children}</BlockfeedProvider>
    </QueryClientProvider>
  )
}

describe('WalletActivityFeed (real client over MSW)', () => {
  it('loads the wallet’s history and pages through it (scroll or "Load more"), each hash once', async () => {
    const { container } = render(<WalletActivityFeed address={WALLET} chain="eth" locale="en-US" timeZone="UTC" className="app-feed" />, { wrapper })
    expect(screen.getByRole('feed').getAttribute('aria-busy')).toBe('true')
    // The short first page fills less than the viewport, so the list asks for page 2 by itself.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3), { timeout: 10_000 })
    expect(seen).toEqual([null, 'p2'])
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-setsize'))).toEqual(['3', '3', '3'])
    expect(container.firstElementChild!.className).toBe('bf-root bf-feed app-feed')
    // Each row: the verb, the other party and the signed amount.
    for (const article of screen.getAllByRole('article')) {
      expect(article.querySelector('.bf-row__title')!.textContent).toBe('Sent')
      expect(article.querySelector('.bf-row__subtitle')!.textContent).toMatch(/^To 0x1111…1111·/)
      expect(article.querySelector('.bf-row__trailing')!.textContent).toBe('\u22121 ETH')
    }
    expect(await axeViolations(container)).toEqual([])
  })

  it('an HTTP error shows the error state; "Try again" refetches', async () => {
    failFirst = 1
    render(<WalletActivityFeed address={WALLET} chain="eth" locale="en-US" />, { wrapper })
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert.textContent).toContain('Couldn’t load activity')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0), { timeout: 10_000 })
  })

  it('an invalid address is an error that names it, with nothing sent and no pointless retry', async () => {
    render(<WalletActivityFeed address="0x12345" chain="eth" />, { wrapper })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Invalid parameter `address`')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    await new Promise((r) => setTimeout(r, 50))
    expect(seen).toEqual([])
  })

  it('an invalid chain reaches the error state as the client’s typed error, with nothing sent', async () => {
    render(<WalletActivityFeed address={WALLET} chain="solana" />, { wrapper })
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert.textContent).toContain('Invalid parameter `chain`')
    expect(seen).toEqual([])
  })

  it('with no address yet it sends nothing and shows the loading state', async () => {
    render(<WalletActivityFeed address="" chain="eth" />, { wrapper })
    expect(screen.getByRole('feed').getAttribute('aria-busy')).toBe('true')
    await new Promise((r) => setTimeout(r, 50))
    expect(seen).toEqual([])
  })

  it('pages past a page of only hidden spam without a click, until the cursor ends', async () => {
    const spam = (n: number) => ({ ...wire(n), from_address: ALICE, to_address: WALLET, possible_spam: true })
    server.use(
      http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        seen.push(cursor)
        if (cursor === null) return HttpResponse.json({ cursor: 'p2', page: 0, page_size: 2, result: [wire(1), wire(2)] })
        if (cursor === 'p2') return HttpResponse.json({ cursor: 'p3', page: 1, page_size: 2, result: [spam(3), spam(4)] })
        return HttpResponse.json({ cursor: null, page: 2, page_size: 2, result: [wire(5)] })
      }),
    )
    render(<WalletActivityFeed address={WALLET} chain="eth" locale="en-US" timeZone="UTC" />, { wrapper })
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3), { timeout: 10_000 })
    expect(seen).toEqual([null, 'p2', 'p3'])
    expect(screen.getByText('2 transactions hidden as possible spam')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('forwards its ref (and DOM attributes) to the list’s root element', async () => {
    const ref = createRef<HTMLDivElement>()
    const { container } = render(<WalletActivityFeed ref={ref} address={WALLET} chain="eth" data-testid="activity" />, { wrapper })
    expect(ref.current).toBe(container.firstElementChild)
    expect(ref.current!.getAttribute('data-testid')).toBe('activity')
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0), { timeout: 10_000 })
    expect(ref.current).toBe(container.firstElementChild)
  })
})
