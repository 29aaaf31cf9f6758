import { render, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MergedActivityFeed } from '../../src/components/WalletActivityFeed/MergedActivityFeed.js'
import { entryId } from '../../src/core/history/entryId.js'
import { fakeService, hashOf, PAGE, rowKeys, rpc, WALLET, wire } from '../react/arrivalsSupport.js'
import { setup } from '../react/support.js'

// New arrivals are for newest-first feeds: an oldest-first merged feed, whatever the case of its
// `order`, follows no head and reads no first page again. Real client, real HTTP (MSW).
const service = fakeService()
const server = setupServer(...service.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => service.reset())
afterAll(() => server.close())

describe('the merged feed, oldest first', () => {
  it("order 'asc' (lower case, as the history parameters accept it): no head polls, no first page read again, no live status", async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { container } = render(
      wrapper({ children: <MergedActivityFeed address={WALLET} chains={['eth', 'base']} limit={PAGE} order={'asc' as 'ASC'} locale="en-US" timeZone="UTC" /> }) as never,
    )
    // Oldest first: entry 1 of eth (the chains' order breaks the tie with base's entry 1).
    await waitFor(() => expect(rowKeys()[0]).toBe(entryId({ chain: 'eth', hash: hashOf('eth', 1) })))
    const firstPages = service.firstPageReads('eth') + service.firstPageReads('base')

    service.arrive('eth', wire('eth', 31))
    service.arrive('base', wire('base', 21))
    await new Promise((r) => setTimeout(r, 300))
    expect(service.polls).toEqual([])
    expect(service.firstPageReads('eth') + service.firstPageReads('base')).toBe(firstPages)
    expect(container.firstElementChild!.getAttribute('data-live')).toBe('off')
    expect(container.querySelector('.bf-feed__live')).toBeNull()
  })
})
