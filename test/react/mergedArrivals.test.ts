import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { MergedTransactionEntry } from '../../src/core/history/merge.js'
import { readWalletHistoryPage, type TransactionEntry } from '../../src/core/history/schema.js'
import { insertIntoMergedHistory } from '../../src/react/mergedArrivals.js'
import type { MergedWalletHistoryData, MergedWalletHistoryQueryKey } from '../../src/react/useMergedWalletHistory.js'

// Two of the user's wallets merged into one feed; A pays B on eth. Each wallet's history lists the payment,
// from its own side. The merge shows it once with both views; an arrival must do the same.
const A = '0x00000000000000000000000000000000000000a1'
const B = '0x00000000000000000000000000000000000000b2'
const HASH = `0x${'ab'.repeat(32)}`
const entry = (hash: string, minute: number) => ({ hash, from_address: A, to_address: B, value: '1000', block_number: String(100 + minute), block_timestamp: new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString() })
const page = (...result: ReturnType<typeof entry>[]) => readWalletHistoryPage({ cursor: null, page: 0, page_size: 10, result })
const key: MergedWalletHistoryQueryKey = ['blockfeed', 'mergedWalletHistory', { addresses: [A, B], chains: ['eth'] }, { type: 'infinite' }]

function loaded(entries: MergedTransactionEntry[]) {
  const queryClient = new QueryClient()
  const data = { pages: [{ entries, late: [], sources: [], incomplete: [], done: false, more: true }], pageParams: [0] } as unknown as MergedWalletHistoryData
  queryClient.setQueryData(key, data)
  const all = () => queryClient.getQueryData<MergedWalletHistoryData>(key)!.pages.flatMap((p) => [...p.entries, ...p.late])
  return { queryClient, all }
}

describe('insertIntoMergedHistory: arrivals in a feed of several wallets', () => {
  it("a payment between two merged wallets arriving on both is one entry with both wallets' views", () => {
    const old = { ...(page(entry(`0x${'01'.repeat(32)}`, 1)).result[0] as TransactionEntry), chain: 'eth', wallet: A, wallets: [A] }
    const { queryClient, all } = loaded([old])
    const fromA = insertIntoMergedHistory(queryClient, key, { chain: 'eth', wallet: A }, page(entry(HASH, 5)))
    const fromB = insertIntoMergedHistory(queryClient, key, { chain: 'eth', wallet: B }, page(entry(HASH, 5)))
    expect(fromA.map((e) => e.hash)).toEqual([HASH])
    // Not a second arrival: B's view joins A's entry.
    expect(fromB).toEqual([])
    const shown = all().filter((e) => e.hash === HASH)
    expect(shown).toHaveLength(1)
    expect(shown[0]!.wallets).toEqual([A, B])
    expect(shown[0]!.views).toHaveLength(2)
  })

  it('the same page read again changes nothing (idempotent), and another chain’s same hash stays its own entry', () => {
    const { queryClient, all } = loaded([])
    insertIntoMergedHistory(queryClient, key, { chain: 'eth', wallet: A }, page(entry(HASH, 5)))
    const before = all()
    insertIntoMergedHistory(queryClient, key, { chain: 'eth', wallet: A }, page(entry(HASH, 5)))
    expect(all()).toEqual(before)
    insertIntoMergedHistory(queryClient, key, { chain: 'base', wallet: A }, page(entry(HASH, 5)))
    expect(all().map((e) => `${e.chain}:${e.hash}`)).toEqual([`eth:${HASH}`, `base:${HASH}`])
  })
})
