import { useMemo, type ReactNode } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import type { TransactionTracker } from '../core/live/tracker.js'
import { BlockfeedContext } from './context.js'
import type { MessagesOption } from '../i18n/types.js'

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
  /**
   * The language of every component under it (a BCP 47 tag, or a list in order of preference); a
   * component's own `locale` wins. Default: the browser's `navigator.languages`. Matched to a
   * catalogue by language and region, then language (`de-AT` → `de`, `zh-HK` → `zh-TW`), else English.
   */
  locale?: string | readonly string[] | undefined
  /**
   * Messages over the active locale's catalogue, in the shape of `blockfeed/locales/en`
   * (`{ feed: { loadMore: 'Show older' } }`), or per locale tag (`{ de: {…}, fa: wholeCatalogue }`).
   */
  messages?: MessagesOption | undefined
  children?: ReactNode
}

/** Makes a blockfeed client (and its transaction tracker) available to the hooks; put it inside your `QueryClientProvider`. */
export function BlockfeedProvider({ client, pollingIntervalMs = 4_000, tracker, locale, messages, children }: BlockfeedProviderProps) {
  // The language travels with the client: one context, read by every component's messages.
  const value = useMemo(() => ({ client, pollingIntervalMs, tracker, locale, messages }), [client, pollingIntervalMs, tracker, locale, messages])
  return <BlockfeedContext.Provider value={value}>{children}</BlockfeedContext.Provider>
}
