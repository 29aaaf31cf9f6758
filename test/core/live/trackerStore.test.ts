import { describe, expect, it } from 'vitest'
import type { TrackedTransaction } from '../../../src/core/live/record.js'
import { createTrackerStore, recordKey } from '../../../src/core/live/trackerStore.js'

const alice = '0x00000000000000000000000000000000000000a1'
const aliceMixedCase = '0x00000000000000000000000000000000000000A1'
const bob = '0x00000000000000000000000000000000000000b2'

function record(n: number, patch: Partial<TrackedTransaction> = {}): TrackedTransaction {
  return {
    hash: `0x${n.toString(16).padStart(64, '0')}`, chain: 'eth', from: alice, nonce: n, to: null, value: '0', tokenTransfer: null,
    receiptTransfers: null, status: 'pending', blockNumber: null, confirmations: 0, confirmationsTarget: 12, final: false,
    replacedBy: null, error: null, raw: null, trackedAt: n, updatedAt: n, ...patch,
  }
}

describe('the tracker store', () => {
  it('lets go of a record and what the node told about it in one call', () => {
    const store = createTrackerStore()
    const r = record(1)
    const key = recordKey(r.chain, r.hash)
    store.put(r)
    store.sightingsOf(key)!.lastSeenAt = 5
    store.delete(key)
    expect(store.get(key)).toBeUndefined()
    expect(store.sightingsOf(key)).toBeUndefined()
    // Tracked again: it starts with nothing seen.
    store.put(record(1))
    expect(store.sightingsOf(key)).toEqual({})
  })

  it('keeps the sightings when a record changes, and forgets them when it starts over', () => {
    const store = createTrackerStore()
    const r = record(1)
    const key = recordKey(r.chain, r.hash)
    store.put(r)
    store.sightingsOf(key)!.unusedAtHead = 7n
    store.put({ ...r, confirmations: 1 })
    expect(store.sightingsOf(key)).toEqual({ unusedAtHead: 7n })
    store.resetSightings(key)
    expect(store.sightingsOf(key)).toEqual({})
  })

  it('freezes what it keeps, and finds a record under either spelling of its chain, whatever the hash case', () => {
    const store = createTrackerStore()
    const r = record(0xabc)
    store.put(r)
    expect(Object.isFrozen(r)).toBe(true)
    expect(store.get(recordKey('0x1', `0x${r.hash.slice(2).toUpperCase()}`))).toBe(r)
  })

  it('remembers a removed record until it is put again', () => {
    const store = createTrackerStore()
    const r = record(1)
    const key = recordKey(r.chain, r.hash)
    store.put(r)
    store.remove(key)
    expect(store.has(key)).toBe(false)
    expect(store.wasRemoved(key)).toBe(true)
    store.put(record(1))
    expect(store.wasRemoved(key)).toBe(false)
  })

  it('lists by wallet and chain, newest first, the same array until a record changes', () => {
    const store = createTrackerStore()
    store.put(record(1))
    store.put(record(2))
    store.put(record(3, { from: bob }))
    const mine = store.list({ address: aliceMixedCase, chain: '0x1' })
    expect(mine.map((r) => r.nonce)).toEqual([2, 1])
    expect(store.list({ address: alice, chain: 'eth' })).toBe(mine)
    store.sightingsOf(recordKey('eth', record(1).hash))!.lastSeenAt = 1
    expect(store.list({ address: aliceMixedCase, chain: '0x1' })).toBe(mine)
    store.delete(recordKey('eth', record(2).hash))
    expect(store.list({ address: aliceMixedCase, chain: '0x1' }).map((r) => r.nonce)).toEqual([1])
  })
})
