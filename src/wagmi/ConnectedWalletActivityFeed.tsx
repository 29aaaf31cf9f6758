import { forwardRef, type ReactNode } from 'react'
import type { ChainInput } from '../core/chains.js'
import { TransactionList } from '../components/TransactionList/TransactionList.js'
import { WalletActivityFeed, type WalletActivityFeedProps } from '../components/WalletActivityFeed/WalletActivityFeed.js'
import { useMessages } from '../i18n/useMessages.js'
import { useBlockfeedClient } from '../react/useBlockfeedClient.js'
import { useTrackWagmiTransactions } from './useTrackWagmiTransactions.js'
import { chainOfWagmiId } from './wagmiChain.js'
import { useWagmiConnection } from './wagmiConnection.js'

/** The props of {@link ConnectedWalletActivityFeed}: those of `WalletActivityFeed` but the wallet and chain, which come from wagmi. */
export type ConnectedWalletActivityFeedProps = Omit<WalletActivityFeedProps, 'address' | 'addresses' | 'chain' | 'chains'> & {
  /**
   * `"config"`: one feed merged across every chain of the wagmi config. A list of chains merges those.
   * @defaultValue the connected chain only
   */
  chains?: 'config' | readonly ChainInput[] | undefined
  /** Shown while no wallet is connected (or one is connecting); no request is sent meanwhile. @defaultValue one short line from the message catalogue */
  renderDisconnected?: (() => ReactNode) | undefined
}

/**
 * Shows the activity feed of the wallet connected through wagmi, with your user's own sends in its
 * Pending group as soon as wagmi returns their hash. On an account or chain switch it shows the new
 * wallet at once, never a row of the previous one.
 *
 * @param props - Those of `WalletActivityFeed` but `address`/`chain`, plus `chains` and `renderDisconnected`.
 * @returns The feed, or `renderDisconnected()` while no wallet is connected.
 * @throws Error When no `BlockfeedProvider` (or wagmi's `WagmiProvider`, or a `QueryClientProvider`) is above the component.
 * @throws {@link InvalidParameterError} Shown in the feed's error state when wagmi's chain is not one the client serves.
 * @throws {@link HttpStatusError} Shown in the feed's error state (with a retry) when the history service answers with an HTTP error.
 * @throws {@link NetworkError} Shown in the feed's error state when the service cannot be reached.
 * @throws {@link TimeoutError} Shown in the feed's error state when the service takes longer than the client's `timeoutMs`.
 * @throws {@link ResponseShapeError} Shown in the feed's error state when a page cannot be read.
 * @remarks A `WalletActivityFeed` for the connected address (`GET /api/v2.2/wallets/{address}/history`,
 * paged by cursor, on each chain), plus {@link useTrackWagmiTransactions}. Nothing is requested while
 * no wallet is connected. Must sit under `WagmiProvider`, `QueryClientProvider` and `BlockfeedProvider`.
 * @example
 * ```tsx
 * import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
 * import { createClient } from 'blockfeed'
 * import { BlockfeedProvider } from 'blockfeed/react'
 * import { ConnectedWalletActivityFeed } from 'blockfeed/wagmi'
 * import { mainnet } from 'viem/chains'
 * import { createConfig, http, WagmiProvider } from 'wagmi'
 * import { injected } from 'wagmi/connectors'
 *
 * const wagmiConfig = createConfig({ chains: [mainnet], connectors: [injected()], transports: { [mainnet.id]: http('/api/blockfeed/rpc?chain=eth') } })
 * const queryClient = new QueryClient()
 * const client = createClient({ baseUrl: '/api/blockfeed', rpc: { url: '/api/blockfeed/rpc' }, chain: 'eth' })
 *
 * export function App() {
 *   return (
 *     <WagmiProvider config={wagmiConfig}>
 *       <QueryClientProvider client={queryClient}>
 *         <BlockfeedProvider client={client}>
 *           <ConnectedWalletActivityFeed renderDisconnected={() => <p>Connect a wallet to see its activity.</p>} />
 *         </BlockfeedProvider>
 *       </QueryClientProvider>
 *     </WagmiProvider>
 *   )
 * }
 * ```
 */
export const ConnectedWalletActivityFeed = forwardRef<HTMLDivElement, ConnectedWalletActivityFeedProps>(function ConnectedWalletActivityFeed(props, ref) {
  const { chains, renderDisconnected, ...rest } = props
  const connection = useWagmiConnection()
  const client = useBlockfeedClient()
  const t = useMessages(props.locale)
  useTrackWagmiTransactions()

  if (connection.status !== 'connected' || connection.address === undefined) {
    if (renderDisconnected) return <>{renderDisconnected()}</>
    return (
      <div className="bf-root bf-feed" dir={t.dir} ref={ref}>
        <p className="bf-feed__message bf-feed__message-title">{t.messages.feed.disconnected}</p>
      </div>
    )
  }
  let chainList: string[]
  try {
    chainList =
      chains === 'config'
        ? connection.config.chains.map((c, i) => chainOfWagmiId(c.id, client.extraChains, `chains[${i}]`))
        : chains
          ? chains.map(String)
          : [chainOfWagmiId(connection.chainId, client.extraChains)]
  } catch (error) {
    const label = props.label ?? t.messages.feed.label
    return <TransactionList {...rest} ref={ref} label={label} transactions={[]} status="error" error={error as Error} />
  }
  // Keyed by wallet and chain: a switch starts a fresh feed, so no row, filter or scroll of the previous one is kept.
  const key = `${connection.address.toLowerCase()}|${chainList.join(',')}`
  return chains === undefined ? (
    <WalletActivityFeed key={key} {...rest} ref={ref} address={connection.address} chain={chainList[0]} />
  ) : (
    <WalletActivityFeed key={key} {...rest} ref={ref} address={connection.address} chains={chainList} />
  )
})
