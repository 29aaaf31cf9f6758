import { createContext } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import type { TransactionTracker } from '../core/live/tracker.js'

export interface BlockfeedContextValue {
  client: BlockfeedClient
  /** How often the shared block-number poller asks for `eth_blockNumber` (hooks with `watch`). */
  pollingIntervalMs: number
  /** The provider's transaction tracker, created on first use (never during server rendering). */
  getTracker: () => TransactionTracker
}

export const BlockfeedContext = createContext<BlockfeedContextValue | undefined>(undefined)
