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
  mergedWalletHistoryPages,
  type HistorySource,
  type MergedSourceState,
  type MergedTransactionEntry,
  type MergedWalletHistoryIterator,
  type MergedWalletHistoryPage,
  type MergedWalletHistoryParameters,
  type MergeState,
} from '../core/history/merge.js'
import type { BlockfeedQueryError } from '../core/query/error.js'
import { jsonSafe } from '../core/query/jsonSafe.js'
import { both } from '../core/query/enabled.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'
import { withFields } from './withFields.js'

/** A merged page plus whether the merge can still give more without a retry. */
export interface MergedHistoryPage extends MergedWalletHistoryPage {
  /** Some source can still answer or some entry waits to be emitted. */
  more: boolean
}

export type MergedWalletHistoryData = InfiniteData<MergedHistoryPage, number>
export type MergedWalletHistoryQueryKey = readonly ['blockfeed', 'mergedWalletHistory', Record<string, unknown>, { readonly type: 'infinite' }]

type InfiniteOptions = UseInfiniteQueryOptions<MergedHistoryPage, BlockfeedQueryError, MergedWalletHistoryData, MergedWalletHistoryQueryKey, number>

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

/**
 * One merge run per query: the iterator keeps one cursor per source, so it lives beside the
 * cache (per QueryClient, by query hash) and page 0 starts a fresh one (a refetch re-merges).
 */
interface Session {
  iterator: MergedWalletHistoryIterator
  version: number
  snapshot: MergedSourceState[]
  listeners: Set<() => void>
  /** Every page made so far, by page param. */
  pages: Promise<MergedHistoryPage>[]
}

const sessionsByClient = new WeakMap<QueryClient, Map<string, Session>>()

function sessionsOf(queryClient: QueryClient): Map<string, Session> {
  let map = sessionsByClient.get(queryClient)
  if (!map) {
    const created = new Map<string, Session>()
    map = created
    sessionsByClient.set(queryClient, created)
    // A query the cache dropped takes its merge state with it.
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'removed') {
        void created.get(event.query.queryHash)?.iterator?.return?.()
        created.delete(event.query.queryHash)
      }
    })
  }
  return map
}

/** The merge state behind a loaded merged query (undefined before its first page, or for data not merged here, e.g. hydrated). */
export function mergeStateOf(queryClient: QueryClient, queryHash: string): MergeState | undefined {
  return sessionsByClient.get(queryClient)?.get(queryHash)?.iterator?.state
}

function notify(session: Session): void {
  if (!session.iterator) return
  session.version++
  session.snapshot = session.iterator.sources
  for (const l of session.listeners) l()
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
  const queryHash = hashKey(queryKey)
  const sessions = sessionsOf(queryClient)

  const result = useInfiniteQuery(
    {
      // No `retry`: the client's own retries are the one layer, and a source's failure is a page, not an error.
      retry: false,
      staleTime: 30_000,
      ...query,
      queryKey,
      enabled: both(hasWallets(params), query?.enabled),
      initialPageParam: 0,
      // The merge's state lives outside the cache: a fetch that is not awaited to the end would
      // leave it between pages, so the signal is not taken (the step finishes and is cached).
      queryFn: ({ pageParam }): Promise<MergedHistoryPage> => {
        let session = sessions.get(queryHash)
        // Page 0 merges again from the start: a refetch, or a reset (no data, but the last run's pages are stale).
        if (pageParam === 0 || session?.iterator === undefined) {
          const old = session
          void old?.iterator?.return?.()
          const source: HistorySource = {
            chain: client.chain,
            extraChains: client.extraChains,
            getWalletHistory: async (request, options) => {
              const s = sessions.get(queryHash)
              if (s) notify(s)
              try {
                return await client.getWalletHistory(request, options)
              } finally {
                // The merge records the answer right after this settles.
                queueMicrotask(() => {
                  const now = sessions.get(queryHash)
                  if (now) notify(now)
                })
              }
            },
          }
          const iterator = mergedWalletHistoryPages(source, params)
          session = { iterator, version: 0, snapshot: iterator.sources, listeners: old?.listeners ?? new Set(), pages: [] }
          sessions.set(queryHash, session)
        }
        const s = session
        // Each page is made once and kept: a fetch TanStack discarded (a newer fetchNextPage won)
        // must hand the same page to the next one, or its entries would be lost.
        while (s.pages.length <= pageParam) {
          const made = s.iterator.next().then((step) => {
            notify(s)
            const state = s.iterator.state
            const more = state.sources.some((x) => x.status === 'ok' || x.status === 'loading' || x.nextIndex < x.buffer.length)
            if (step.done) return { entries: [], late: [], sources: s.iterator.sources, incomplete: [], done: !more, more }
            return { ...step.value, more }
          })
          // A failed step (an abort) is not kept: asking again runs it again.
          const index = s.pages.length
          made.catch(() => {
            if (s.pages[index] === made) s.pages.length = index
          })
          s.pages.push(made)
        }
        return s.pages[pageParam]!
      },
      // Asked at fetch time: after `retrySource` a merge that had stopped can go on.
      getNextPageParam: (last: MergedHistoryPage, all: MergedHistoryPage[]) => {
        const session = sessions.get(queryHash)
        const state = session?.iterator?.state
        // A page already made (and discarded by TanStack) is still to be handed out.
        if (session && session.pages.length > all.length) return all.length
        const more = state ? state.sources.some((s) => s.status === 'ok' || s.status === 'loading' || s.nextIndex < s.buffer.length || state.late.size > 0) : last.more
        return more ? all.length : undefined
      },
    } as InfiniteOptions,
    queryClient,
  )

  const subscribe = useCallback(
    (listener: () => void) => {
      let session = sessions.get(queryHash)
      if (!session) {
        // Not started yet: keep the listener where the session will pick it up.
        session = { iterator: undefined as unknown as MergedWalletHistoryIterator, version: 0, snapshot: EMPTY, listeners: new Set(), pages: [] }
        sessions.set(queryHash, session)
      }
      const listeners = session.listeners
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    [sessions, queryHash],
  )
  const live = useSyncExternalStore(
    subscribe,
    () => sessions.get(queryHash)?.snapshot ?? EMPTY,
    () => EMPTY,
  )

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
      const session = sessions.get(queryHash)
      if (!session?.iterator) return Promise.resolve(undefined)
      session.iterator.retrySource(chain, wallet)
      notify(session)
      const waiting = () => session.iterator.state.sources.some((x) => x.status === 'loading' && !x.inFlight && x.requests > 0)
      // A page already under way was planned before the retry: ask once more if it left the source waiting.
      return fetchNextPage({ cancelRefetch: false }).then((r) => (waiting() ? fetchNextPage({ cancelRefetch: false }) : r))
    },
    [sessions, queryHash, fetchNextPage],
  )

  // Not cancelling by default: a load-more during a refetch (window focus, "Try again") would keep the
  // old pages under a page of the new merge, losing or repeating rows. It waits for the refetch instead.
  const loadMore = useCallback((options?: Parameters<typeof fetchNextPage>[0]) => fetchNextPage({ cancelRefetch: false, ...options }), [fetchNextPage])

  return withFields(result, { transactions, sources, incomplete, retrySource, fetchNextPage: loadMore }) as unknown as UseMergedWalletHistoryReturnType
}
