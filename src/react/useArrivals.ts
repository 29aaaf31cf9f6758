import { hashKey } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { WalletHistoryParameters } from '../core/history/params.js'
import type { WalletHistoryPage } from '../core/history/schema.js'
import { pollingInterval } from '../core/live/pollingInterval.js'
import { jsonSafe } from '../core/query/jsonSafe.js'
import { walletHistoryInfiniteQueryOptions } from '../core/query/walletHistory.js'
import { arrivalStore } from '../core/arrivals/arrivalStore.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

/** What `useNewArrivals` takes: the histories to follow, and when and how often. */
export interface UseNewArrivalsParameters {
  /**
   * The histories to follow, one per (wallet, chain), newest first, with the same parameters you
   * give `useWalletHistory`: on each new block of its chain (the shared head poller) a history's
   * first page is read again (shared with every other reader of it, see `readFirstPage`).
   */
  sources: readonly Partial<WalletHistoryParameters>[]
  /**
   * Follows the heads only while true; off, nothing is polled or sent.
   * @defaultValue `true`
   */
  enabled?: boolean | undefined
  /**
   * How often, in milliseconds, heads are read, and at most how often a first page is.
   * @defaultValue the provider's `pollingIntervalMs`
   */
  intervalMs?: number | undefined
  /**
   * Where new entries go, for a feed that keeps its own query (the merged feed passes its
   * `queryHash` and how to put a source's page in it).
   * @defaultValue the loaded history of the first source, as `useWalletHistory` holds it
   */
  target?: {
    queryHash: string
    insert: (source: Partial<WalletHistoryParameters>, page: WalletHistoryPage) => void
  } | undefined
}

/** The engine (`firstPageRefresh.ts`): imported by `useNewArrivals`, loaded as a chunk of its own by the feed. */
export type ArrivalsEngine = Pick<typeof import('../core/arrivals/firstPageRefresh.js'), 'followArrivals'>

/** What `useNewArrivals` returns: which entries arrived live, and whether following works. */
export interface UseNewArrivalsReturnType {
  /**
   * The entries that arrived live in the target history, by `entryId`: the lowercase hash, or chain and
   * hash in a merged feed (the feed may hold them back while scrolled).
   */
  arrivals: ReadonlySet<string>
  /** `live` while following; `retrying` when a head poll or a first-page read failed and has not succeeded since; `off` when disabled. */
  status: 'off' | 'live' | 'retrying'
}

/**
 * `useNewArrivals` with the engine brought by `load` (the drop-in feed loads it after its first screen).
 * New arrivals without a reload: follows each source's chain head through the one shared head
 * poller per (client, chain) and, once per new block and at most once per interval, reads only the
 * first page again and puts the entries not loaded yet at the top (newest-first histories only).
 * Every feed and hook of the same history and QueryClient shares one read per block.
 */
export function useArrivals({ sources, enabled = true, intervalMs, target, load }: UseNewArrivalsParameters & { load: () => Promise<ArrivalsEngine> }): UseNewArrivalsReturnType {
  const { client, queryClient, pollingIntervalMs } = useBlockfeedQueryContext()
  // Never a 0 or NaN: it would re-read without pause, and retry a chunk that does not load in a loop.
  const interval = pollingInterval(intervalMs ?? pollingIntervalMs)
  const sourcesKey = JSON.stringify(jsonSafe(sources))
  const sourcesRef = useRef(sources)
  sourcesRef.current = sources
  const insertRef = useRef(target?.insert)
  insertRef.current = target?.insert
  const queryHash = target?.queryHash ?? hashKey(walletHistoryInfiniteQueryOptions(client, sources[0] ?? {}).queryKey)
  const on = enabled && sources.length > 0
  const [retrying, setRetrying] = useState(false)

  useEffect(() => {
    if (!on) return
    let stop: (() => void) | undefined
    let cancelled = false
    let attempts = 0
    let retry: ReturnType<typeof setTimeout> | undefined
    // The engine is a chunk of its own: if it does not load (offline, a new deploy), say so and try again.
    const start = () =>
      load().then(
        ({ followArrivals }) => {
          if (cancelled) return
          setRetrying(false)
          stop = followArrivals({
            client,
            queryClient,
            sources: sourcesRef.current,
            intervalMs: interval,
            insert: (source, page) => insertRef.current?.(source, page),
            ownTarget: () => insertRef.current === undefined,
            onRetrying: setRetrying,
          })
        },
        () => {
          if (cancelled) return
          setRetrying(true)
          retry = setTimeout(start, Math.min(60_000, interval * 2 ** attempts++))
        },
      )
    void start()
    return () => {
      cancelled = true
      clearTimeout(retry)
      stop?.()
      setRetrying(false)
    }
    // `sourcesKey` stands for the sources' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on, client, queryClient, interval, sourcesKey])

  const store = arrivalStore(queryClient, queryHash)
  const subscribe = useCallback(
    (listener: () => void) => {
      store.listeners.add(listener)
      return () => void store.listeners.delete(listener)
    },
    [store],
  )
  const arrivals = useSyncExternalStore(
    subscribe,
    () => store.snapshot,
    () => store.snapshot,
  )
  return { arrivals, status: on ? (retrying ? 'retrying' : 'live') : 'off' }
}
