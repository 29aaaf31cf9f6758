import { afterEach, describe, expect, it } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { memoryStorage } from '../../../src/core/live/storage.js'
import { createTransactionTracker, type TransactionTracker } from '../../../src/core/live/tracker.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hash = `0x${'cd'.repeat(32)}`
const trackers: TransactionTracker[] = []
afterEach(() => {
  for (const t of trackers.splice(0)) t.stop()
})

const offlineClient = () =>
  createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: 'http://127.0.0.1:1' }, chain: 'eth', retry: false, fetch: async () => { throw new TypeError('offline in this test') } })

describe('tracker: one chain by its name or its hex id', () => {
  it('tracked as "eth", listed for a feed of chain "0x1" (and the other way round), and never twice', async () => {
    const t = createTransactionTracker({ client: offlineClient(), storage: memoryStorage() })
    trackers.push(t)
    await t.track({ hash, chain: 'eth', from: alice })
    // A feed given chain="0x1" lists the wallet's records with that chain: the pending row must be there.
    expect(t.list({ address: alice, chain: '0x1' }).map((r) => r.hash)).toEqual([hash])
    expect(t.get(hash, '0x1')?.hash).toBe(hash)
    // The same transaction tracked again under the hex id is the same record, not a second row.
    await t.track({ hash, chain: '0x1', from: alice })
    expect(t.list({ address: alice })).toHaveLength(1)
    // Polygon is another chain.
    expect(t.list({ address: alice, chain: '0x89' })).toEqual([])
  })
})
