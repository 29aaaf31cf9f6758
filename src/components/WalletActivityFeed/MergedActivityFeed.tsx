import { forwardRef, useCallback, useRef, useState } from 'react'
import type { ChainInput } from '../../core/chains.js'
import { uniqueChains, uniqueWallets, type MergedTransactionEntry } from '../../core/history/merge.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { useBlockfeedQueryContext } from '../../react/useBlockfeedClient.js'
import { useMergedHistory } from '../../react/useMergedWalletHistory.js'
import { ChainMark } from '../ChainBadge/ChainMark.js'
import type { TransactionDetailsProps } from '../TransactionDetails/TransactionDetails.js'
import { TransactionList, type TransactionListProps } from '../TransactionList/TransactionList.js'
import { ChainMarkContext } from '../shared/chainMarkContext.js'
import { FEED_WINDOW_PAGES } from './feedWindow.js'
import { LazyRowDetails } from './LazyRowDetails.js'
import { MergedPending } from './MergedPending.js'
import { MergedToolbar } from './MergedToolbar.js'
import { useMergedLive } from './mergedLive.js'
import { liveMessages } from '../../i18n/parts/live.js'
import { useMessages } from '../../i18n/useMessages.js'

export type MergedActivityFeedProps = Omit<
  TransactionListProps,
  'transactions' | 'wallet' | 'chain' | 'status' | 'error' | 'onRetry' | 'hasNextPage' | 'isFetchingNextPage' | 'onLoadMore' | 'hasPreviousPage' | 'isFetchingPreviousPage' | 'onLoadPrevious' | 'filtered' | 'toolbar'
> & {
  address?: string | undefined
  addresses?: readonly string[] | undefined
  chains: readonly ChainInput[]
  limit?: number | undefined
  order?: 'ASC' | 'DESC' | undefined
  includeInternalTransactions?: boolean | undefined
  details?: boolean | undefined
  onRevoke?: TransactionDetailsProps['onRevoke']
  /** New arrivals on each chain's own new blocks (see `WalletActivityFeed`'s `watch`). Default true. */
  watch?: boolean | undefined
  /** The tracked transactions of every (wallet, chain) of the view at the top. Default true. */
  showPending?: boolean | undefined
  /** `false`: the feed is neither restored from nor kept in the provider's storage (see `WalletActivityFeed`'s `persist`). */
  persist?: boolean | undefined
}

/**
 * `WalletActivityFeed` with `chains` (or `addresses`): one feed merged across them, rows badged
 * with their chain, chips to show some chains only, and a notice with "Try again" for a chain that
 * failed — the others keep showing.
 */
export const MergedActivityFeed = forwardRef<HTMLDivElement, MergedActivityFeedProps>(function MergedActivityFeed(props, ref) {
  const { address, addresses: givenAddresses, chains: given, limit, order, includeInternalTransactions, details = true, onRevoke, watch = true, showPending = true, persist, ...listProps } = props
  const context = useBlockfeedQueryContext()
  const t = useMessages(listProps.locale, liveMessages)
  // One wallet written twice (two letter cases, or repeated) is one wallet, by its first spelling.
  const addresses = givenAddresses && uniqueWallets(givenAddresses)
  // No chain given (`addresses` alone): the client's. One chain given twice ('eth' and '0x1') is one chain, by its first spelling.
  const chains = given.length === 0 && context.client.chain !== undefined ? [context.client.chain] : uniqueChains(given)
  const mergedParams = { address, addresses, chains, limit, order, includeInternalTransactions }
  // The chips turned off, not the ones on: a chain the feed is given later shows (and all do when every one is off).
  const [off, setOff] = useState<readonly ChainInput[]>([])
  const kept = chains.filter((c) => !off.includes(c))
  const shown = kept.length > 0 ? kept : chains
  // A window of merged pages, as the single-chain feed keeps (see feedWindow.ts); every page while the chips narrow the rows.
  const history = useMergedHistory({ ...mergedParams, persist }, shown.length < chains.length ? undefined : FEED_WINDOW_PAGES)

  // Rows of several wallets name their own; one wallet (also given as `addresses`) is every row's.
  const wallet = address ?? addresses?.[0]
  // One source per (wallet, chain): each follows its own chain's head, and its pending records show at the top.
  const live = useMergedLive({
    context, mergedParams,
    wallets: addresses ?? (address ? [address] : []),
    several: addresses !== undefined && addresses.length > 1,
    enabled: watch && history.status === 'success' && order?.toUpperCase() !== 'ASC',
  })
  // An entry's `chain` is the chain as given in `chains`.
  const transactions = history.transactions.filter((t) => shown.includes(t.chain))
  // Every chain failed: the feed's error (not "No activity yet"), and "Try again" merges them all again.
  const failed = history.sources.filter((s) => s.status === 'error')
  const allFailed = !history.transactions.length && failed.length > 0 && failed.length === history.sources.length
  const notices = useRef<HTMLDivElement>(null)
  const focusNotices = () => notices.current?.focus()
  const { locale, timeZone, renderLink } = listProps
  const renderDetails = useCallback(
    (tx: TransactionEntry) => (
      <LazyRowDetails transaction={tx} chain={(tx as MergedTransactionEntry).chain} wallet={(tx as MergedTransactionEntry).wallet ?? wallet} locale={locale} timeZone={timeZone} renderLink={renderLink} onRevoke={onRevoke} />
    ),
    [wallet, locale, timeZone, renderLink, onRevoke],
  )
  return (
    // The rows' chain badges draw the marks this chunk already has for its chips.
    <ChainMarkContext.Provider value={ChainMark}>
    <TransactionList
      label={t.messages.feed.labelAcrossChains}
      renderDetails={details ? renderDetails : undefined}
      {...listProps}
      ref={ref}
      toolbar={
        <MergedToolbar
          chains={chains} shown={shown} onShownChange={(s) => setOff(chains.filter((c) => !s.includes(c)))}
          sources={history.sources} retrySource={history.retrySource} noticesRef={notices} focusNotices={focusNotices}
          locale={locale} renderChainIcon={listProps.renderChainIcon}
        />
      }
      transactions={transactions}
      header={showPending ? <MergedPending sources={live.sources} transactions={history.transactions} ready={history.status === 'success'} insert={live.insert} onTracked={live.onTracked} t={t} locale={locale} renderLink={renderLink} /> : undefined}
      arrivals={live.arrivals}
      liveStatus={live.status}
      wallet={wallet}
      status={allFailed ? 'error' : history.status}
      error={allFailed ? (failed[0]!.error as typeof history.error) : history.error}
      onRetry={() => {
        focusNotices()
        void history.refetch()
      }}
      hasNextPage={history.hasNextPage}
      isFetchingNextPage={history.isFetchingNextPage}
      onLoadMore={() => void history.fetchNextPage()}
      hasPreviousPage={history.hasPreviousPage}
      isFetchingPreviousPage={history.isFetchingPreviousPage}
      onLoadPrevious={() => void history.fetchPreviousPage({ cancelRefetch: false })}
    />
    </ChainMarkContext.Provider>
  )
})
