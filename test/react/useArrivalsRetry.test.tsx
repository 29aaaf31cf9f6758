import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useArrivals } from '../../src/react/useArrivals.js'
import { setup } from './support.js'

// The arrivals engine is a chunk of its own; offline, its import fails and is tried again with
// back-off. With a polling interval of 0 (or NaN from an unset variable) that back-off was 0 ms:
// a loop of failing imports that kept the tab's CPU busy for as long as it was offline.
const WALLET = '0x00000000000000000000000000000000000000a1'

describe('useArrivals, when the arrivals chunk does not load', () => {
  it.each([0, Number.NaN])('pollingIntervalMs %s: tries again with the default back-off, not in a loop', async (pollingIntervalMs) => {
    const { wrapper } = setup({ chain: 'eth', pollingIntervalMs })
    let loads = 0
    const load = () => {
      loads++
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    }
    const { result, unmount } = renderHook(() => useArrivals({ sources: [{ address: WALLET, chain: 'eth' }], load }), { wrapper })
    await waitFor(() => expect(result.current.status).toBe('retrying'))
    await new Promise((r) => setTimeout(r, 300))
    expect(loads).toBe(1)
    unmount()
  })
})
