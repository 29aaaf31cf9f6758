import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import {
  applyMergedPage,
  beginSourceRequest,
  createMergeState,
  mergedPage,
  receiveSourcePage,
  takeMergedEntries,
  type MergeState,
  type MergedWalletHistoryParameters,
} from '../../src/core/history/merge.js'
import { readWalletHistoryPage } from '../../src/core/history/schema.js'
import { arrivalStore } from '../../src/core/arrivals/arrivalStore.js'
import { insertIntoMergedHistory } from '../../src/react/mergedArrivals.js'
import type { MergedWalletHistoryData, MergedWalletHistoryQueryKey } from '../../src/react/useMergedWalletHistory.js'
import { hashKey } from '@tanstack/react-query'

// Arrivals in a merged feed go through the merge itself: what it fetched and holds back is not new,
// and a payment between two merged wallets is one entry with both views, as the merge builds it.
const A = '0x00000000000000000000000000000000000000a1'
const B = '0x00000000000000000000000000000000000000b2'
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const entry = (n: number, minute: number) => ({ hash: hashOf(n), from_address: A, to_address: B, value: '1000', block_number: String(100 + minute), block_timestamp: new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString() })
const page = (result: ReturnType<typeof entry>[], cursor: string | null = null) => readWalletHistoryPage({ cursor, page: 0, page_size: 10, result })

/** A merged feed as the hook holds it: the merge's state and its first page, fetched from `pages` (wallet → chain → first page). */
function loaded(params: MergedWalletHistoryParameters, pages: Record<string, Record<string, ReturnType<typeof page>>>) {
  const key: MergedWalletHistoryQueryKey = ['blockfeed', 'mergedWalletHistory', params as Record<string, unknown>, { type: 'infinite' }]
  const state: MergeState = createMergeState(params)
  for (const source of state.sources) {
    beginSourceRequest(source)
    receiveSourcePage(state, source, pages[source.wallet]![source.chain]!)
  }
  const first = mergedPage(state, takeMergedEntries(state, state.limit))
  const queryClient = new QueryClient()
  queryClient.setQueryData(key, { pages: [{ ...first, more: true }], pageParams: [{ page: 0 }] } as MergedWalletHistoryData)
  const shown = () => queryClient.getQueryData<MergedWalletHistoryData>(key)!.pages.reduce((list, p) => applyMergedPage(list, p, 'DESC', state.chains), [] as ReturnType<typeof applyMergedPage>)
  const arrivals = () => [...arrivalStore(queryClient, hashKey(key)).keys]
  return { queryClient, key, state, shown, arrivals }
}

describe('insertIntoMergedHistory: new arrivals in a merged feed', () => {
  it('entries the merge fetched but holds back (past the page size or the frontier) are not new: nothing is shown early, no arrival is counted', () => {
    // eth: minutes 10, 9 (and more after); base: minutes 8, 7. The first merged page (2 rows) is eth's two.
    const feed = loaded({ address: A, chains: ['eth', 'base'], limit: 2 }, { [A]: { eth: page([entry(1, 10), entry(2, 9)], 'next'), base: page([entry(3, 8), entry(4, 7)], 'next') } })
    expect(feed.shown().map((e) => e.hash)).toEqual([hashOf(1), hashOf(2)])
    // base's first page read again at a new block: the same two entries, still held back by the merge.
    expect(insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'base' }, page([entry(3, 8), entry(4, 7)], 'next'), feed.state)).toEqual([])
    expect(feed.shown().map((e) => e.hash)).toEqual([hashOf(1), hashOf(2)])
    expect(feed.arrivals()).toEqual([])
    // A real new transaction on base is an arrival, at the top; the held ones stay held.
    const fresh = insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'base' }, page([entry(5, 11), entry(3, 8)], 'next'), feed.state)
    expect(fresh.map((e) => e.hash)).toEqual([hashOf(5)])
    expect(feed.shown().map((e) => `${e.chain}:${e.hash}`)).toEqual([`base:${hashOf(5)}`, `eth:${hashOf(1)}`, `eth:${hashOf(2)}`])
    // Recorded by chain and hash, as the rows are keyed.
    expect(feed.arrivals()).toEqual([`0x2105:${hashOf(5)}`])
    // The held entries still come with the next merged page, once each.
    expect(takeMergedEntries(feed.state, 10).map((e) => e.hash)).not.toContain(hashOf(5))
  })

  it("a payment between two merged wallets arriving on both is one entry with both wallets' views", () => {
    const feed = loaded({ addresses: [A, B], chains: ['eth'] }, { [A]: { eth: page([entry(1, 1)]) }, [B]: { eth: page([]) } })
    const fromA = insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'eth', wallet: A }, page([entry(9, 5), entry(1, 1)]), feed.state)
    const fromB = insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'eth', wallet: B }, page([entry(9, 5)]), feed.state)
    expect(fromA.map((e) => e.hash)).toEqual([hashOf(9)])
    // Not a second arrival: B's view joins A's entry, where it is.
    expect(fromB).toEqual([])
    const shown = feed.shown().filter((e) => e.hash === hashOf(9))
    expect(shown).toHaveLength(1)
    expect(shown[0]!.wallets).toEqual([A, B])
    expect(shown[0]!.views).toHaveLength(2)
  })

  it('the same page read again changes nothing (idempotent), and another chain’s same hash is its own entry', () => {
    const feed = loaded({ address: A, chains: ['eth', 'base'] }, { [A]: { eth: page([entry(1, 1)]), base: page([entry(2, 1)]) } })
    insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'eth' }, page([entry(9, 5), entry(1, 1)]), feed.state)
    const before = feed.shown()
    expect(insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'eth' }, page([entry(9, 5), entry(1, 1)]), feed.state)).toEqual([])
    expect(feed.shown()).toEqual(before)
    insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'base' }, page([entry(9, 5), entry(2, 1)]), feed.state)
    // Same times on both chains: the order of `chains` (eth, then base).
    expect(feed.shown().map((e) => `${e.chain}:${e.hash}`)).toEqual([`eth:${hashOf(9)}`, `base:${hashOf(9)}`, `eth:${hashOf(1)}`, `base:${hashOf(2)}`])
  })

  it('does nothing for data this QueryClient did not merge (hydrated), until its next refetch merges anew', () => {
    const feed = loaded({ address: A, chains: ['eth'] }, { [A]: { eth: page([entry(1, 1)]) } })
    expect(insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'eth' }, page([entry(9, 5)]))).toEqual([])
    expect(feed.shown().map((e) => e.hash)).toEqual([hashOf(1)])
  })

  it('the first transaction of a wallet with no history yet on any chain shows (it was held back, the feed stayed empty)', () => {
    const feed = loaded({ address: A, chains: ['eth', 'base'] }, { [A]: { eth: page([]), base: page([]) } })
    expect(feed.shown()).toEqual([])
    const fresh = insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'base' }, page([entry(9, 5)]), feed.state)
    expect(fresh.map((e) => e.hash)).toEqual([hashOf(9)])
    expect(feed.shown().map((e) => `${e.chain}:${e.hash}`)).toEqual([`base:${hashOf(9)}`])
    expect(feed.arrivals()).toEqual([`0x2105:${hashOf(9)}`])
    // Read again: nothing new, still one row.
    expect(insertIntoMergedHistory(feed.queryClient, feed.key, { chain: 'base' }, page([entry(9, 5)]), feed.state)).toEqual([])
    expect(feed.shown()).toHaveLength(1)
  })
})
