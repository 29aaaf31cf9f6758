import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { entryId } from '../../src/core/history/entryId.js'
import { fakeServiceForFile, hashOf, PAGE, rowKeys, rpc, trackerProbe, WALLET, wire } from '../react/arrivalsSupport.js'
import { setup } from '../react/support.js'

// The feed across chains, as a user drives it (real client, real HTTP through MSW): what the
// single-chain feed already did right (dea1d3d) and chains given twice.
const service = fakeServiceForFile()

const display = { limit: PAGE, locale: 'en-US', timeZone: 'UTC', initialRect: { width: 640, height: 6_000 } } as const
const key = (chain: string, n: number) => entryId({ chain, hash: hashOf(chain, n) })

describe('the feed across chains, scrolled down', () => {
  it('the user’s own transaction is not held behind the button when its indexed row arrives (it never leaves the screen)', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { probe, Tracker } = trackerProbe()
    const { container } = render(wrapper({ children: <><WalletActivityFeed address={WALLET} chains={['eth', 'base']} {...display} /><Tracker /></> }) as never)
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 30)))
    await service.following('base')
    const viewport = container.querySelector<HTMLElement>('.bf-feed__viewport')!
    Object.defineProperty(viewport, 'scrollTop', { value: 300, writable: true, configurable: true })
    fireEvent.scroll(viewport)
    // The user sends the transaction the indexer will list next, on Base.
    await act(async () => void (await probe.track!({ hash: hashOf('base', 21) as `0x${string}`, chain: 'base', from: WALLET as `0x${string}` })))
    await screen.findByRole('group', { name: 'Pending on Base' })

    // Indexed, with someone else's transaction after it: that one is held, the user's own is shown.
    service.arrive('base', wire('base', 22), wire('base', 21))
    await screen.findByRole('button', { name: '1 new transaction' })
    expect(rowKeys()).toContain(key('base', 21))
    expect(rowKeys()).not.toContain(key('base', 22))
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Pending on Base' })).toBeNull())
  })
})

describe('one chain given twice in `chains`', () => {
  it("['eth', '0x1']: one chip, one \"Pending on Ethereum\" group, no duplicate keys", async () => {
    const errors = vi.spyOn(console, 'error')
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { probe, Tracker } = trackerProbe()
    render(wrapper({ children: <><WalletActivityFeed address={WALLET} chains={['eth', 'base', '0x1']} {...display} /><Tracker /></> }) as never)
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 30)))
    await act(async () => void (await probe.track!({ hash: `0x${'c'.repeat(64)}`, chain: 'eth', from: WALLET as `0x${string}` })))
    await screen.findByRole('group', { name: 'Pending on Ethereum' })
    await new Promise((r) => setTimeout(r, 100))
    expect(screen.getAllByRole('group', { name: 'Pending on Ethereum' })).toHaveLength(1)
    const chips = screen.getByRole('group', { name: 'Chains' })
    expect(chips.querySelectorAll('button[aria-pressed]')).toHaveLength(2)
    expect(errors.mock.calls.filter((c) => String(c[0]).includes('same key'))).toEqual([])
    errors.mockRestore()
  })
})
