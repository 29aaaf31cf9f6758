import { describe, expect, it } from 'vitest'
import { mergedWalletHistoryPages, type HistorySource } from '../../../src/core/history/merge.js'
import type { WalletHistoryPage } from '../../../src/core/history/schema.js'

const A = '0x1111111111111111111111111111111111111111'

describe('mergedWalletHistoryPages and a service that never ends', () => {
  it('a chain answering empty pages with a new cursor each time does not hold the page (or the other chains) forever', async () => {
    let requests = 0
    const client: HistorySource = {
      getWalletHistory: async (params): Promise<WalletHistoryPage> => {
        requests++
        if (params.chain === 'base') {
          const entry = { hash: `0x${'b'.repeat(64)}`, from_address: A, value: '1', block_number: '7', block_timestamp: '2024-05-01T12:00:00.000Z' }
          return { page: '0', page_size: '1', cursor: null, result: [entry] } as unknown as WalletHistoryPage
        }
        // (Ends after 10,000, so that the test ends either way.)
        return { page: '0', page_size: '0', cursor: requests < 10_000 ? `c${requests}` : null, result: [] } as unknown as WalletHistoryPage
      },
    }
    const pages = mergedWalletHistoryPages(client, { address: A, chains: ['eth', 'base'] })
    const first = await pages.next()
    expect(requests).toBeLessThan(200)
    // The page says eth can still answer: the feed offers "Load more" instead of spinning.
    expect(!first.done && first.value.sources.map((s) => s.status)).toEqual(['ok', 'done'])
    await pages.return?.()
  })
})
