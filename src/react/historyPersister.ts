import type { Query, QueryFunctionContext, QueryKey } from '@tanstack/query-core'
import { useEffect } from 'react'
import type { HistoryPersister } from '../core/persist/historyPersister.js'
import { isRestoredHistory } from '../core/persist/restored.js'
import { STORAGE_WAIT_MS, type PersistHistoryOptions } from '../core/persist/options.js'
import { settle } from '../core/persist/settle.js'

/** The `persister` of a history query (TanStack's `QueryPersister` shape). */
export type HistoryPersisterFn = <T>(fetchAll: (context: QueryFunctionContext<QueryKey>) => T | Promise<T>, context: QueryFunctionContext<QueryKey>, query: Query) => Promise<T>

const made = new WeakMap<PersistHistoryOptions, HistoryPersisterFn>()
const DEFAULTS: PersistHistoryOptions = {}
/** The longest the first fetch waits for the persister's chunk (code, not storage: a slow network, not a hung database). */
const CHUNK_WAIT_MS = 2_000

/**
 * The history queries' persister for the provider's `persist`: none on a server, with `false`, or in a
 * browser without IndexedDB when no storage is given. The persister is a chunk of its own, loaded from
 * the first render on (as any lazy part of the feed; a chunk that does not come within 2 s is given up
 * for that fetch); the storage then holds the first request back 100 ms at most.
 */
export function historyPersisterFor(options: false | PersistHistoryOptions | undefined): HistoryPersisterFn | undefined {
  if (options === false || typeof window === 'undefined') return undefined
  const resolved = options ?? DEFAULTS
  if (!resolved.storage && typeof indexedDB === 'undefined') return undefined
  let fn = made.get(resolved)
  if (!fn) made.set(resolved, (fn = lazyPersister(resolved)))
  return fn
}

function lazyPersister(options: PersistHistoryOptions): HistoryPersisterFn {
  let loading: Promise<HistoryPersister | undefined> | undefined
  const load = () =>
    (loading ??= import('../core/persist/historyPersister.js').then(
      (m) => m.createHistoryPersister(options),
      () => undefined,
    ))
  void load()
  return async (fetchAll, context, query) => {
    const persister = await settle<HistoryPersister | undefined>(load, undefined, CHUNK_WAIT_MS)
    if (!persister) return fetchAll(context)
    return persister.persisterFn(fetchAll, context, query, STORAGE_WAIT_MS)
  }
}

/**
 * Reads the first page again once restored rows are on screen (after the commit, so they are painted
 * before any request): one request, joined by every other observer of the same history.
 */
export function useRevalidateRestored(data: unknown, refetch: (options: { cancelRefetch: boolean }) => Promise<unknown>, fetching: boolean): void {
  const restored = isRestoredHistory(data)
  useEffect(() => {
    if (restored && !fetching) void refetch({ cancelRefetch: false })
    // Once per restored data object; a failed revalidation keeps the rows and waits for a retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data])
}
