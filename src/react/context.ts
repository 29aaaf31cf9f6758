import { createContext } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import type { TransactionTracker } from '../core/live/tracker.js'
import type { LocaleSettings } from '../i18n/context.js'
import type { PersistHistoryOptions } from '../core/persist/options.js'

export interface BlockfeedContextValue extends LocaleSettings {
  client: BlockfeedClient
  /** How often the shared block-number poller asks for `eth_blockNumber` (hooks with `watch`). */
  pollingIntervalMs: number
  /** The app's own tracker (`tracker` prop); else the tracking hooks make one per provider (see `useTracker`). */
  tracker?: TransactionTracker | undefined
  /** The `persist` prop: how the history hooks keep the rows of the last visit (`false`: not at all). */
  persist?: false | PersistHistoryOptions | undefined
}

export const BlockfeedContext = createContext<BlockfeedContextValue | undefined>(undefined)
