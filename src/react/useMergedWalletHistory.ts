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
import { firstMergedPageParam, nextMergedPageParam, previousMergedPageParam, sessionOf, type MergedHistoryPage, type MergedPageParam } from '../core/query/mergedSession.js'
import { mergedHistoryPersister, mergeSessionFor } from '../core/persist/merged.js'
import type { BlockfeedQueryError } from '../core/query/error.js'
import { jsonSafe } from '../core/query/jsonSafe.js'
import { both } from '../core/query/enabled.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'
import { withFields } from './withFields.js'
import { useRevalidateRestored } from './historyPersister.js'

export type { MergedHistoryPage, MergedPageParam }

/** The data of the merged feed's infinite query: its merged pages and their page params, as TanStack Query keeps them. */
export type MergedWalletHistoryData = InfiniteData<MergedHistoryPage, MergedPageParam>
/** The query key of a merged feed: `['blockfeed', 'mergedWalletHistory', { baseUrl, defaultChain, …parameters }, { type: 'infinite' }]`. */
export type MergedWalletHistoryQueryKey = readonly ['blockfeed', 'mergedWalletHistory', Record<string, unknown>, { readonly type: 'infinite' }]

type InfiniteOptions = UseInfiniteQueryOptions<MergedHistoryPage, BlockfeedQueryError, MergedWalletHistoryData, MergedWalletHistoryQueryKey, MergedPageParam>

/** The TanStack Query options you can pass to `useMergedWalletHistory` as `query`; the hook owns the key, the function, the paging, `select` and `maxPages`. */
export type UseMergedWalletHistoryQueryOptions = Omit<
  InfiniteOptions,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam' | 'select' | 'maxPages'
>

/** What `useMergedWalletHistory` takes: the wallet (`address`) or wallets (`addresses`), the `chains`, `limit`, `order`, and `query`. */
export type UseMergedWalletHistoryParameters = MergedWalletHistoryParameters & {
  /** TanStack Query options for the infinite query (`enabled`, `staleTime`, `refetchOnWindowFocus`…). */
  query?: UseMergedWalletHistoryQueryOptions | undefined
  /**
   * `false`: this feed is neither restored from nor kept in the provider's storage (see `persist`
   * on `BlockfeedProvider`), for a history that should not stay on the device.
   * @defaultValue `true`: as the provider's `persist` says
   */
  persist?: boolean | undefined
}

/**
 * What `useMergedWalletHistory` returns: TanStack Query's infinite-query result plus
 * `transactions`, `sources`, `incomplete` and `retrySource`.
 */
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

/**
 * Builds the query key `useMergedWalletHistory` stores a merged feed under, for invalidating or
 * reading it with your `QueryClient`.
 *
 * @param client - The client from `createClient` (its `baseUrl` and default `chain`; never its API key).
 * @param params - The merged feed's parameters, as given to the hook (without `query`).
 * @returns `['blockfeed', 'mergedWalletHistory', { baseUrl, defaultChain, …parameters as given (JSON-safe) }, { type: 'infinite' }]`.
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/react-query'
 * import { createClient } from 'blockfeed'
 * import { mergedWalletHistoryQueryKey } from 'blockfeed/react'
 *
 * const queryClient = new QueryClient()
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' } })
 * const queryKey = mergedWalletHistoryQueryKey(client, {
 *   address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *   chains: ['eth', 'base'],
 * })
 * await queryClient.invalidateQueries({ queryKey })
 * ```
 */
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
 * Reads one feed across several chains (and wallets), merged by time, page by page.
 *
 * Each (wallet, chain) pair is a source with its own cursor. A failing chain is reported in
 * `sources` while the others keep flowing; `retrySource(chain)` asks it again and its entries
 * land in place in `transactions`. It is `mergedWalletHistoryPages(client, …)` as an infinite query.
 *
 * @param parameters - `address` or `addresses`, `chains`, optionally `limit` (entries per page,
 * default 25), `order` and other history bounds, and TanStack Query options under `query`.
 * @returns TanStack Query's infinite-query result plus four fields. `transactions` is every
 * emitted entry in feed order, each transaction once, each with its `chain` (and `wallet`).
 * `sources` is each source's live state (`loading`, `ok`, `error` with its `error`, `done`).
 * `incomplete` names the sources that failed before the last entry shown. `retrySource(chain, wallet?)`
 * asks failed sources again. `fetchNextPage` loads the next merged page (it waits for a refetch
 * under way rather than cancelling it); `hasNextPage` is false once every source has ended.
 * @throws {@link InvalidParameterError} When the parameters are wrong (no chains, `address` and
 * `addresses` both given, an unknown chain…); nothing is sent. A source's own failure
 * (`HttpStatusError`, `TimeoutError`, `NetworkError`…) is not put in `error`: it is in that
 * source's `sources[i].error`.
 * @remarks `GET {baseUrl}/api/v2.2/wallets/{address}/history` per source: the first page asks every
 * source once, in parallel; `fetchNextPage` asks only the sources that hold the merge back. An entry is
 * shown only when no source can still hold one that sorts before it, so rows never jump. Query key
 * from {@link mergedWalletHistoryQueryKey}; pages stay fresh for 30 seconds; TanStack's `retry` is off
 * (the client's retries are the one layer).
 * @example
 * ```tsx
 * import { useMergedWalletHistory } from 'blockfeed/react'
 *
 * export function AcrossChains() {
 *   const { transactions, sources, retrySource, hasNextPage, fetchNextPage } = useMergedWalletHistory({
 *     address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *     chains: ['eth', 'base', 'polygon'],
 *   })
 *   return (
 *     <div>
 *       {sources
 *         .filter((s) => s.status === 'error')
 *         .map((s) => (
 *           <button key={s.chain} onClick={() => void retrySource(s.chain)}>
 *             Retry {s.chain}
 *           </button>
 *         ))}
 *       <ul>
 *         {transactions.map((tx) => (
 *           <li key={`${tx.chain}:${tx.hash}`}>
 *             {tx.chain}: {tx.hash}
 *           </li>
 *         ))}
 *       </ul>
 *       {hasNextPage && <button onClick={() => void fetchNextPage()}>Load more</button>}
 *     </div>
 *   )
 * }
 * ```
 */
export function useMergedWalletHistory(parameters: UseMergedWalletHistoryParameters): UseMergedWalletHistoryReturnType {
  return useMergedHistory(parameters, undefined)
}

/**
 * `useMergedWalletHistory` with a window of `window` merged pages (TanStack's `maxPages`; undefined:
 * every page): the merge keeps only those and a snapshot per page, and a page let go at the top is
 * merged again from its snapshot when asked for (`fetchPreviousPage`). The drop-in feed's, not public.
 */
export function useMergedHistory(parameters: UseMergedWalletHistoryParameters, window: number | undefined): UseMergedWalletHistoryReturnType {
  const { client, queryClient, historyPersister } = useBlockfeedQueryContext()
  const { query, persist, ...params } = parameters
  const queryKey = mergedWalletHistoryQueryKey(client, params)
  const queryHash = hashKey(queryKey)
  // One param (and merge session) per key, held from the first render: the sources show as
  // `loading` while the first page is under way, before TanStack stores the page's param.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialPageParam = useMemo(firstMergedPageParam, [queryHash])
  // The last visit's rows: each source's stored first page, merged before any request (see `persist`).
  const persister = useMemo(
    () => (persist === false || !historyPersister ? undefined : mergedHistoryPersister(historyPersister.load, client, params)),
    // `queryHash` stands for the parameters' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [persist, historyPersister, client, queryHash],
  )

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
      queryFn: ({ pageParam }) => Object.assign(mergeSessionFor(pageParam, client, params, persister !== undefined), { windowed: window !== undefined }).page(pageParam.page),
      persister: persister?.persisterFn,
      // Asked at fetch time: after `retrySource` a merge that had stopped can go on.
      getNextPageParam: (last, _all, lastParam) => {
        const session = sessionOf(lastParam)
        const more = session ? session.hasMore(lastParam.page) : last.more
        return more ? nextMergedPageParam(lastParam, lastParam.page + 1) : undefined
      },
      // A page the window let go (or every page above a window cached from before): merged again from its snapshot.
      getPreviousPageParam: (_first, _all, firstParam) => previousMergedPageParam(firstParam),
      maxPages: window,
    } as InfiniteOptions,
    queryClient,
  )

  const session = sessionOf(result.data ? result.data.pageParams[0] : initialPageParam)
  const subscribe = useCallback((listener: () => void) => session?.subscribe(listener) ?? (() => {}), [session])
  const live = useSyncExternalStore(subscribe, () => session?.sources ?? EMPTY, () => EMPTY)

  const pages = result.data?.pages
  useRevalidateRestored(result.data, result.refetch)
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
