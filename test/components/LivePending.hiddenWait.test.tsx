import { act, render, screen, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { fakeService, hashOf, MINED, PAGE, range, rowKeys, rpc, WALLET, trackerProbe, wire } from '../react/arrivalsSupport.js'
import { setup } from '../react/support.js'

// With watch={false}, a mined transaction the indexer does not list yet is waited for by reading the
// first page again for two minutes. Real client, real HTTP (MSW), fake clock.
const service = fakeService()
const server = setupServer(...service.handlers)
const setVisibility = (state: 'hidden' | 'visible') => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  act(() => void document.dispatchEvent(new Event('visibilitychange')))
}
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  service.reset()
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  localStorage.clear()
})
afterAll(() => server.close())

describe('the Pending group’s two-minute wait for the indexer counts only while the tab is shown', () => {
  it('hidden for five minutes, then shown: the first page is read again and the indexed row takes the pending row’s place', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 1_000 })
    const { probe, Tracker } = trackerProbe()
    const feed = <WalletActivityFeed address={WALLET} chain="eth" limit={PAGE} watch={false} showFilterBar={false} showExport={false} showNames={false} />
    render(wrapper({ children: <>{feed}<Tracker /></> }) as never)
    await waitFor(() => expect(rowKeys()[0]).toBe(hashOf('eth', 30)))
    await waitFor(() => expect(probe.track).toBeDefined())
    await act(async () => void (await probe.track!({ hash: MINED as `0x${string}`, chain: 'eth', from: WALLET as `0x${string}` })))
    const group = await screen.findByRole('group', { name: 'Pending' })
    await waitFor(() => expect(group.querySelector('[data-status="confirmed"]')).not.toBeNull())
    const reads = () => service.firstPageReads()
    await waitFor(() => expect(reads()).toBeGreaterThan(1))

    // The user looks at another tab for five minutes; meanwhile the indexer lists the transaction.
    setVisibility('hidden')
    const atHide = reads()
    for (let i = 0; i < 300; i++) await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(reads()).toBe(atHide) // nothing is read while hidden
    service.index('eth', [wire('eth', 31, { hash: MINED }), ...range('eth', 30, 1)])
    const before = reads()

    // Back: the wait goes on (it had not counted the hidden time), and the row comes.
    setVisibility('visible')
    for (let i = 0; i < 200 && rowKeys()[0] !== MINED; i++) await act(() => vi.advanceTimersByTimeAsync(100))
    expect(reads()).toBeGreaterThan(before)
    expect(rowKeys()[0]).toBe(MINED)
    expect(screen.queryByRole('group', { name: 'Pending' })?.querySelector('.bf-pending__item') ?? null).toBeNull()
  })
})
