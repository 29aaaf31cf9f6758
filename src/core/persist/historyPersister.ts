import { hashKey, type Query, type QueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/query-core'
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core'
import { recordArrivals } from '../arrivals/arrivalStore.js'
import type { WalletHistoryPage } from '../history/schema.js'
import type { WalletHistoryData } from '../query/walletHistory.js'
import {
  DEFAULT_MAX_AGE_MS,
  DEFAULT_MAX_ENTRIES,
  HISTORY_KEY_PREFIX,
  HISTORY_RECORD_VERSION,
  MAX_STORED_PAGES,
  STORAGE_WAIT_MS,
  type PersistHistoryOptions,
} from './options.js'
import { deserializeHistoryRecord, recordHashOf, serializeHistoryRecord, type PageReader } from './record.js'
import { isRestoredHistory, markRestored, unmarkRestored } from './restored.js'
import { mergeFirstPage } from './revalidate.js'
import { settle, warnInDevelopment } from './settle.js'
import { guardStorage, indexedDbStorage } from './storage.js'

type FetchAll<T> = (context: QueryFunctionContext<QueryKey>) => T | Promise<T>
type PageFn = (context: QueryFunctionContext<QueryKey, string | undefined>) => Promise<WalletHistoryPage>

/** A history query's `persister`: restores the last visit's rows, then keeps the first pages stored. */
export interface HistoryPersister {
  /**
   * Wraps the query's fetch. With no data yet, it answers the stored history if there is one (no
   * request); the first fetch of restored data reads only the first page again; every successful
   * fetch stores the first pages.
   */
  persisterFn: <T>(fetchAll: FetchAll<T>, context: QueryFunctionContext<QueryKey>, query: Query, waitMs?: number) => Promise<T>
  /**
   * The stored history of `queryKey`, read as a network page is (undefined when there is none, or it
   * is dropped), within `waitMs`. For a feed that keeps its histories in a query of its own (the merged feed).
   */
  retrieve: (queryKey: QueryKey, waitMs?: number) => Promise<WalletHistoryData | undefined>
  /** Stores `data` (its first pages) as the history of `queryKey`; a write that fails is dropped. */
  save: (queryKey: QueryKey, data: WalletHistoryData) => void
}

/**
 * Makes the persister of the history queries of `client`; undefined on a server, in a browser with
 * no IndexedDB when no storage is given, and for a client that does not come from `createClient`
 * (it carries the history reader stored pages are read with). The feed then loads from the network.
 */
export function createHistoryPersister(client: object, options: PersistHistoryOptions = {}): HistoryPersister | undefined {
  if (typeof window === 'undefined') return undefined
  // Reached through the client, so that this chunk imports no module of the first load (see createClient).
  const read = (client as { [key: symbol]: PageReader | undefined })[Symbol.for('blockfeed.readWalletHistoryPage')]
  const storage = options.storage ?? indexedDbStorage()
  if (!storage || !read) return undefined
  const guarded = guardStorage(storage)
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES
  const tanstack = experimental_createQueryPersister<string>({
    storage: guarded,
    buster: HISTORY_RECORD_VERSION,
    maxAge: options.maxAgeMs ?? DEFAULT_MAX_AGE_MS,
    prefix: HISTORY_KEY_PREFIX,
    serialize: (query) => serializeHistoryRecord(query, maxEntries),
    deserialize: (raw) => deserializeHistoryRecord(raw, read),
    refetchOnRestore: false,
  })
  // After the fetch has set the query's data (the next macrotask); a write that fails is dropped.
  // (`as never`: the persister's own copy of query-core may be another version; it reads the query's state only.)
  const store = (query: Query) => setTimeout(() => void tanstack.persistQuery(query as never).catch(() => undefined), 0)

  const restore = async ({ queryHash }: Pick<Query, 'queryHash'>, waitMs: number): Promise<WalletHistoryData | undefined> => {
    const data = await settle<WalletHistoryData | undefined>(() => tanstack.retrieveQuery(queryHash), undefined, waitMs)
    if (data === undefined) return undefined
    if (recordHashOf(data) !== queryHash) {
      warnInDevelopment('a stored history was dropped (it names another wallet, chain set or filters); it is loaded from the network instead.')
      void guarded.removeItem(`${HISTORY_KEY_PREFIX}-${queryHash}`)
      return undefined
    }
    markRestored(data)
    return data
  }

  const revalidate = async (context: QueryFunctionContext<QueryKey>, query: Query, restored: WalletHistoryData) => {
    const page = await (query.options.queryFn as PageFn)({ ...context, pageParam: undefined, direction: 'forward' } as QueryFunctionContext<QueryKey, string | undefined>)
    const { data, arrived } = mergeFirstPage(restored, page)
    const client = (context as { client?: QueryClient }).client
    if (client) recordArrivals(client, hashKey(query.queryKey), arrived)
    return data
  }

  return {
    retrieve: (queryKey, waitMs = STORAGE_WAIT_MS) => restore({ queryHash: hashKey(queryKey) }, waitMs),
    save: (queryKey, data) => store({ queryHash: hashKey(queryKey), queryKey, state: { data, dataUpdatedAt: Date.now() } } as unknown as Query),
    async persisterFn<T>(fetchAll: FetchAll<T>, context: QueryFunctionContext<QueryKey>, query: Query, waitMs = STORAGE_WAIT_MS): Promise<T> {
      const before = query.state.data
      // `fetchNextPage` marks its fetch; a plain fetch of restored rows is their revalidation.
      const more = (query.state.fetchMeta as { fetchMore?: unknown } | null | undefined)?.fetchMore !== undefined
      if (before === undefined) {
        const restored = await restore(query, waitMs)
        if (restored) return restored as T
      } else if (isRestoredHistory(before) && !more) {
        const data = await revalidate(context, query, before as WalletHistoryData)
        // Structural sharing may keep `before` itself when nothing changed: it is confirmed all the same.
        unmarkRestored(before as object)
        store(query)
        return data as T
      }
      const data = await fetchAll(context)
      // Pages added under restored rows are still unconfirmed; they are stored once the first page is read again.
      if (isRestoredHistory(before)) markRestored(data as object)
      else if (!more || (data as WalletHistoryData).pages.length <= MAX_STORED_PAGES) store(query)
      return data
    },
  }
}

// The chunk's one export the hooks load (`import()`), by the shortest name.
export default createHistoryPersister
