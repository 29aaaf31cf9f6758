import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LivePending } from '../../src/components/WalletActivityFeed/LivePending.js'
import { createClient } from '../../src/core/client.js'
import { localStorageAdapter } from '../../src/core/live/storage.js'
import { createTransactionTracker } from '../../src/core/live/tracker.js'
import { liveRecords, LIVE_WALLET } from '../../stories/feed/liveFixtures.js'
import { setup } from '../react/support.js'

const KEY = 'blockfeed:tracked-transactions:v1'
const offline: typeof fetch = async () => {
  throw new TypeError('offline in this test')
}
const now = Date.now()
// Newest first in the group: replaced, then dropped.
const replaced = { ...liveRecords.replaced, trackedAt: now, updatedAt: now }
const dropped = { ...liveRecords.dropped, trackedAt: now - 1_000, updatedAt: now - 1_000 }

beforeEach(() => localStorage.setItem(KEY, JSON.stringify({ version: 1, records: [replaced, dropped] })))
afterEach(() => localStorage.clear())

describe('LivePending: dismissing a replaced or dropped transaction', () => {
  it('removes its row and its stored record (gone after a reload and in another tab), focus going to the next row, then staying in the group', async () => {
    // Another tab of the app, which has the same records.
    const otherTab = createTransactionTracker({ client: createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: 'http://127.0.0.1:1' }, chain: 'eth', retry: false, fetch: offline }), storage: localStorageAdapter() })
    expect(otherTab.list()).toHaveLength(2)

    const { wrapper } = setup({ rpc: { url: 'http://127.0.0.1:1' }, chain: 'eth', fetch: offline })
    const view = render(wrapper({ children: <LivePending params={{ address: LIVE_WALLET, chain: 'eth' }} loaded={[]} ready /> }) as never)
    const group = await screen.findByRole('group', { name: 'Pending' })
    const rows = within(group).getAllByRole('listitem')
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['replaced', 'dropped'])

    const first = within(rows[0]!).getByRole('button', { name: /^Dismiss / })
    first.focus()
    fireEvent.click(first)
    expect(within(group).getAllByRole('listitem').map((r) => r.getAttribute('data-status'))).toEqual(['dropped'])
    // Keyboard focus on the row that took its place, not on the page.
    expect(document.activeElement).toBe(within(group).getByRole('listitem'))
    expect(localStorage.getItem(KEY)).not.toContain(replaced.hash)

    // The other tab hears of it (the storage event) and lets it go; its next write does not bring it back.
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: KEY })))
    expect(otherTab.list().map((r) => r.hash)).toEqual([dropped.hash])
    // (another wallet's, so that this group's rows stay the same)
    await otherTab.track({ hash: `0x${'e5'.repeat(32)}`, chain: 'eth', from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    expect(localStorage.getItem(KEY)).not.toContain(replaced.hash)
    otherTab.stop()

    // The last one: the group is empty and focus stays where it was, not on the page's top.
    const last = screen.getByRole('button', { name: /^Dismiss / })
    last.focus()
    fireEvent.click(last)
    expect(screen.queryByRole('listitem')).toBeNull()
    expect(document.activeElement).not.toBe(document.body)
    expect(localStorage.getItem(KEY)).not.toContain(dropped.hash)

    // A reload: neither comes back.
    view.unmount()
    render(wrapper({ children: <LivePending params={{ address: LIVE_WALLET, chain: 'eth' }} loaded={[]} ready /> }) as never)
    await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(screen.queryByRole('button', { name: /^Dismiss / })).toBeNull()
    expect(screen.queryByText(/Replaced|Dropped/)).toBeNull()
  })
})
