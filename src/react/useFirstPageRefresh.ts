import type { InfiniteData } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import type { WalletHistoryParameters } from '../core/history/params.js'
import type { WalletHistoryPage } from '../core/history/schema.js'
import { walletHistoryInfiniteQueryOptions } from '../core/query/walletHistory.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

/**
 * Reads the history's first page again and puts the transactions it did not have yet at the top of
 * the loaded history, leaving every other page as it is: one request, however many pages are loaded
 * (a plain `refetch` would read them all). At most once per `minIntervalMs`; newest-first histories only.
 */
export function useFirstPageRefresh(params: Partial<WalletHistoryParameters>, minIntervalMs = 2_000): () => Promise<void> {
  const { client, queryClient } = useBlockfeedQueryContext()
  const last = useRef(0)
  const key = JSON.stringify(params)
  return useCallback(async () => {
    const now = Date.now()
    if (now - last.current < minIntervalMs || params.order?.toUpperCase() === 'ASC' || !params.address) return
    last.current = now
    const { queryKey } = walletHistoryInfiniteQueryOptions(client, params)
    const first = await client.getWalletHistory({ ...(params as WalletHistoryParameters), cursor: undefined }).catch(() => null)
    if (!first) return
    queryClient.setQueryData<InfiniteData<WalletHistoryPage, string | undefined>>(queryKey as never, (data) => {
      if (!data?.pages.length) return data
      const seen = new Set(data.pages.flatMap((p) => p.result.map((e) => e.hash.toLowerCase())))
      const fresh = first.result.filter((e) => !seen.has(e.hash.toLowerCase()))
      if (fresh.length === 0) return data
      const [head, ...rest] = data.pages
      return { ...data, pages: [{ ...head!, result: [...fresh, ...head!.result] }, ...rest] }
    })
    // `key` stands for `params`' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, queryClient, key, minIntervalMs])
}
