import type { Query, QueryFunctionContext, QueryKey } from '@tanstack/query-core'
import { useEffect, useRef } from 'react'
import type { PersistHistoryOptions } from '../core/persist/options.js'

type Chunk = import('../core/persist/historyPersister.js').HistoryPersister

/**
 * The `persister` of a history query (TanStack's `QueryPersister` shape), and `load`, the persister
 * itself once its chunk has loaded (undefined when it does nothing here), for the merged feed's own.
 */
export type HistoryPersisterFn = (<T>(fetchAll: (context: QueryFunctionContext<QueryKey>) => T | Promise<T>, context: QueryFunctionContext<QueryKey>, query: Query) => Promise<T>) & {
  load: () => Promise<Chunk | undefined>
}

/**
 * The history queries' persister for a provider's client and `persist`: none with `false`, or
 * without IndexedDB (a server, jsdom, some private modes) when no storage is given. The persister itself is a
 * chunk of its own, loaded on the first fetch; a chunk that fails to load is a fetch without it.
 */
export function lazyHistoryPersister(client: object, options: false | PersistHistoryOptions): HistoryPersisterFn | undefined {
  // A server has no IndexedDB; with a storage of yours, the persister's chunk itself does nothing there.
  if (options === false || !(options.storage || typeof indexedDB !== 'undefined')) return undefined
  let loading: Promise<Chunk | undefined> | undefined
  const load = () => (loading ??= import('../core/persist/historyPersister.js').then((m) => m.default(client, options)))
  const persisterFn = <T,>(fetchAll: (context: QueryFunctionContext<QueryKey>) => T | Promise<T>, context: QueryFunctionContext<QueryKey>, query: Query): Promise<T> =>
    load().then(
      (persister) => (persister ? persister.persisterFn(fetchAll, context, query) : fetchAll(context)),
      () => fetchAll(context),
    )
  // A chunk that fails to load is no persister: the feed loads from the network.
  return Object.assign(persisterFn, { load: () => load().catch(() => undefined) })
}

/**
 * Reads the first page again once restored rows are on screen (after the frame that paints them, so
 * no request goes out before they are painted): one request, joined by every other observer of the
 * same history and by a fetch under way (`cancelRefetch: false`; the rows it brings are flagged
 * again, and read then). The flag is the persister's (src/core/persist/restored.ts), read by its
 * global symbol.
 */
export function useRevalidateRestored(data: unknown, refetch: (options: { cancelRefetch: boolean }) => Promise<unknown>): void {
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => void (mounted.current = false)
  }, [])
  useEffect(() => {
    if (!(data as { [key: symbol]: unknown } | undefined)?.[Symbol.for('blockfeed.restored')]) return
    // A passive effect may run before the browser paints the commit: wait for the next frame, then
    // the task after it (a tab in the background has its frame once it is shown again). Not called
    // off when the data changes meanwhile (it may lose the flag without being read again); on unmount, it is.
    const go = () => {
      if (mounted.current) void refetch({ cancelRefetch: false })
    }
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(go, 0))
    else setTimeout(go, 0)
    // Once per restored data object; a failed revalidation keeps the rows and waits for a retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data])
}
