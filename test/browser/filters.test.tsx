import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { parse } from 'csv-parse/browser/esm/sync'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { formatUnits } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { tokenAddress, walletTransactions, wallets } from '../../src/testing/index.js'
import { serveWalletHistory } from '../../src/testing/page.js'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'

import.meta.glob('../../src/components/**/*.css', { eager: true })
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  act(() => root?.unmount())
  host?.remove()
  vi.restoreAllMocks()
})

const USDC = tokenAddress('eth', 'usdc').toLowerCase()
const WALLET = wallets.rich

/** The fixture service over a fetch mock: every history request is recorded. */
function fixtureClient(requests: URL[]) {
  return createClient({
    baseUrl: 'https://service.blockfeed.test',
    chain: 'eth',
    retry: false,
    fetch: async (input) => {
      const url = new URL(String(input))
      requests.push(url)
      const address = url.pathname.split('/').at(-2)!
      const r = serveWalletHistory(address, url.searchParams)
      return new Response(r.body, { status: r.status, headers: r.headers })
    },
  })
}

// The answer, read from the raw fixture rather than through the filter under test.
const history = walletTransactions('rich', 'eth')
const inMarch = (ms: number) => new Date(ms).toISOString().startsWith('2024-03')
type RawTransfer = { address: string; to_address: string; value: string; token_decimals: string }
const receivedUsdc = (raw: Record<string, unknown>) =>
  // Some fixture entries use the plural key (drift the schema accepts).
  ([...((raw.erc20_transfer ?? []) as RawTransfer[]), ...((raw.erc20_transfers ?? []) as RawTransfer[])]).filter((t) => t.address.toLowerCase() === USDC && t.to_address.toLowerCase() === WALLET)
const expected = history.filter((t) => inMarch(t.timeMs) && receivedUsdc(t.raw).length > 0)

describe('A user in Chromium: "received USDC in March", then the whole history as a file', () => {
  it('filters with the bar, then exports every transaction with exact amounts', async () => {
    expect(expected.length).toBeGreaterThan(0)
    const requests: URL[] = []
    const saved: Blob[] = []
    const realCreate = URL.createObjectURL.bind(URL)
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved.push(b as Blob)
      return realCreate(b)
    })
    // The download itself is the browser's business; the file is what was handed to it.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})

    host = document.createElement('div')
    host.style.width = '800px'
    document.body.append(host)
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const client = fixtureClient(requests)
    root = createRoot(host)
    await act(async () =>
      root!.render(
        <QueryClientProvider client={queryClient}>
          <BlockfeedProvider client={client} persist={false}>
            <WalletActivityFeed address={WALLET} chain="eth" limit={100} locale="en-US" timeZone="UTC" />
          </BlockfeedProvider>
        </QueryClientProvider>,
      ),
    )
    await vi.waitFor(() => expect(host!.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 20_000 })

    const button = (name: string) => [...host!.querySelectorAll('button')].find((b) => b.textContent === name)!
    await userEvent.click(button('Received'))
    await userEvent.click(button('More filters'))
    // The menu is a chunk of its own, loaded as the pointer reaches its button.
    const from = await vi.waitFor(() => {
      const box = host!.querySelector<HTMLInputElement>('input[type="date"]')
      if (!box) throw new Error('the More filters menu has not loaded yet')
      return box
    })
    await userEvent.fill(from, '2024-03-01')
    await userEvent.fill(host.querySelectorAll<HTMLInputElement>('input[type="date"]')[1]!, '2024-03-31')
    // The menu offers the tokens of what is loaded: March's page has to arrive first.
    const usdcBox = await vi.waitFor(() => [...host!.querySelectorAll('label')].find((l) => l.title === USDC)!.querySelector('input')!, { timeout: 20_000 })
    await userEvent.click(usdcBox)
    await userEvent.keyboard('{Escape}')

    // The dates went to the service: the last request asks for March only.
    await vi.waitFor(() => expect(requests.at(-1)!.searchParams.get('from_date')).toBe('2024-03-01T00:00:00.000Z'), { timeout: 20_000 })
    expect(requests.at(-1)!.searchParams.get('to_date')).toBe('2024-03-31T23:59:59.000Z')
    await vi.waitFor(
      () => expect([...host!.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key')).filter((k) => !k!.startsWith('day-'))).toEqual(expected.map((t) => t.raw.hash)),
      { timeout: 20_000 },
    )
    for (const row of host.querySelectorAll('article')) expect(row.textContent).toContain('USDC')
    expect(host.querySelector('.bf-feed__note')!.textContent).toMatch(/^1 match in \d+ loaded transactions — the whole history$/)

    // Export: the whole history (not the filter), every page once.
    const before = requests.length
    await userEvent.click(button('Export CSV'))
    await vi.waitFor(() => expect(host!.textContent).toMatch(/Saved [\d,]+ rows/), { timeout: 30_000 })
    const exportRequests = requests.slice(before)
    expect(exportRequests.every((u) => !u.searchParams.has('from_date'))).toBe(true)
    expect(exportRequests).toHaveLength(Math.ceil(history.length / 100))

    expect(saved).toHaveLength(1)
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer())
    // A UTF-8 byte-order mark, so spreadsheets read names and symbols right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parse(new TextDecoder().decode(bytes.slice(3)), { columns: true }) as Record<string, string>[]
    expect(new Set(rows.map((r) => r.hash))).toEqual(new Set(history.map((t) => t.raw.hash)))
    for (const t of expected) {
      const want = receivedUsdc(t.raw)
      const got = rows.filter((r) => r.hash === t.raw.hash && r.token_address?.toLowerCase() === USDC && r.direction === 'in')
      expect(got.map((r) => [r.amount, r.amount_decimal])).toEqual(want.map((w) => [w.value, formatUnits(BigInt(w.value), Number(w.token_decimals))]))
      expect(got[0]!.timestamp!.startsWith('2024-03')).toBe(true)
    }
  })
})
