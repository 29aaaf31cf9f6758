import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { localStorageAdapter } from '../../src/core/live/storage.js'
import { createTransactionTracker } from '../../src/core/live/tracker.js'
import { useTrackedTransactions } from '../../src/react/useTrackedTransactions.js'
import { setup } from './support.js'

const KEY = 'blockfeed:tracked-transactions:v1'
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hash = `0x${'e5'.repeat(32)}`
const offline: typeof fetch = async () => {
  throw new TypeError('offline in this test')
}

beforeEach(() => localStorage.clear())
afterEach(() => localStorage.clear())

describe('two tabs of the app', () => {
  it('a transaction tracked in another tab shows in this tab\'s list when that tab writes it (storage event), with nothing done here', async () => {
    const { wrapper } = setup({ rpc: { url: 'http://127.0.0.1:1' }, chain: 'eth', fetch: offline })
    const { result } = renderHook(() => useTrackedTransactions({ address: alice, chain: 'eth' }), { wrapper })
    expect(result.current).toEqual([])

    // The other tab: its own tracker over the same localStorage.
    const otherTab = createTransactionTracker({ client: createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: 'http://127.0.0.1:1' }, chain: 'eth', retry: false, fetch: offline }), storage: localStorageAdapter() })
    await otherTab.track({ hash, chain: 'eth', from: alice })
    otherTab.stop()
    expect(localStorage.getItem(KEY)).toContain(hash)
    // The browser tells every other tab that the key changed.
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: KEY })))
    expect(result.current.map((r) => [r.hash, r.status])).toEqual([[hash, 'pending']])
  })
})
