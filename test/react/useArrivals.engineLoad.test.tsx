import { render, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { TransactionList } from '../../src/components/TransactionList/TransactionList.js'
import { useArrivals, type ArrivalsEngine } from '../../src/react/useArrivals.js'
import { useWalletHistory } from '../../src/react/useWalletHistory.js'
import { fakeService, hashOf, PAGE, rowKeys, rpc, WALLET, wire } from './arrivalsSupport.js'
import { setup } from './support.js'

// useArrivals with its engine as a chunk of its own (as the drop-in feed loads it): a chunk that
// does not load (offline, a new deploy) is said and tried again. Real client, real HTTP (MSW).
const service = fakeService()
const server = setupServer(...service.handlers)
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  service.reset()
  unhandled.splice(0)
  process.on('unhandledRejection', onUnhandled)
})
afterEach(() => void process.off('unhandledRejection', onUnhandled))
afterAll(() => server.close())

const params = { address: WALLET, chain: 'eth', limit: PAGE } as const

function Feed({ load }: { load: () => Promise<ArrivalsEngine> }) {
  const history = useWalletHistory(params)
  const live = useArrivals({ load, sources: [params], enabled: history.status === 'success' })
  return <TransactionList transactions={history.transactions} wallet={WALLET} status={history.status} arrivals={live.arrivals} liveStatus={live.status} />
}

describe('useArrivals: the engine chunk fails to load', () => {
  it('the feed says "Not updating — retrying", loads it again, and then new rows arrive', async () => {
    const load = vi
      .fn<() => Promise<ArrivalsEngine>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(async () => {
        // Held until the feed has been seen retrying.
        await retried
        return import('../../src/core/arrivals/firstPageRefresh.js')
      })
    let seenRetrying!: () => void
    const retried = new Promise<void>((r) => (seenRetrying = r))
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { container } = render(wrapper({ children: <Feed load={load} /> }) as never)
    const live = () => container.querySelector('.bf-feed__live')?.textContent

    await waitFor(() => expect(live()).toBe('Not updating — retrying'))
    expect(container.firstElementChild!.getAttribute('data-live')).toBe('retrying')
    seenRetrying()
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(live()).toBe(''))

    await service.following()
    service.arrive('eth', wire('eth', 31))
    await waitFor(() => expect(rowKeys()[0]).toBe(hashOf('eth', 31)))
    expect(unhandled).toEqual([])
  })
})
