import { createContext } from 'react'
import type { BlockfeedClient } from '../core/client.js'

export interface BlockfeedContextValue {
  client: BlockfeedClient
  /** How often the shared block-number poller asks for `eth_blockNumber` (hooks with `watch`). */
  pollingIntervalMs: number
}

export const BlockfeedContext = createContext<BlockfeedContextValue | undefined>(undefined)
