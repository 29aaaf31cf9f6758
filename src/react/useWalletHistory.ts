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
import { useRevalidateRestored } from './historyPersister.js'

type InfiniteOptions<TSelected> = UseInfiniteQueryOptions<
  WalletHistoryPage,
  BlockfeedQueryError,
  TSelected,
  WalletHistoryQueryKey,
  string | undefined
>

/**
 * The TanStack Query options you can pass to `useWalletHistory` as `query`: every infinite-query
 * option (`select`, `maxPages`, `refetchOnWindowFocus`, `throwOnError`, `meta`, `placeholderData`…)
 * but the ones the hook owns: the key, the function and the cursor paging.
 */
export type UseWalletHistoryQueryOptions<TSelected = WalletHistoryData> = Omit<
  InfiniteOptions<TSelected>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam'
>

/**
 * What `useWalletHistory` takes: the wallet-history parameters (`address`, `chain`, `fromBlock`,
 * `toDate`, `limit`, `order`…), all optional while your inputs are incomplete, plus `filter` and `query`.
 */
export type UseWalletHistoryParameters<TSelected = WalletHistoryData> = Partial<WalletHistoryParameters> & {
  /**
   * What to show (directions, kinds, tokens, search, dates). Its dates replace `fromDate` / `toDate` and go to the service (part of the
   * query key, so they cost no extra page); the rest narrows the loaded entries.
   */
  filter?: WalletHistoryFilter | undefined
  /**
   * TanStack Query options for the infinite query. `placeholderData: keepPreviousData` keeps the previous wallet's
   * rows on screen while the new one loads (check `isPlaceholderData`); off by default.
   */
  query?: UseWalletHistoryQueryOptions<TSelected> | undefined
  /**
   * `false`: this history is neither restored from nor kept in the provider's storage (see `persist`
   * on `BlockfeedProvider`), for a history that should not stay on the device.
   * @defaultValue `true`: as the provider's `persist` says
   */
  persist?: boolean | undefined
}

/**
 * What `useWalletHistory` returns: TanStack Query's infinite-query result (`data`, `error`,
 * `status`, `fetchNextPage`, `hasNextPage`, `refetch`…) plus `transactions`, `loadedTransactions`
 * and `filterError`.
 */
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
 * Reads a wallet's transaction history page by page, as the viewer asks for more.
 *
 * It is an infinite query over the service's cursors: call `fetchNextPage` while `hasNextPage`
 * is true. `transactions` holds every loaded page flattened, each hash once. The hook waits
 * (sends nothing) until `address` is a valid address and a given `chain` is not blank.
 *
 * @param parameters - The wallet (`address`, `chain`), optional bounds and paging (`fromBlock`,
 * `toDate`, `limit`, `order`…), an optional `filter`, and TanStack Query options under `query`.
 * @returns TanStack Query's infinite-query result plus three fields. `data` holds the pages
 * (`data.pages`, each a `WalletHistoryPage`) or what your `select` makes of them. `transactions`
 * is every loaded transaction in page order, each hash once, narrowed by `filter`.
 * `loadedTransactions` is the same before the filter. `filterError` is the
 * `InvalidParameterError` of a filter that is not valid (`transactions` is then empty).
 * `fetchNextPage` loads the next page; `hasNextPage` is false once the service gives no new
 * cursor (an empty, null or repeated cursor ends paging).
 * @throws {@link InvalidParameterError} When a parameter is wrong (an unknown chain, a bad block
 * bound or date); nothing is sent.
 * @throws {@link HttpStatusError} When the service answers with a status other than 2xx (401 for a
 * missing key, 429 when rate limited…).
 * @throws {@link ResponseShapeError} When a page cannot be read as a wallet-history page.
 * @throws {@link TimeoutError} When the service does not answer within the client's `timeoutMs`.
 * @throws {@link NetworkError} When the request gets no HTTP answer (offline, DNS, CORS).
 * @remarks One `GET {baseUrl}/api/v2.2/wallets/{address}/history` per page, the cursor in the
 * query string. Query key `['blockfeed', 'walletHistory', { baseUrl, address, chain, … }, { type: 'infinite' }]`
 * (every input but the cursor, never the API key), from `walletHistoryQueryKey`. Pages stay fresh
 * for 30 seconds; TanStack's `retry` is off because the client's own retries are the one layer.
 * The errors above arrive in `error`, not as exceptions.
 * @example
 * ```tsx
 * import { useWalletHistory } from 'blockfeed/react'
 *
 * export function History() {
 *   const { transactions, error, hasNextPage, isFetchingNextPage, fetchNextPage } = useWalletHistory({
 *     address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *   })
 *   if (error) return <p role="alert">{error.message}</p>
 *   return (
 *     <div>
 *       <ul>
 *         {transactions.map((tx) => (
 *           <li key={tx.hash}>{tx.summary ?? tx.hash}</li>
 *         ))}
 *       </ul>
 *       {hasNextPage && (
 *         <button disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
 *           Load more
 *         </button>
 *       )}
 *     </div>
 *   )
 * }
 * ```
 */
export function useWalletHistory<TSelected = WalletHistoryData>(
  parameters: UseWalletHistoryParameters<TSelected>,
): UseWalletHistoryReturnType<TSelected> {
  const { client, queryClient, historyPersister } = useBlockfeedQueryContext()
  const { query, filter, persist, ...rest } = parameters
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
  // The last visit's rows: restored before any request, then the first page read again (see `persist`).
  const result = useInfiniteQuery(
    { ...options, persister: persist === false ? undefined : historyPersister, ...query, enabled: checked.error ? false : both(options.enabled, query?.enabled) } as InfiniteOptions<TSelected>,
    queryClient,
  )
  let raw: WalletHistoryData | undefined
  if (query?.select === undefined) raw = result.data as WalletHistoryData | undefined
  else {
    // `data` is the caller's shape: the pages come from the cache. Reading `dataUpdatedAt`
    // subscribes this render to every page load, even when the selected value stays equal.
    void result.dataUpdatedAt
    raw = queryClient.getQueryData(options.queryKey)
  }
  const pages = raw?.pages
  useRevalidateRestored(raw, result.refetch)
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
