import { forwardRef, type ReactNode } from 'react'
import type { ChainInput } from '../core/chains.js'
import { TransactionList } from '../components/TransactionList/TransactionList.js'
import { WalletActivityFeed, type WalletActivityFeedProps } from '../components/WalletActivityFeed/WalletActivityFeed.js'
import { useMessages } from '../i18n/useMessages.js'
import { useBlockfeedClient } from '../react/useBlockfeedClient.js'
import { useTrackWagmiTransactions } from './useTrackWagmiTransactions.js'
import { chainOfWagmiId } from './wagmiChain.js'
import { useWagmiConnection } from './wagmiConnection.js'

export type ConnectedWalletActivityFeedProps = Omit<WalletActivityFeedProps, 'address' | 'addresses' | 'chain' | 'chains'> & {
  /**
   * `"config"`: one feed merged across every chain of the wagmi config. Default: the connected
   * chain only. A list of chains merges those.
   */
  chains?: 'config' | readonly ChainInput[] | undefined
  /** Shown while no wallet is connected (or one is connecting); default: one short line. No request is sent meanwhile. */
  renderDisconnected?: (() => ReactNode) | undefined
}

/**
 * The drop-in feed for wagmi's connected account and chain, with the user's own sends (through
 * wagmi) in its Pending group as soon as wagmi returns their hash. On an account or chain switch
 * it shows the new wallet at once, never a row of the previous one.
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
