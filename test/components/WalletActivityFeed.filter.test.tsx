import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { useState, type ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AUTO_LOAD_PAGES_PER_SCROLL } from '../../src/components/TransactionList/autoLoad.js'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import { walletHistoryFilterToSearchParams, type WalletHistoryFilter } from '../../src/core/history/filter.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { axeViolations } from './axe.js'
import { ALICE, TOKEN, WALLET } from './fixtures.js'

const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const base = (n: number) => ({
  hash: hashOf(n),
  from_address: WALLET,
  to_address: ALICE,
  value: '1000000000000000000',
  receipt_status: '1',
  block_timestamp: new Date(Date.parse('2024-05-01T12:00:00Z') - n * 3_600_000).toISOString(),
  block_number: String(100_000 - n),
})
/** A USDC transfer of 12.5 from Alice to the wallet. */
const usdcIn = (n: number) => ({
  ...base(n),
  from_address: ALICE,
  to_address: TOKEN,
  value: '0',
  category: 'token receive',
  erc20_transfer: [{ address: TOKEN, token_symbol: 'USDC', token_name: 'USD Coin', token_decimals: '6', from_address: ALICE, to_address: WALLET, value: '12500000' }],
})

/** Pages of the wallet: key is the cursor ('' = first). */
let pages: Record<string, { cursor: string | null; result: unknown[] }> = {}
const seen: URLSearchParams[] = []
const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request }) => {
    const params = new URL(request.url).searchParams
    seen.push(params)
    const page = pages[params.get('cursor') ?? '']
    if (!page) return HttpResponse.json({ message: 'no such page' }, { status: 404 })
    return HttpResponse.json({ page: 0, page_size: page.result.length, cursor: page.cursor, result: page.result })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  seen.splice(0)
  pages = {}
  vi.restoreAllMocks()
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

const feedProps = { address: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const

/** `count` pages of two ETH sends each, the last one ending the history. */
function sends(count: number, extra: Record<number, unknown[]> = {}) {
  for (let p = 0; p < count; p++) {
    pages[p === 0 ? '' : `p${p}`] = { cursor: p + 1 < count ? `p${p + 1}` : null, result: [base(p * 2 + 1), base(p * 2 + 2), ...(extra[p] ?? [])] }
  }
}

describe('WalletActivityFeed with a filter', () => {
  it('the filter bar narrows the loaded rows; the note says how many were searched', async () => {
    sends(2, { 1: [usdcIn(50)] })
    const { container } = render(<WalletActivityFeed {...feedProps} />, { wrapper })
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5), { timeout: 10_000 })
    await userEvent.click(screen.getByRole('button', { name: 'Received' }))
    expect(screen.getByRole('button', { name: 'Received' }).getAttribute('aria-pressed')).toBe('true')
    const rows = screen.getAllByRole('article')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.textContent).toContain('12.5 USDC')
    expect(screen.getByText(/1 match in 5 loaded transactions — the whole history/)).toBeTruthy()
    // Sent only: the four ETH sends.
    await userEvent.click(screen.getByRole('button', { name: 'Received' }))
    await userEvent.click(screen.getByRole('button', { name: 'Sent' }))
    expect(screen.getAllByRole('article')).toHaveLength(4)
    expect(await axeViolations(container)).toEqual([])
  })

  it('pages on its own while no row matches, stops at the per-scroll cap with "No matches in the N loaded", and Load more goes on', async () => {
    sends(10, { 8: [usdcIn(90)] })
    render(<WalletActivityFeed {...feedProps} defaultFilter={{ directions: ['in'] }} />, { wrapper })
    await waitFor(() => expect(screen.getByText(`No matches in the ${2 * (1 + AUTO_LOAD_PAGES_PER_SCROLL)} loaded`)).toBeTruthy(), { timeout: 10_000 })
    expect(seen).toHaveLength(1 + AUTO_LOAD_PAGES_PER_SCROLL)
    expect(screen.queryAllByRole('article')).toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    // The USDC receipt is on page 9: Load more lets the feed page on until it is on screen.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1), { timeout: 10_000 })
    expect(screen.getAllByRole('article')[0]!.textContent).toContain('12.5 USDC')
    // The one match does not fill the screen, so paging goes on to the end of the history.
    await screen.findByText('1 match in 21 loaded transactions — the whole history', {}, { timeout: 10_000 })
    expect(seen).toHaveLength(10)
  })

  it('dates go to the service as from_date / to_date; a controlled filter is the URL’s', async () => {
    sends(1)
    const filter: WalletHistoryFilter = { fromDate: '2024-03-01', toDate: '2024-03-31T23:59:59Z', kinds: ['erc20'] }
    const changes: WalletHistoryFilter[] = []
    render(<WalletActivityFeed {...feedProps} filter={filter} onFilterChange={(f) => changes.push(f)} />, { wrapper })
    await waitFor(() => expect(seen.length).toBeGreaterThan(0), { timeout: 10_000 })
    expect(seen[0]!.get('from_date')).toBe('2024-03-01T00:00:00.000Z')
    expect(seen[0]!.get('to_date')).toBe('2024-03-31T23:59:59.000Z')
    expect(walletHistoryFilterToSearchParams(filter).toString()).toBe('kind=erc20&from=2024-03-01&to=2024-03-31T23%3A59%3A59Z')
    await screen.findByText('No matches', {}, { timeout: 10_000 })
    // Controlled: a click reports the next filter; the bar shows what the parent gives.
    await userEvent.click(screen.getByRole('button', { name: 'NFTs' }))
    expect(changes.at(-1)).toEqual({ ...filter, kinds: ['erc20', 'nft'] })
    expect(screen.getByRole('button', { name: 'NFTs' }).getAttribute('aria-pressed')).toBe('false')
  })

  it('a filter that is not valid is shown as the error it is, no crash and no request', async () => {
    sends(1)
    render(<WalletActivityFeed {...feedProps} showFilterBar={false} filter={{ tokens: ['usdc'] }} />, { wrapper })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('filter.tokens[0]')
    expect(seen).toHaveLength(0)
  })

  it('dates the filter cannot use (From after To, or unreadable) are the filter’s error: named, no request, no "Try again" that cannot help', async () => {
    sends(1)
    const view = render(<WalletActivityFeed {...feedProps} showFilterBar={false} filter={{ fromDate: '2024-05-01', toDate: '2024-03-01T23:59:59Z' }} />, { wrapper })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('filter.fromDate')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    view.rerender(<WalletActivityFeed {...feedProps} showFilterBar={false} filter={{ toDate: 'next tuesday' }} />)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('filter.toDate'))
    expect(seen).toHaveLength(0)
  })

  it('"Export CSV" saves the whole history of the feed’s wallet, whatever the filter shows', async () => {
    sends(2, { 1: [usdcIn(50)] })
    const saved: Blob[] = []
    Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (saved.push(b), 'blob:history')), revokeObjectURL: vi.fn() })
    render(<WalletActivityFeed {...feedProps} defaultFilter={{ directions: ['in'] }} />, { wrapper })
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1), { timeout: 10_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await screen.findByText(/Saved \d+ rows/, {}, { timeout: 10_000 })
    expect(saved).toHaveLength(1)
    const text = await saved[0]!.text()
    const lines = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/)
    // Header + five transactions, one transfer each.
    expect(lines).toHaveLength(6)
    expect(text).toContain('12.5')
    expect(text).toContain(hashOf(50))
  })

  it('showFilterBar and showExport false leave the bare list', async () => {
    sends(1)
    render(<WalletActivityFeed {...feedProps} showFilterBar={false} showExport={false} />, { wrapper })
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2), { timeout: 10_000 })
    expect(screen.queryByRole('group', { name: 'Filter activity' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull()
    expect(within(document.body).queryByRole('searchbox')).toBeNull()
  })
})
