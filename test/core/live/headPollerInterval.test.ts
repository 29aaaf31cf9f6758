import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BlockfeedClient } from '../../../src/core/client.js'
import { watchHead } from '../../../src/core/live/headPoller.js'

// `pollingIntervalMs={Number(process.env.NEXT_PUBLIC_POLL_MS)}` or a slider at 0: an interval
// that is not a positive number must not turn the poller into a loop that hammers the node.
// On a fake clock: the pace is counted in reads per clock time, which a busy machine cannot change.
let release: (() => void) | undefined
beforeEach(() => void vi.useFakeTimers())
afterEach(() => {
  release?.()
  vi.useRealTimers()
})

function countingClient() {
  let calls = 0
  const client = { chain: 'eth', rpc: async () => (calls++, '0x10') } as unknown as BlockfeedClient
  return { client, calls: () => calls }
}

describe('watchHead: an interval that is not a positive number', () => {
  it.each([0, -100, Number.NaN])('intervalMs %s polls at the default pace (one read in 300 ms), not in a tight loop', async (intervalMs) => {
    const { client, calls } = countingClient()
    const heads: bigint[] = []
    release = watchHead(client, 'eth', { intervalMs, onHead: (h) => heads.push(h) })
    await vi.advanceTimersByTimeAsync(300)
    expect(heads).toEqual([16n])
    expect(calls()).toBe(1)
  })

  it('a valid interval of another subscriber still sets the pace', async () => {
    const { client, calls } = countingClient()
    const releaseBad = watchHead(client, 'eth', { intervalMs: 0, onHead: () => {} })
    release = watchHead(client, 'eth', { intervalMs: 50, onHead: () => {} })
    await vi.advanceTimersByTimeAsync(400)
    releaseBad()
    // 50 ms apart: 8 or 9 reads in 400 ms, far from a tight loop's thousands.
    expect(calls()).toBeGreaterThanOrEqual(8)
    expect(calls()).toBeLessThanOrEqual(9)
  })
})
