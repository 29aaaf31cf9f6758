import { render, screen, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { fakeService, hashOf, PAGE, range, rowKeys, rpc, WALLET, wire } from './arrivalsSupport.js'
import { setup } from './support.js'

// A first page read again at a new block (insertIntoHistory) as the drop-in feed shows it: real
// client, real HTTP (MSW), the provider's head poller at 30 ms.
const service = fakeService()
const server = setupServer(...service.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => service.reset())
afterAll(() => server.close())

// Tall enough for every row of two pages to be rendered (jsdom has no layout).
const tall = { width: 640, height: 4_000 }
function mountFeed() {
  const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
  return render(
    wrapper({
      children: <WalletActivityFeed address={WALLET} chain="eth" limit={PAGE} locale="en-US" timeZone="UTC" initialRect={tall} showFilterBar={false} showExport={false} showNames={false} />,
    }) as never,
  )
}
const at = (day: number, hour: number) => new Date(Date.UTC(2024, 4, day, hour)).toISOString()
const eth = (n: number) => hashOf('eth', n)

// Thirty to forty-five rows rendered in jsdom while the head poller runs every 30 ms, each state waited
// for: a loaded machine took more than the default 30 s.
describe('a first page read again goes into the loaded history', { timeout: 60_000 }, () => {
  it('an entry indexed late lands where the service puts it, below newer rows, and its day has one header', async () => {
    // One transaction a day, May 3 to May 1.
    const a = wire('eth', 30, { block_timestamp: at(3, 12), block_number: '1030' })
    const b = wire('eth', 20, { block_timestamp: at(2, 12), block_number: '1020' })
    const c = wire('eth', 10, { block_timestamp: at(1, 12), block_number: '1010' })
    service.chains.get('eth')!.entries = [a, b, c]
    const { container } = mountFeed()
    await waitFor(() => expect(rowKeys()).toEqual([eth(30), eth(20), eth(10)]))
    await service.following()

    // The indexer catches up on a May 2 transaction, older than the top row: the service lists it second.
    const late = wire('eth', 25, { block_timestamp: at(2, 18), block_number: '1025' })
    service.index('eth', [a, late, b, c])
    await waitFor(() => expect(rowKeys()).toEqual([eth(30), eth(25), eth(20), eth(10)]))
    const headers = [...container.querySelectorAll('.bf-day')].map((d) => d.textContent)
    expect(headers).toHaveLength(3)
    expect(new Set(headers).size).toBe(3)
    const keys = [...container.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key'))
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('a first page that shares no row with the loaded ones (more new than a page) reads the history again: no rows missing in between', async () => {
    // 30…1 loaded (the feed pages on its own while its end is in view).
    mountFeed()
    await waitFor(() => expect(rowKeys()).toHaveLength(30))
    await service.following()

    // 15 new: the first page is 45…36, and the service says there is more (35…31 and the rows loaded before).
    service.arrive('eth', ...range('eth', 45, 31))
    await waitFor(() => expect(rowKeys().slice(0, 20)).toEqual(range('eth', 45, 26).map((e) => e.hash)))
    // Each row once.
    expect(new Set(rowKeys()).size).toBe(rowKeys().length)
  })
})

describe('a wallet with no history yet', { timeout: 60_000 }, () => {
  it('more first transactions than a page (a batch, or a tab hidden a while): every one shows, the later ones on scrolling', async () => {
    service.chains.get('eth')!.entries = []
    mountFeed()
    await waitFor(() => expect(screen.getByText('No activity yet')).toBeTruthy())
    await service.following()

    // 15 at once: the first page read again is 15…6, and the service says there is more.
    service.arrive('eth', ...range('eth', 15, 1))
    await waitFor(() => expect(rowKeys()).toEqual(range('eth', 15, 1).map((e) => e.hash)))
  })
})

describe('a first page read again while the next page is being fetched', { timeout: 60_000 }, () => {
  it('the new row is still there once that page has come', async () => {
    const release = service.holdNextPages()
    mountFeed()
    await waitFor(() => expect(rowKeys()[0]).toBe(eth(30)))
    // The feed asked for the next page on its own (its end is in view); the service has not answered yet.
    await waitFor(() => expect(service.requests.some((r) => r.cursor !== null)).toBe(true))
    expect(screen.getByRole('button', { name: 'Loading more…' })).toBeTruthy()
    await service.following()

    service.arrive('eth', wire('eth', 31))
    await waitFor(() => expect(rowKeys()[0]).toBe(eth(31)))

    release()
    await waitFor(() => expect(rowKeys()).toContain(eth(20)))
    await waitFor(() => expect(rowKeys().slice(0, 3)).toEqual([eth(31), eth(30), eth(29)]))
    // And it stays (no later write takes it away).
    await new Promise((r) => setTimeout(r, 200))
    expect(rowKeys().slice(0, 3)).toEqual([eth(31), eth(30), eth(29)])
  })
})
