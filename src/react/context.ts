import { createContext } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import type { TransactionTracker } from '../core/live/tracker.js'
import type { LocaleSettings } from '../i18n/context.js'
import type { HistoryPersisterFn } from './historyPersister.js'

export interface BlockfeedContextValue extends LocaleSettings {
  client: BlockfeedClient
  /** How often the shared block-number poller asks for `eth_blockNumber` (hooks with `watch`). */
  pollingIntervalMs: number
  /** The app's own tracker (`tracker` prop); else the tracking hooks make one per provider (see `useTracker`). */
  tracker?: TransactionTracker | undefined
  /** The history queries' persister, from the `persist` prop (undefined: the rows of the last visit are not kept). */
  historyPersister?: HistoryPersisterFn | undefined
}

export const BlockfeedContext = createContext<BlockfeedContextValue | undefined>(undefined)
