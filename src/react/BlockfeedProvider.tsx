import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import { createTransactionTracker, type TransactionTracker } from '../core/live/tracker.js'
import { BlockfeedContext } from './context.js'

export interface BlockfeedProviderProps {
  /** From `createClient(…)`; create it once (module scope or `useState`), not on every render. */
  client: BlockfeedClient
  /** Interval of the one shared `eth_blockNumber` poller per chain used by `watch: true` and by the tracker. Default 4000 ms. */
  pollingIntervalMs?: number | undefined
  /**
   * The tracker behind `useSendRawTransaction`, `useTrackTransaction` and `useTrackedTransactions`.
   * Default: one created on first use with this client and `pollingIntervalMs`, stopped on unmount.
   * One you pass is yours to stop.
   */
  tracker?: TransactionTracker | undefined
  children?: ReactNode
}

/** Makes a blockfeed client (and its transaction tracker) available to the hooks; put it inside your `QueryClientProvider`. */
export function BlockfeedProvider({ client, pollingIntervalMs = 4_000, tracker, children }: BlockfeedProviderProps) {
  const own = useRef<{ tracker: TransactionTracker; client: BlockfeedClient; intervalMs: number } | undefined>(undefined)

  const getTracker = useMemo(() => {
    if (tracker) return () => tracker
    return () => {
      const current = own.current
      if (current && current.client === client && current.intervalMs === pollingIntervalMs) return current.tracker
      // Another client or interval: the old tracker stops; records carry over through storage.
      current?.tracker.stop()
      const created = createTransactionTracker({ client, pollingIntervalMs })
      own.current = { tracker: created, client, intervalMs: pollingIntervalMs }
      return created
    }
  }, [client, pollingIntervalMs, tracker])

  // Stopped on unmount (and when a `tracker` prop takes over); the next use after a remount creates a new one.
  useEffect(
    () => () => {
      own.current?.tracker.stop()
      own.current = undefined
    },
    [client, pollingIntervalMs, tracker],
  )

  const value = useMemo(() => ({ client, pollingIntervalMs, getTracker }), [client, pollingIntervalMs, getTracker])
  return <BlockfeedContext.Provider value={value}>{children}</BlockfeedContext.Provider>
}
