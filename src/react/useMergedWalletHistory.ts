import {
  hashKey,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { isAddress } from 'viem'
import type { BlockfeedClient } from '../core/client.js'
import {
  applyMergedPage,
  type MergedSourceState,
  type MergedTransactionEntry,
  type MergedWalletHistoryParameters,
  type MergeState,
} from '../core/history/merge.js'
import { firstMergedPageParam, nextMergedPageParam, sessionFor, sessionOf, type MergedHistoryPage, type MergedPageParam } from '../core/query/mergedSession.js'
import type { BlockfeedQueryError } from '../core/query/error.js'
import { jsonSafe } from '../core/query/jsonSafe.js'
import { both } from '../core/query/enabled.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'
import { withFields } from './withFields.js'

export type { MergedHistoryPage, MergedPageParam }

export type MergedWalletHistoryData = InfiniteData<MergedHistoryPage, MergedPageParam>
export type MergedWalletHistoryQueryKey = readonly ['blockfeed', 'mergedWalletHistory', Record<string, unknown>, { readonly type: 'infinite' }]

type InfiniteOptions = UseInfiniteQueryOptions<MergedHistoryPage, BlockfeedQueryError, MergedWalletHistoryData, MergedWalletHistoryQueryKey, MergedPageParam>

/** TanStack options the caller may set; the hook owns the key, the function, the paging and `select`. */
export type UseMergedWalletHistoryQueryOptions = Omit<
  InfiniteOptions,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam' | 'select' | 'maxPages'
>

export type UseMergedWalletHistoryParameters = MergedWalletHistoryParameters & {
  query?: UseMergedWalletHistoryQueryOptions | undefined
}

export type UseMergedWalletHistoryReturnType = UseInfiniteQueryResult<MergedWalletHistoryData, BlockfeedQueryError> & {
  /** Every emitted entry in feed order, each transaction once, late ones (after a retry) in place. */
  transactions: MergedTransactionEntry[]
  /** Every source (wallets × chains), live: a source's `loading` shows while its request is under way. */
  sources: MergedSourceState[]
  /** Sources that failed before the last shown entry: the feed may miss their entries up to it. */
  incomplete: { chain: string; wallet: string }[]
  /** Asks the failed sources of `chain` (one wallet's, or all) again; their entries land in place. */
  retrySource: (chain: string, wallet?: string) => Promise<unknown>
}

/** The merge state behind a loaded merged query (undefined before its first page, or for data not merged here, e.g. hydrated). */
export function mergeStateOf(queryClient: QueryClient, queryKey: MergedWalletHistoryQueryKey): MergeState | undefined {
  return sessionOf(queryClient.getQueryData<MergedWalletHistoryData>(queryKey)?.pageParams[0])?.state
}

/** `['blockfeed', 'mergedWalletHistory', { baseUrl, …parameters as given (JSON-safe) }, { type: 'infinite' }]`. */
export function mergedWalletHistoryQueryKey(
  client: Pick<BlockfeedClient, 'baseUrl' | 'chain'>,
  params: MergedWalletHistoryParameters,
): MergedWalletHistoryQueryKey {
  return ['blockfeed', 'mergedWalletHistory', { baseUrl: client.baseUrl, defaultChain: client.chain ?? null, ...(jsonSafe(params) as object) }, { type: 'infinite' }]
}

/** Waiting, not an error: no wallet typed in yet (a wrong one runs and reports its typed error). */
function hasWallets(params: MergedWalletHistoryParameters): boolean {
  if (params.addresses !== undefined) return Array.isArray(params.addresses) && params.addresses.length > 0 && params.addresses.every((a) => typeof a === 'string' && isAddress(a))
  return typeof params.address === 'string' && isAddress(params.address)
}

const EMPTY: MergedSourceState[] = []

/**
 * One feed across `chains` (and `addresses`): an infinite query whose pages are merged pages
 * (`mergedWalletHistoryPages(client, …)`). The first page asks every source once, in parallel;
 * `fetchNextPage` asks only the sources the frontier needs. A failing chain is reported in
 * `sources` and the others keep flowing; `retrySource(chain)` asks it again and its entries
 * land in place in `transactions`.
 */
export function useMergedWalletHistory(parameters: UseMergedWalletHistoryParameters): UseMergedWalletHistoryReturnType {
  const { client, queryClient } = useBlockfeedQueryContext()
  const { query, ...params } = parameters
  const queryKey = mergedWalletHistoryQueryKey(client, params)
  // One param (and merge session) per key, held from the first render: the sources show as
  // `loading` while the first page is under way, before TanStack stores the page's param.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialPageParam = useMemo(firstMergedPageParam, [hashKey(queryKey)])

  const result = useInfiniteQuery(
    {
      // No `retry`: the client's own retries are the one layer, and a source's failure is a page, not an error.
      retry: false,
      staleTime: 30_000,
      ...query,
      queryKey,
      enabled: both(hasWallets(params), query?.enabled),
      initialPageParam,
      // The merge's cursors are mutated by each step: a fetch not awaited to the end would leave
      // them between pages, so the signal is not taken (the step finishes and its page is kept).
      queryFn: ({ pageParam }) => sessionFor(pageParam, client, params).page(pageParam.page),
      // Asked at fetch time: after `retrySource` a merge that had stopped can go on.
      getNextPageParam: (last, all, lastParam) => {
        const session = sessionOf(lastParam)
        const more = session ? session.hasMore(all.length) : last.more
        return more ? nextMergedPageParam(lastParam, all.length) : undefined
      },
    } as InfiniteOptions,
    queryClient,
  )

  const session = sessionOf(result.data ? result.data.pageParams[0] : initialPageParam)
  const subscribe = useCallback((listener: () => void) => session?.subscribe(listener) ?? (() => {}), [session])
  const live = useSyncExternalStore(subscribe, () => session?.sources ?? EMPTY, () => EMPTY)

  const pages = result.data?.pages
  const order = String(params.order ?? 'DESC').toUpperCase() === 'ASC' ? 'ASC' : 'DESC'
  const chainList = useMemo(() => (pages?.[0]?.sources ?? []).map((s) => s.chain).filter((c, i, a) => a.indexOf(c) === i), [pages])
  const transactions = useMemo(() => {
    let list: MergedTransactionEntry[] = []
    for (const page of pages ?? []) list = applyMergedPage(list, page, order, chainList)
    return list
  }, [pages, order, chainList])
  const lastPage = pages?.[pages.length - 1]
  const sources = live.length > 0 ? live : (lastPage?.sources ?? EMPTY)
  const incomplete = lastPage?.incomplete ?? []
  const { fetchNextPage } = result

  const retrySource = useCallback(
    (chain: string, wallet?: string) => {
      if (!session?.state) return Promise.resolve(undefined)
      session.retrySource(chain, wallet)
      // A page already under way was planned before the retry: ask once more if it left the source waiting.
      return fetchNextPage({ cancelRefetch: false }).then((r) => (session.hasWaitingSource() ? fetchNextPage({ cancelRefetch: false }) : r))
    },
    [session, fetchNextPage],
  )

  // Not cancelling by default: a load-more during a refetch (window focus, "Try again") would keep the
  // old pages under a page of the new merge, losing or repeating rows. It waits for the refetch instead.
  const loadMore = useCallback((options?: Parameters<typeof fetchNextPage>[0]) => fetchNextPage({ cancelRefetch: false, ...options }), [fetchNextPage])

  return withFields(result, { transactions, sources, incomplete, retrySource, fetchNextPage: loadMore }) as unknown as UseMergedWalletHistoryReturnType
}
