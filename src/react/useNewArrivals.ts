import { hashKey } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { WalletHistoryParameters } from '../core/history/params.js'
import type { WalletHistoryPage } from '../core/history/schema.js'
import { InvalidParameterError } from '../core/errors.js'
import { watchHead } from '../core/live/headPoller.js'
import { jsonSafe } from '../core/query/jsonSafe.js'
import { walletHistoryInfiniteQueryOptions } from '../core/query/walletHistory.js'
import { arrivalStore, insertIntoHistory, readFirstPage } from './firstPageRefresh.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

export interface UseNewArrivalsParameters {
  /**
   * The histories to follow, one per (wallet, chain), newest first: on each new block of its chain
   * (the shared head poller) a history's first page is read again (shared, see `readFirstPage`).
   */
  sources: readonly Partial<WalletHistoryParameters>[]
  /** Default true. Off: no poll, no request. */
  enabled?: boolean | undefined
  /** How often heads are read and at most how often a first page is; default the provider's `pollingIntervalMs`. */
  intervalMs?: number | undefined
  /**
   * Where new entries go. Default: the loaded history of the (first) source, as `useWalletHistory`
   * holds it. The merged feed passes its own query (`queryHash`) and how to put a source's page in it.
   */
  target?: {
    queryHash: string
    insert: (source: Partial<WalletHistoryParameters>, page: WalletHistoryPage) => void
  } | undefined
}

export interface UseNewArrivalsReturnType {
  /** Lowercase hashes of the entries that arrived live in the target history (the feed may hold them back while scrolled). */
  arrivals: ReadonlySet<string>
  /** `retrying`: a head poll or a first-page read failed and has not succeeded since; `off` when disabled. */
  status: 'off' | 'live' | 'retrying'
}

interface Followed {
  params: Partial<WalletHistoryParameters>
  /** A new block whose first page is not read yet. */
  wanted: bigint | undefined
  busy: boolean
  failed: boolean
}

/**
 * New arrivals without a reload: follows each source's chain head through the one shared head
 * poller per (client, chain) and, once per new block and at most once per interval, reads only the
 * first page again and puts the entries not loaded yet at the top (newest-first histories only).
 * Every feed and hook of the same history and QueryClient shares one read per block.
 */
export function useNewArrivals({ sources, enabled = true, intervalMs, target }: UseNewArrivalsParameters): UseNewArrivalsReturnType {
  const { client, queryClient, pollingIntervalMs } = useBlockfeedQueryContext()
  const interval = intervalMs ?? pollingIntervalMs
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
    let stopped = false
    const followed: Followed[] = sourcesRef.current.map((params) => ({ params, wanted: undefined, busy: false, failed: false }))
    const headFailed = new Map<string, boolean>()
    const update = () => {
      if (!stopped) setRetrying([...headFailed.values()].some(Boolean) || followed.some((f) => f.failed))
    }
    const attempt = (f: Followed) => {
      if (f.wanted === undefined || f.busy) return
      const block = f.wanted
      const read = readFirstPage(client, queryClient, f.params, block, interval)
      // Too soon or hidden: asked again at the next poll.
      if (!read) return
      f.busy = true
      read.then(
        (page) => {
          f.busy = false
          if (stopped) return
          const insert = insertRef.current
          if (insert) insert(f.params, page)
          else insertIntoHistory(client, queryClient, f.params, page)
          if (f.wanted === block) f.wanted = undefined
          f.failed = false
          update()
        },
        () => {
          f.busy = false
          f.failed = true
          update()
        },
      )
    }
    const byChain = new Map<string, Followed[]>()
    for (const f of followed) {
      const chain = String(f.params.chain ?? client.chain ?? '')
      byChain.set(chain, [...(byChain.get(chain) ?? []), f])
    }
    const releases = new Map<string, () => void>()
    const unwatchable = new Set<string>()
    for (const [chain, list] of byChain) {
      const release = watchHead(client, chain || undefined, {
        intervalMs: interval,
        // After the head listeners ran (a new head sets `wanted`): read what is still wanted, also a read that failed.
        onPoll: () =>
          queueMicrotask(() => {
            if (stopped) return
            if (headFailed.get(chain)) {
              headFailed.set(chain, false)
              update()
            }
            for (const f of list) attempt(f)
          }),
        // The first head seen is where the chain was when the feed loaded: not an arrival.
        onHead: (head, previous) => {
          if (previous === undefined) return
          for (const f of list) f.wanted = head
        },
        onError: (error) => {
          // No RPC URL for this chain: not a lost connection, and no retry will help; it is simply not followed.
          if (error instanceof InvalidParameterError) {
            unwatchable.add(chain)
            releases.get(chain)?.()
            return
          }
          headFailed.set(chain, true)
          update()
        },
      })
      // The first poll may fail before `watchHead` has returned its release.
      if (unwatchable.has(chain)) release()
      else releases.set(chain, release)
    }
    return () => {
      stopped = true
      setRetrying(false)
      for (const release of releases.values()) release()
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
