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

export interface UseTrackWagmiTransactionsOptions {
  /** Default true. */
  enabled?: boolean | undefined
  /** A send that could not be tracked (a chain the service does not serve, a wallet that fails `wallet_getCallsStatus`). */
  onError?: ((error: unknown) => void) | undefined
}

/**
 * Tracks every transaction the app sends through wagmi's hooks (`useSendTransaction`,
 * `useWriteContract`, `useDeployContract`, `useSendCalls` and their `…Sync` forms) on the app's
 * QueryClient, the moment wagmi returns its hash: the feed's Pending group shows it at once and
 * follows it to its indexed row. Mount once under `WagmiProvider`, `QueryClientProvider` and
 * `BlockfeedProvider` (`ConnectedWalletActivityFeed` mounts it too; several share one
 * subscription). Opt a call site out with `mutation: { meta: { blockfeed: false } }`.
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
