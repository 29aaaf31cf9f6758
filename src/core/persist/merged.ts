import { hashKey, type Query, type QueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/query-core'
import { recordArrivals } from '../arrivals/arrivalStore.js'
import {
  createMergeState,
  mergedEntryId,
  mergedPage,
  mergeHasMore,
  receiveSourcePage,
  takeMergedEntries,
  type HistorySource,
  type MergedWalletHistoryParameters,
} from '../history/merge.js'
import type { WalletHistoryPage } from '../history/schema.js'
import { nextMergedPageParam, sessionFor, sessionOf, type MergedHistoryPage, type MergedPageParam, type MergeSession } from '../query/mergedSession.js'
import { walletHistoryQueryKey, type QueryKeyClient } from '../query/walletHistory.js'
// A type only: the persister's code is a chunk of its own (`load`), not part of the merged feed's.
import type { HistoryPersister } from './historyPersister.js'
import { isRestoredHistory, markRestored, unmarkRestored } from './restored.js'

type MergedData = { pages: MergedHistoryPage[]; pageParams: MergedPageParam[] }
type FetchAll<T> = (context: QueryFunctionContext<QueryKey>) => T | Promise<T>
type PageFn = (context: QueryFunctionContext<QueryKey, MergedPageParam>) => Promise<MergedHistoryPage>
type Client = HistorySource & QueryKeyClient

/** Each source's first page as the merge last read it from the top, by the source's history key (see `capturingFirstPages`). */
type FirstPages = Map<string, { queryKey: QueryKey; page: WalletHistoryPage }>

// The first pages of each merge session (the object a merged query's page params share), as its last restart read them.
const firstPagesOf = new WeakMap<object, FirstPages>()

/** The key a source's first page is kept under: its own history's (as `useWalletHistory` keys it), so `clearPersistedHistory` finds it by wallet. */
const sourceKey = (client: QueryKeyClient, params: object) => walletHistoryQueryKey(client, params as Parameters<typeof walletHistoryQueryKey>[1])

/**
 * `sessionFor`, keeping each source's first page when the merge starts again from the top (`keep`),
 * to be stored once the merged page is made.
 */
export function mergeSessionFor(param: MergedPageParam, client: Client, params: MergedWalletHistoryParameters, keep: boolean): MergeSession {
  const restarts = param.page === 0 || sessionOf(param)?.state === undefined
  if (!keep || !restarts) return sessionFor(param, client, params)
  const pages: FirstPages = new Map()
  const session = sessionFor(param, capturing(client, pages), params)
  firstPagesOf.set(session, pages)
  return session
}

function capturing(client: Client, pages: FirstPages): HistorySource {
  return {
    chain: client.chain,
    extraChains: client.extraChains,
    getWalletHistory: async (request, options) => {
      const page = await client.getWalletHistory(request, options)
      if (request.cursor === undefined) {
        const queryKey = sourceKey(client, request)
        pages.set(hashKey(queryKey), { queryKey, page })
      }
      return page
    },
  }
}

/**
 * The merged feed's `persister`: keeps each source's first page (the source's own stored history),
 * paints the first merged page from them before any request (the same merge, with no network), then
 * merges again from the top once: one request per source. Entries the stored rows did not have are
 * recorded as arrivals (the feed holds them behind "N new" while the reader is scrolled).
 */
export function mergedHistoryPersister(load: () => Promise<HistoryPersister | undefined>, client: Client, params: MergedWalletHistoryParameters) {
  const restore = async (initialPageParam: MergedPageParam): Promise<MergedData | undefined> => {
    const persister = await load()
    if (!persister) return undefined
    let state
    try {
      state = createMergeState(params, { chain: client.chain, extraChains: client.extraChains })
    } catch {
      // Wrong parameters: the network fetch reports them.
      return undefined
    }
    // One read per source, side by side: the whole restore waits for the storage 100 ms at most.
    const stored = await Promise.all(state.sources.map((s) => persister.retrieve(sourceKey(client, s.params))))
    // Every source or none: a feed missing a chain's rows would show the others' as if it had none.
    if (stored.some((d) => d === undefined)) return undefined
    state.sources.forEach((s, i) => receiveSourcePage(state, s, stored[i]!.pages[0]!))
    if (state.sources.some((s) => s.status === 'error')) return undefined
    const page: MergedHistoryPage = { ...mergedPage(state, takeMergedEntries(state, state.limit)), more: mergeHasMore(state) }
    const data: MergedData = { pages: [page], pageParams: [initialPageParam] }
    markRestored(data)
    return data
  }

  const save = (data: MergedData) => {
    const session = sessionOf(data.pageParams[0])
    const pages = session && firstPagesOf.get(session)
    if (!pages?.size) return
    void load().then((persister) => {
      for (const { queryKey, page } of pages.values()) persister?.save(queryKey, { pages: [page], pageParams: [undefined] })
    })
  }

  const revalidate = async (context: QueryFunctionContext<QueryKey>, query: Query, restored: MergedData): Promise<MergedData> => {
    const param = restored.pageParams[0]!
    const page = await (query.options.queryFn as PageFn)({ ...context, pageParam: param, direction: 'forward' } as QueryFunctionContext<QueryKey, MergedPageParam>)
    const shown = new Set(restored.pages.flatMap((p) => [...p.entries, ...p.late].map(mergedEntryId)))
    const arrived = [...page.entries, ...page.late].map(mergedEntryId).filter((id) => !shown.has(id))
    const queryClient = (context as { client?: QueryClient }).client
    if (queryClient) recordArrivals(queryClient, query.queryHash, arrived)
    return { pages: [page], pageParams: [param] }
  }

  return {
    async persisterFn<T>(fetchAll: FetchAll<T>, context: QueryFunctionContext<QueryKey>, query: Query): Promise<T> {
      const before = query.state.data as MergedData | undefined
      const more = (query.state.fetchMeta as { fetchMore?: unknown } | null | undefined)?.fetchMore !== undefined
      if (before === undefined) {
        const restored = await restore((query.options as { initialPageParam?: MergedPageParam }).initialPageParam ?? { page: 0 })
        if (restored) return restored as T
      } else if (isRestoredHistory(before)) {
        // The first fetch of restored rows (their revalidation, or a next page asked before it): the merge from the top first.
        const data = await revalidate(context, query, before)
        unmarkRestored(before)
        save(data)
        if (!more) return data as T
        // The next page of the merge just made, from the same session.
        const next = nextMergedPageParam(data.pageParams[0]!, 1)
        const page = await (query.options.queryFn as PageFn)({ ...context, pageParam: next, direction: 'forward' } as QueryFunctionContext<QueryKey, MergedPageParam>)
        return { pages: [...data.pages, page], pageParams: [...data.pageParams, next] } as T
      }
      const data = await fetchAll(context)
      if (!more) save(data as MergedData)
      return data
    },
  }
}
