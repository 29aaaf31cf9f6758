import { useInfiniteQuery, type UseInfiniteQueryOptions, type UseInfiniteQueryResult } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { WalletHistoryParameters } from '../core/history/params.js'
import type { TransactionEntry, WalletHistoryPage } from '../core/history/schema.js'
import type { BlockfeedQueryError } from '../core/query/error.js'
import {
  walletHistoryInfiniteQueryOptions,
  type WalletHistoryData,
  type WalletHistoryQueryKey,
} from '../core/query/walletHistory.js'
import { both } from './enabled.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

type InfiniteOptions<TSelected> = UseInfiniteQueryOptions<
  WalletHistoryPage,
  BlockfeedQueryError,
  TSelected,
  WalletHistoryQueryKey,
  string | undefined
>

/**
 * Every TanStack infinite-query option (`select`, `maxPages`, `refetchOnWindowFocus`,
 * `throwOnError`, `meta`, `placeholderData`…) but the ones the hook owns: the key, the
 * function and the cursor paging.
 */
export type UseWalletHistoryQueryOptions<TSelected = WalletHistoryData> = Omit<
  InfiniteOptions<TSelected>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam'
>

export type UseWalletHistoryParameters<TSelected = WalletHistoryData> = Partial<WalletHistoryParameters> & {
  /**
   * TanStack Query options. `placeholderData: keepPreviousData` keeps the previous wallet's
   * rows on screen while the new one loads (check `isPlaceholderData`); off by default.
   */
  query?: UseWalletHistoryQueryOptions<TSelected> | undefined
}

export type UseWalletHistoryReturnType<TSelected = WalletHistoryData> = UseInfiniteQueryResult<TSelected, BlockfeedQueryError> & {
  /** The transactions of every loaded page, in page order, each hash once (whatever `select` makes of `data`). */
  transactions: TransactionEntry[]
}

/**
 * A wallet's history as an infinite query over the service's cursors (`fetchNextPage`,
 * `hasNextPage`), plus `transactions`. Waits (no request) until `address` is a valid address
 * and the chain is known. `error` is one of blockfeed's six error classes.
 */
export function useWalletHistory<TSelected = WalletHistoryData>(
  parameters: UseWalletHistoryParameters<TSelected>,
): UseWalletHistoryReturnType<TSelected> {
  const { client, queryClient } = useBlockfeedQueryContext()
  const { query, ...params } = parameters
  const options = walletHistoryInfiniteQueryOptions(client, params)
  const result = useInfiniteQuery(
    { ...options, ...query, enabled: both(options.enabled, query?.enabled) } as InfiniteOptions<TSelected>,
    queryClient,
  )
  let pages: WalletHistoryPage[] | undefined
  if (query?.select === undefined) pages = (result.data as WalletHistoryData | undefined)?.pages
  else {
    // `data` is the caller's shape: the pages come from the cache. Reading `dataUpdatedAt`
    // subscribes this render to every page load, even when the selected value stays equal.
    void result.dataUpdatedAt
    pages = queryClient.getQueryData(options.queryKey)?.pages
  }
  const transactions = useMemo(() => flattenUnique(pages), [pages])
  // A view over TanStack's tracking proxy (not a copy, which would read and so track every field).
  return new Proxy(result, {
    get: (target, key) => (key === 'transactions' ? transactions : Reflect.get(target, key)),
    has: (target, key) => key === 'transactions' || Reflect.has(target, key),
    ownKeys: (target) => [...Reflect.ownKeys(target), 'transactions'],
    getOwnPropertyDescriptor: (target, key) =>
      key === 'transactions'
        ? { value: transactions, enumerable: true, configurable: true, writable: false }
        : Reflect.getOwnPropertyDescriptor(target, key),
  }) as UseWalletHistoryReturnType<TSelected>
}

function flattenUnique(pages: readonly WalletHistoryPage[] | undefined): TransactionEntry[] {
  if (!pages) return []
  const seen = new Set<string>()
  const out: TransactionEntry[] = []
  for (const page of pages) {
    for (const entry of page.result) {
      const key = entry.hash.toLowerCase()
      if (seen.has(key)) continue
      seen.add(key)
      out.push(entry)
    }
  }
  return out
}
