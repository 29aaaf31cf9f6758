import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { filterWalletHistory, prepareWalletHistoryFilter, type TransactionEntry, type WalletHistoryFilter } from '../../../src/exports/index.js'
import { readWalletHistoryResponse } from '../../../src/core/history/schema.js'
import { tokenAddress, toWireJson, walletTransactions, wallets } from '../../../src/testing/index.js'

// Two readings of the same wire JSON: separate entry objects, so separate per-entry caches.
const text = toWireJson({ page: '1', page_size: '330', cursor: '', result: walletTransactions('rich', 'eth').map((t) => t.raw) })
const read = (): TransactionEntry[] => readWalletHistoryResponse(JSON.parse(text), text).result

const filters: WalletHistoryFilter[] = [
  { directions: ['in'] },
  { directions: ['out'], kinds: ['native'] },
  { directions: ['self'] },
  { directions: ['in'], tokens: [tokenAddress('eth', 'usdc')] },
  { search: 'usdc', directions: ['in', 'out'] },
]

describe('prepareWalletHistoryFilter (the feed’s idle work)', () => {
  it('prepared or not, with the wallet in any case, every filter keeps the same entries', () => {
    const cold = read()
    const warm = read()
    prepareWalletHistoryFilter(warm, 'eth')
    for (const filter of filters) {
      const expected = filterWalletHistory(cold, wallets.rich, filter, 'eth').map((e) => e.hash)
      expect(expected.length).toBeGreaterThan(0)
      expect(filterWalletHistory(warm, wallets.rich, filter, 'eth').map((e) => e.hash)).toEqual(expected)
      // A checksummed wallet is the same wallet.
      expect(filterWalletHistory(warm, getAddress(wallets.rich), filter, 'eth').map((e) => e.hash)).toEqual(expected)
    }
  })
})
