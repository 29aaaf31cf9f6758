import { useMemo, type ReactNode } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import type { TransactionTracker } from '../core/live/tracker.js'
import { BlockfeedContext } from './context.js'
import { lazyHistoryPersister } from './historyPersister.js'
import type { MessagesOption } from '../i18n/types.js'
import type { PersistHistoryOptions } from '../core/persist/options.js'

/** The props of {@link BlockfeedProvider}: the client every hook and component under it uses, and their shared settings. */
export interface BlockfeedProviderProps {
  /** The client from `createClient(…)`; create it once (module scope or `useState`), not on every render. */
  client: BlockfeedClient
  /**
   * How often, in milliseconds, the one shared `eth_blockNumber` poller per chain asks for a new
   * block; it drives `watch: true`, new arrivals and the transaction tracker.
   * @defaultValue `4000`
   */
  pollingIntervalMs?: number | undefined
  /**
   * The tracker behind `useSendRawTransaction`, `useTrackTransaction` and `useTrackedTransactions`.
   * By default the provider makes its own with this client and `pollingIntervalMs` when a tracking
   * hook first needs it, and stops it when the last one unmounts (with the provider at the latest);
   * records carry over through its storage. A tracker you pass is yours to stop.
   * @defaultValue the provider's own tracker
   */
  tracker?: TransactionTracker | undefined
  /**
   * The language of every component under it: a BCP 47 tag, or a list in order of preference. A
   * component's own `locale` wins. Matched to a catalogue by language and region, then language
   * (`de-AT` → `de`, `zh-HK` → `zh-TW`), else English.
   * @defaultValue the browser's `navigator.languages`
   */
  locale?: string | readonly string[] | undefined
  /**
   * Your own wording over the active locale's catalogue, in the shape of `blockfeed/locales/en`
   * (`{ feed: { loadMore: 'Show older' } }`), or per locale tag (`{ de: {…}, fa: wholeCatalogue }`).
   */
  messages?: MessagesOption | undefined
  /**
   * How the feed and `useWalletHistory` reopen with the rows of the last visit: kept on this device
   * (at most the first 2 pages per wallet, chain set and filters), painted before any request, then
   * the first page read again with one request. `false` turns it off; an object sets the `storage`
   * (your own async storage instead of IndexedDB), `maxAgeMs` and `maxEntries`. Nothing is read or
   * written on a server, nor in a browser without IndexedDB unless you give a storage.
   * @defaultValue `{}`: on, in IndexedDB, for 7 days
   */
  persist?: false | PersistHistoryOptions | undefined
  /** Your app, or the part of it that uses blockfeed's hooks and components. */
  children?: ReactNode
}

/**
 * Makes a blockfeed client available to every hook and component below it.
 *
 * Put it inside your `QueryClientProvider`: the hooks keep their data in the nearest TanStack
 * `QueryClient`. It also holds what they share: the block poller's interval, the transaction
 * tracker, and the language. (The components' stylesheet is imported once, separately:
 * `import 'blockfeed/styles.css'`.)
 *
 * @param props - The client, and optionally the polling interval, a tracker, a locale, messages and `persist`.
 * @returns The provider element around `children`.
 * @remarks Sends nothing itself. The transaction tracker is created only when a tracking hook
 * first needs it, so an app that tracks nothing does not load it. With `persist` on (the default
 * in a browser), a history's first load reads the stored rows once, waiting 100 ms at most, before
 * any request; the code that does it is a chunk of its own.
 * @example
 * ```tsx
 * import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
 * import { createClient } from 'blockfeed'
 * import { WalletActivityFeed } from 'blockfeed/components'
 * import { BlockfeedProvider } from 'blockfeed/react'
 *
 * const queryClient = new QueryClient()
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' } })
 *
 * export function App() {
 *   return (
 *     <QueryClientProvider client={queryClient}>
 *       <BlockfeedProvider client={client} locale="en">
 *         <WalletActivityFeed address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" />
 *       </BlockfeedProvider>
 *     </QueryClientProvider>
 *   )
 * }
 * ```
 */
export function BlockfeedProvider({ client, pollingIntervalMs = 4_000, tracker, locale, messages, persist, children }: BlockfeedProviderProps) {
  // An inline `persist={{ maxAgeMs }}` is a new object each render: the same settings keep one persister.
  const { storage, maxAgeMs, maxEntries } = persist || {}
  const off = persist === false
  // The language travels with the client: one context, read by every component's messages.
  const value = useMemo(
    () => ({ client, pollingIntervalMs, tracker, locale, messages, historyPersister: lazyHistoryPersister(client, off ? false : { storage, maxAgeMs, maxEntries }) }),
    [client, pollingIntervalMs, tracker, locale, messages, off, storage, maxAgeMs, maxEntries],
  )
  return <BlockfeedContext.Provider value={value}>{children}</BlockfeedContext.Provider>
}
