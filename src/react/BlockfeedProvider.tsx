import { useMemo, type ReactNode } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import type { TransactionTracker } from '../core/live/tracker.js'
import { BlockfeedContext } from './context.js'

export interface BlockfeedProviderProps {
  /** From `createClient(…)`; create it once (module scope or `useState`), not on every render. */
  client: BlockfeedClient
  /** Interval of the one shared `eth_blockNumber` poller per chain used by `watch: true` and by the tracker. Default 4000 ms. */
  pollingIntervalMs?: number | undefined
  /**
   * The tracker behind `useSendRawTransaction`, `useTrackTransaction` and `useTrackedTransactions`.
   * Default: the provider's own, created with this client and `pollingIntervalMs` when a tracking hook
   * first needs it and stopped when the last one unmounts (with the provider at the latest); records
   * carry over through its storage. One you pass is yours to stop.
   */
  tracker?: TransactionTracker | undefined
  children?: ReactNode
}

/** Makes a blockfeed client (and its transaction tracker) available to the hooks; put it inside your `QueryClientProvider`. */
export function BlockfeedProvider({ client, pollingIntervalMs = 4_000, tracker, children }: BlockfeedProviderProps) {
  const value = useMemo(() => ({ client, pollingIntervalMs, tracker }), [client, pollingIntervalMs, tracker])
  return <BlockfeedContext.Provider value={value}>{children}</BlockfeedContext.Provider>
}
