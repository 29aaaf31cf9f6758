import { act, render, screen, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { fakeService, hashOf, MINED, PAGE, rowKeys, rpc, trackerProbe, WALLET } from '../react/arrivalsSupport.js'
import { setup } from '../react/support.js'

// The Pending group waits for the indexer to list a mined transaction by reading the first page
// again: quickly at first, then less and less often. Real client, real HTTP (MSW), fake clock.
const service = fakeService()
const server = setupServer(...service.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  service.reset()
  // The clock also moves with real time, so requests and renders go on between the steps below.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => void vi.useRealTimers())
afterAll(() => server.close())

describe('the Pending group’s wait for the indexer', () => {
  it('a confirmed transaction the indexer does not list yet: the first page is read again after about 2, 4, 8 s…, not every 2 s', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 1_000 })
    const { probe, Tracker } = trackerProbe()
    const feed = <WalletActivityFeed address={WALLET} chain="eth" limit={PAGE} watch={false} showFilterBar={false} showExport={false} showNames={false} />
    render(wrapper({ children: <>{feed}<Tracker /></> }) as never)
    await waitFor(() => expect(rowKeys()[0]).toBe(hashOf('eth', 30)))
    await waitFor(() => expect(probe.track).toBeDefined())
    const start = service.requests.length
    await act(async () => void (await probe.track!({ hash: MINED as `0x${string}`, chain: 'eth', from: WALLET as `0x${string}` })))
    const group = await screen.findByRole('group', { name: 'Pending' })
    await waitFor(() => expect(group.querySelector('[data-status="confirmed"]')).not.toBeNull())

    const firstPageReads = () => service.requests.slice(start).filter((r) => r.cursor === null).map((r) => r.at)
    // The first read at once (its code is a chunk of its own, loaded with it).
    await waitFor(() => expect(firstPageReads()).toHaveLength(1))
    // Then 29 s of waiting, in small steps.
    for (let i = 0; i < 290; i++) await act(() => vi.advanceTimersByTimeAsync(100))
    const reads = firstPageReads()
    const gaps = reads.slice(1).map((t, i) => (t - reads[i]!) / 1_000)
    // At once, then after about 2, 4 and 8 s (0, 2, 6, 14): four reads, where one every 2 s would be 15.
    expect(reads).toHaveLength(4)
    expect(gaps).toEqual([expect.closeTo(2, 0), expect.closeTo(4, 0), expect.closeTo(8, 0)])
    // Still shown as waiting: the indexer never listed it.
    expect(group.querySelector('[data-status="confirmed"]')).not.toBeNull()
  })
})
