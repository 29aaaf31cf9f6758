import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { getAddress } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { entryId } from '../../src/core/history/entryId.js'
import { useTrackTransaction } from '../../src/react/useTrackTransaction.js'
import { fakeServiceForFile, hashOf, PAGE, rowKeys, rpc, WALLET, wire } from '../react/arrivalsSupport.js'
import { setup } from '../react/support.js'

// What a review of the feed across chains found, as a user drives it: real client, real HTTP (MSW).
const service = fakeServiceForFile()

// Every loaded row rendered (jsdom has no layout), so a row wrongly held back is seen missing.
const tall = { width: 640, height: 6_000 }
const display = { limit: PAGE, locale: 'en-US', timeZone: 'UTC', initialRect: tall } as const
const key = (chain: string, n: number) => entryId({ chain, hash: hashOf(chain, n) })

describe('one wallet given twice in `addresses`', () => {
  it('in two letter cases: one "Pending on Ethereum" group, no duplicate keys, one first-page read per new block', async () => {
    const errors = vi.spyOn(console, 'error')
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    let track: ReturnType<typeof useTrackTransaction> | undefined
    function Tracker() {
      track = useTrackTransaction()
      return null
    }
    render(wrapper({ children: <><WalletActivityFeed addresses={[getAddress(WALLET), WALLET, getAddress(WALLET)]} chains={['eth']} {...display} /><Tracker /></> }) as never)
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 30)))
    // Every row is the wallet's own: paid out, not a transfer between two of "its" wallets.
    expect(screen.getAllByRole('article')[0]!.dataset['direction']).toBe('out')
    await act(async () => void (await track!({ hash: `0x${'c'.repeat(64)}`, chain: 'eth', from: WALLET as `0x${string}` })))
    // The Pending group is a chunk of its own: under a loaded run it can take seconds to arrive.
    await screen.findByRole('group', { name: 'Pending on Ethereum' }, { timeout: 10_000 })
    await service.following()
    service.arrive('eth', wire('eth', 31))
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 31)))
    await new Promise((r) => setTimeout(r, 200))

    expect(screen.getAllByRole('group', { name: 'Pending on Ethereum' })).toHaveLength(1)
    // The wallet's history read once at first, and once for the new block.
    expect(service.firstPageReads('eth')).toBe(2)
    expect(errors.mock.calls.filter((c) => String(c[0]).includes('same key'))).toEqual([])
    errors.mockRestore()
  })
})

describe('entries at the same time on several chains', () => {
  it('follow the order of `chains`, newest first, also for a new arrival at the same time as the top row', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    // Entry n of eth and of base share their time (12:00 + n minutes).
    const feed = (chains: string[]) => wrapper({ children: <WalletActivityFeed address={WALLET} chains={chains} {...display} limit={25} /> }) as never
    const { rerender } = render(feed(['eth', 'base']))
    await waitFor(() => expect(rowKeys()).toContain(key('base', 19)))
    const ties = () => rowKeys().filter((k) => [key('eth', 20), key('base', 20), key('eth', 19), key('base', 19)].includes(k))
    expect(ties()).toEqual([key('eth', 20), key('base', 20), key('eth', 19), key('base', 19)])
    await service.following('base')
    service.arrive('base', wire('base', 30))
    await waitFor(() => expect(rowKeys()).toContain(key('base', 30)))
    expect(rowKeys().slice(0, 2)).toEqual([key('eth', 30), key('base', 30)])

    rerender(feed(['base', 'eth']))
    await waitFor(() => expect(rowKeys().slice(0, 2)).toEqual([key('base', 30), key('eth', 30)]))
    expect(ties()).toEqual([key('base', 20), key('eth', 20), key('base', 19), key('eth', 19)])
  })
})

describe('scrolled down, then back to the top by scrolling', () => {
  it('an arrival older than the top row, held behind the button, takes its place', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { container } = render(wrapper({ children: <WalletActivityFeed address={WALLET} chains={['eth', 'base']} {...display} /> }) as never)
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 30)))
    await service.following('base')
    const viewport = container.querySelector<HTMLElement>('.bf-feed__viewport')!
    Object.defineProperty(viewport, 'scrollTop', { value: 300, writable: true, configurable: true })
    fireEvent.scroll(viewport)

    // Base's newest is older than eth's top row: 12:25 against 12:30.
    service.arrive('base', wire('base', 25))
    await screen.findByRole('button', { name: '1 new transaction' })
    expect(rowKeys()).not.toContain(key('base', 25))

    viewport.scrollTop = 0
    fireEvent.scroll(viewport)
    await waitFor(() => expect(rowKeys()).toContain(key('base', 25)))
    expect(rowKeys().indexOf(key('base', 25))).toBe(rowKeys().indexOf(key('eth', 25)) + 1)
    expect(screen.queryByRole('button', { name: /new transaction/ })).toBeNull()
  })
})
