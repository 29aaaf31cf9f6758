import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { entryId } from '../../src/core/history/entryId.js'
import { fakeService, focusedRowKey, hashOf, PAGE, rowKeys, rpc, WALLET, wire } from '../react/arrivalsSupport.js'
import { setup } from '../react/support.js'

// "N new transactions" in the drop-in feed (TransactionList): what is held back while the viewer
// reads further down, and where keyboard focus goes when they ask for it. Real client, real HTTP (MSW).
const service = fakeService()
const server = setupServer(...service.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => service.reset())
afterAll(() => server.close())

// Every loaded row rendered (jsdom has no layout), so a row wrongly held back is seen missing.
const tall = { width: 640, height: 6_000 }
const display = { limit: PAGE, locale: 'en-US', timeZone: 'UTC', initialRect: tall, showFilterBar: false, showExport: false, showNames: false } as const
const key = (chain: string, hash: string) => entryId({ chain, hash })

function mount(props: { chains?: string[] }) {
  const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
  const { container } = render(wrapper({ children: <WalletActivityFeed address={WALLET} chain={props.chains ? undefined : 'eth'} {...props} {...display} /> }) as never)
  return container
}
/** The viewer scrolls down the feed. */
function scrollDown(container: HTMLElement) {
  const viewport = container.querySelector<HTMLElement>('.bf-feed__viewport')!
  Object.defineProperty(viewport, 'scrollTop', { value: 300, writable: true, configurable: true })
  fireEvent.scroll(viewport)
}

describe('pressing "N new transactions" moves keyboard focus to the newest new row', () => {
  it('in a feed of several chains (rows keyed by chain and hash)', async () => {
    const container = mount({ chains: ['eth', 'base'] })
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', hashOf('eth', 30))))
    await service.following('base')
    scrollDown(container)

    service.arrive('base', wire('base', 40))
    fireEvent.click(await screen.findByRole('button', { name: '1 new transaction' }))
    await waitFor(() => expect(rowKeys()[0]).toBe(key('base', hashOf('base', 40))))
    await waitFor(() => expect(focusedRowKey()).toBe(key('base', hashOf('base', 40))))
  })

  it('when the newest new entry is hidden as possible spam: the newest one shown', async () => {
    const container = mount({})
    await waitFor(() => expect(rowKeys()[0]).toBe(hashOf('eth', 30)))
    await service.following()
    scrollDown(container)

    service.arrive('eth', wire('eth', 32, { possible_spam: true }), wire('eth', 31))
    fireEvent.click(await screen.findByRole('button', { name: '1 new transaction' }))
    await waitFor(() => expect(rowKeys()[0]).toBe(hashOf('eth', 31)))
    await waitFor(() => expect(focusedRowKey()).toBe(hashOf('eth', 31)))
  })
})

describe('arrivals are held back by entry, not by hash', () => {
  it('a new row on base with the hash of a loaded eth row is held; the eth row stays in view', async () => {
    const container = mount({ chains: ['eth', 'base'] })
    const shared = hashOf('eth', 29)
    await waitFor(() => expect(rowKeys()).toContain(key('eth', shared)))
    await service.following('base')
    scrollDown(container)
    const before = rowKeys()

    // The same hash on another chain (a replayed legacy transaction): another entry.
    service.arrive('base', wire('base', 40, { hash: shared }))
    const button = await screen.findByRole('button', { name: '1 new transaction' })
    expect(rowKeys()).toEqual(before)
    expect(rowKeys()).toContain(key('eth', shared))

    fireEvent.click(button)
    await waitFor(() => expect(rowKeys()[0]).toBe(key('base', shared)))
    expect(rowKeys()).toContain(key('eth', shared))
  })
})
