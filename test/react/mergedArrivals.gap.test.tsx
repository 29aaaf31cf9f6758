import { act, renderHook, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { entryId } from '../../src/core/history/entryId.js'
import { insertIntoMergedHistory } from '../../src/react/mergedArrivals.js'
import { mergedWalletHistoryQueryKey, useMergedWalletHistory } from '../../src/react/useMergedWalletHistory.js'
import { fakeService, hashOf, PAGE, range, rpc, WALLET } from './arrivalsSupport.js'
import { setup } from './support.js'

// More transactions than a page arrive on one chain between two reads of its first page (a busy
// wallet, or a tab that was hidden a while): the re-read page shares nothing with the feed.
const service = fakeService()
const server = setupServer(...service.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => service.reset())
afterAll(() => server.close())

const key = (chain: string, n: number) => entryId({ chain, hash: hashOf(chain, n) })

describe('merged feed: a burst of arrivals larger than a page', () => {
  it('leaves no hole: the transactions between the re-read first page and the old top are shown too', async () => {
    const { wrapper, client, queryClient } = setup({ rpc })
    const params = { address: WALLET, chains: ['eth', 'base'], limit: PAGE }
    const { result } = renderHook(() => useMergedWalletHistory(params), { wrapper })
    await waitFor(() => expect(result.current.transactions.map(entryId)[0]).toBe(key('eth', 30)))

    // 15 new transactions on eth (31…45): the first page read again holds 45…36 and a cursor.
    service.arrive('eth', ...range('eth', 45, 31))
    const first = await client.getWalletHistory({ address: WALLET, chain: 'eth', limit: PAGE, order: 'DESC' })
    act(() => void insertIntoMergedHistory(queryClient, mergedWalletHistoryQueryKey(client, params), { chain: 'eth' }, first))
    await waitFor(() => expect(result.current.transactions.map(entryId)[0]).toBe(key('eth', 45)))
    await waitFor(() => expect(result.current.isFetching).toBe(false))
    await act(() => result.current.fetchNextPage())
    expect(result.current.transactions.map(entryId).slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => key('eth', 45 - i)))
  })
})
