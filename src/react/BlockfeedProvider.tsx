import { useMemo, type ReactNode } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import { BlockfeedContext } from './context.js'

export interface BlockfeedProviderProps {
  /** From `createClient(…)`; create it once (module scope or `useState`), not on every render. */
  client: BlockfeedClient
  /** Interval of the one shared `eth_blockNumber` poller per chain used by `watch: true`. Default 4000 ms. */
  pollingIntervalMs?: number | undefined
  children?: ReactNode
}

/** Makes a blockfeed client available to the hooks; put it inside your `QueryClientProvider`. */
export function BlockfeedProvider({ client, pollingIntervalMs = 4_000, children }: BlockfeedProviderProps) {
  const value = useMemo(() => ({ client, pollingIntervalMs }), [client, pollingIntervalMs])
  return <BlockfeedContext.Provider value={value}>{children}</BlockfeedContext.Provider>
}
