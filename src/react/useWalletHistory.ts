import { useInfiniteQuery, type UseInfiniteQueryOptions, type UseInfiniteQueryResult } from '@tanstack/react-query'
import { withFields } from './withFields.js'
import { useMemo } from 'react'
import type { InvalidParameterError } from '../core/errors.js'
import { checkWalletHistoryFilter, filtersEntries, walletHistoryFilterPredicate, type WalletHistoryFilter } from '../core/history/filter.js'
import type { WalletHistoryParameters } from '../core/history/params.js'
import type { TransactionEntry, WalletHistoryPage } from '../core/history/schema.js'
import type { BlockfeedQueryError } from '../core/query/error.js'
import {
  walletHistoryInfiniteQueryOptions,
  type WalletHistoryData,
  type WalletHistoryQueryKey,
} from '../core/query/walletHistory.js'
import { both } from '../core/query/enabled.js'
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
   * What to show. Its dates replace `fromDate` / `toDate` and go to the service (part of the
   * query key, so they cost no extra page); the rest narrows the loaded entries.
   */
  filter?: WalletHistoryFilter | undefined
  /**
   * TanStack Query options. `placeholderData: keepPreviousData` keeps the previous wallet's
   * rows on screen while the new one loads (check `isPlaceholderData`); off by default.
   */
  query?: UseWalletHistoryQueryOptions<TSelected> | undefined
}

export type UseWalletHistoryReturnType<TSelected = WalletHistoryData> = UseInfiniteQueryResult<TSelected, BlockfeedQueryError> & {
  /**
   * The transactions of every loaded page, in page order, each hash once (whatever `select`
   * makes of `data`), narrowed by `filter` when it has more than dates.
   */
  transactions: TransactionEntry[]
  /** Every loaded transaction, before the filter: `transactions` are the ones of these it keeps. */
  loadedTransactions: TransactionEntry[]
  /** A filter that is not valid (unknown direction, token that is no address…); `transactions` is then empty. */
  filterError: InvalidParameterError | null
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
  const { query, filter, ...rest } = parameters
  // The filter's dates are the service's bounds; an inline filter object must not re-run the predicate each render.
  const filterKey = filter === undefined ? '' : JSON.stringify(filter)
  const checked = useMemo((): { filter: WalletHistoryFilter; error: InvalidParameterError | null } => {
    try {
      return { filter: checkWalletHistoryFilter(filter), error: null }
    } catch (e) {
      return { filter: {}, error: e as InvalidParameterError }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey])
  const { fromDate, toDate } = checked.filter
  const params = { ...rest, ...(fromDate !== undefined && { fromDate }), ...(toDate !== undefined && { toDate }) }
  const options = walletHistoryInfiniteQueryOptions(client, params)
  const result = useInfiniteQuery(
    { ...options, ...query, enabled: checked.error ? false : both(options.enabled, query?.enabled) } as InfiniteOptions<TSelected>,
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
  const loaded = useMemo(() => flattenUnique(pages), [pages])
  const { address, chain } = params
  const transactions = useMemo(() => {
    if (checked.error) return []
    if (!filtersEntries(checked.filter) || !address) return loaded
    const keep = walletHistoryFilterPredicate(address, checked.filter, typeof chain === 'string' ? chain : undefined)
    return loaded.filter(keep)
  }, [loaded, checked, address, chain])
  return withFields(result, { transactions, loadedTransactions: loaded, filterError: checked.error }) as UseWalletHistoryReturnType<TSelected>
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
