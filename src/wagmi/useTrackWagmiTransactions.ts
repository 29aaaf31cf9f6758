import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { getConnectorClient } from 'wagmi/actions'
import { useConfig, type Config, type Connector } from 'wagmi'
import type { BlockfeedClient } from '../core/client.js'
import type { TrackParameters } from '../core/live/track.js'
import { useBlockfeedClient } from '../react/useBlockfeedClient.js'
import { useTracker } from '../react/useTrackedTransactions.js'
import { followCalls } from './followCalls.js'
import { onWagmiSends } from './shareWagmiSends.js'
import { chainOfWagmiId } from './wagmiChain.js'
import { connectionOf } from './wagmiConnection.js'
import type { WagmiSend } from './wagmiSends.js'

/** The options of {@link useTrackWagmiTransactions}. */
export interface UseTrackWagmiTransactionsOptions {
  /** Whether sends are tracked; `false` stops listening. @defaultValue `true` */
  enabled?: boolean | undefined
  /** Called with a send that could not be tracked (a chain the service does not serve, a wallet that fails `wallet_getCallsStatus`). @defaultValue a `console.warn` */
  onError?: ((error: unknown) => void) | undefined
}

/**
 * Tracks every transaction your app sends through wagmi's hooks, with no code at the call sites: the
 * feed's Pending group shows each one the moment wagmi returns its hash, and follows it to its
 * indexed row.
 *
 * Covers `useSendTransaction`, `useWriteContract`, `useDeployContract`, `useSendCalls` and their
 * `…Sync` forms on your QueryClient. Mount it once under `WagmiProvider`, `QueryClientProvider` and
 * `BlockfeedProvider` (`ConnectedWalletActivityFeed` mounts it too; several share one subscription).
 * Opt a call site out with `mutation: { meta: { blockfeed: false } }`.
 *
 * @param options - `enabled`, and `onError` for a send that could not be tracked.
 * @returns Nothing.
 * @throws Error When no `BlockfeedProvider` (or wagmi's `WagmiProvider`, or a `QueryClientProvider`) is above the component.
 * @throws {@link InvalidParameterError} Passed to `onError` (never thrown) when wagmi's chain is not one the client serves; add its hex id to the client's `extraChains` if it is.
 * @remarks Listens to wagmi's mutations on your QueryClient; sends no request itself. Each hash is
 * handed to the provider's transaction tracker (see `createTransactionTracker` for the requests it
 * makes); for `useSendCalls` the wallet is asked for the bundle's hashes (`wallet_getCallsStatus`).
 * @example
 * ```tsx
 * import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
 * import { createClient } from 'blockfeed'
 * import { BlockfeedProvider } from 'blockfeed/react'
 * import { useTrackWagmiTransactions } from 'blockfeed/wagmi'
 * import { mainnet } from 'viem/chains'
 * import { createConfig, http, WagmiProvider } from 'wagmi'
 * import { injected } from 'wagmi/connectors'
 *
 * const wagmiConfig = createConfig({ chains: [mainnet], connectors: [injected()], transports: { [mainnet.id]: http('/api/blockfeed/rpc?chain=eth') } })
 * const queryClient = new QueryClient()
 * const client = createClient({ baseUrl: '/api/blockfeed', rpc: { url: '/api/blockfeed/rpc' }, chain: 'eth' })
 *
 * function TrackSends() {
 *   useTrackWagmiTransactions({ onError: (error) => console.warn('not tracked', error) })
 *   return null
 * }
 *
 * export function App() {
 *   return (
 *     <WagmiProvider config={wagmiConfig}>
 *       <QueryClientProvider client={queryClient}>
 *         <BlockfeedProvider client={client}>
 *           <TrackSends />
 *         </BlockfeedProvider>
 *       </QueryClientProvider>
 *     </WagmiProvider>
 *   )
 * }
 * ```
 */
export function useTrackWagmiTransactions(options: UseTrackWagmiTransactionsOptions = {}): void {
  const queryClient = useQueryClient()
  // The config alone: the connection is read when a send lands, so this hook never re-renders its host on a wagmi change.
  const config = useConfig()
  const client = useBlockfeedClient()
  const getTracker = useTracker()
  const latest = useRef({ config, client, getTracker, onError: options.onError })
  latest.current = { config, client, getTracker, onError: options.onError }
  const enabled = options.enabled ?? true

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    const stop = onWagmiSends(queryClient, (send) => {
      const { config, client, getTracker, onError } = latest.current
      trackSend(send, { config, client, track: (p) => getTracker().track(p), onError: onError ?? reportError, signal: controller.signal })
    })
    return () => {
      stop()
      controller.abort()
    }
  }, [queryClient, enabled])
}

interface SendContext {
  config: Config
  client: BlockfeedClient
  track: (parameters: TrackParameters) => Promise<unknown>
  onError: (error: unknown) => void
  signal: AbortSignal
}

/** Tracks each hash of `send` on its chain, under its sender; a bundle's hashes as the wallet reports them. */
function trackSend(send: WagmiSend, context: SendContext): void {
  const connection = connectionOf(context.config.state)
  const chainId = send.chainId ?? connection.chainId
  let chain: string
  try {
    chain = chainOfWagmiId(chainId, context.client.extraChains)
  } catch (error) {
    context.onError(error)
    return
  }
  const from = send.from ?? connection.address
  const track = (hash: string, index: number) => {
    context.track({ hash, chain, from, ...send.requests[index] }).catch(context.onError)
  }
  send.hashes.forEach(track)
  if (send.callsId === undefined) return
  const id = send.callsId
  getConnectorClient(context.config, { chainId, ...(send.connector ? { connector: send.connector as Connector } : {}) })
    .then((wallet) => followCalls(wallet, id, send.requests.length, track, context.signal))
    .catch(context.onError)
}

function reportError(error: unknown): void {
  console.warn('blockfeed/wagmi: a transaction sent through wagmi could not be tracked:', error)
}
