import { describe, expectTypeOf, test } from 'vitest'
import { TransactionList, WalletActivityFeed } from '../../src/exports/components.js'
import { useNewArrivals } from '../../src/exports/react.js'

describe('useNewArrivals and the feed’s watch types', () => {
  test('returns the arrivals’ hashes and a status, which TransactionList takes as arrivals and liveStatus', () => {
    const r = useNewArrivals({ sources: [{ address: '0x1', chain: 'eth' }], enabled: true, intervalMs: 4_000 })
    expectTypeOf(r.arrivals).toEqualTypeOf<ReadonlySet<string>>()
    expectTypeOf(r.status).toEqualTypeOf<'off' | 'live' | 'retrying'>()
    void TransactionList({ transactions: [], arrivals: r.arrivals, liveStatus: r.status })
  })

  test('watch is a boolean prop of WalletActivityFeed, single and merged', () => {
    void WalletActivityFeed({ address: '0x1', chain: 'eth', watch: false })
    void WalletActivityFeed({ address: '0x1', chains: ['eth', 'base'], watch: true })
    // @ts-expect-error watch is on or off
    void WalletActivityFeed({ address: '0x1', watch: 'sometimes' })
  })
})
