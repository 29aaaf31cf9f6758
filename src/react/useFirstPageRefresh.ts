import { useCallback, useRef } from 'react'
import type { WalletHistoryParameters } from '../core/history/params.js'
import type { WalletHistoryPage } from '../core/history/schema.js'
import { jsonSafe } from '../core/query/jsonSafe.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

/**
 * Reads the history's first page again and puts the transactions it did not have yet at the top of
 * the loaded history, leaving every other page as it is: one request, however many pages are loaded
 * (a plain `refetch` would read them all), shared by every caller of the same history and
 * QueryClient. At most once per `minIntervalMs`, never while the tab is hidden; newest-first histories only.
 */
export function useFirstPageRefresh(
  params: Partial<WalletHistoryParameters>,
  minIntervalMs = 2_000,
  /** Where the page goes instead of the loaded history of `params` (the merged feed's own query). */
  insert?: (params: Partial<WalletHistoryParameters>, page: WalletHistoryPage) => void,
): () => Promise<void> {
  const { client, queryClient } = useBlockfeedQueryContext()
  const key = JSON.stringify(jsonSafe(params))
  const insertRef = useRef(insert)
  insertRef.current = insert
  return useCallback(async () => {
    if (params.order?.toUpperCase() === 'ASC' || !params.address) return
    // The reader is a chunk of its own, loaded with the first refresh.
    const { insertIntoHistory, readFirstPage } = await import('../core/arrivals/firstPageRefresh.js')
    const first = await readFirstPage(client, queryClient, params, undefined, minIntervalMs)?.catch(() => null)
    if (!first) return
    if (insertRef.current) insertRef.current(params, first)
    else insertIntoHistory(client, queryClient, params, first)
    // `key` stands for `params`' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, queryClient, key, minIntervalMs])
}
