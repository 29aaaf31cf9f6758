import { hashKey } from '@tanstack/react-query'
import { forwardRef, useCallback, useMemo, useRef, useState } from 'react'
import type { ChainInput } from '../../core/chains.js'
import { entryId } from '../../core/history/entryId.js'
import { MERGED_PAGE_LIMIT, uniqueChains, uniqueWallets, type MergedTransactionEntry } from '../../core/history/merge.js'
import type { WalletHistoryParameters } from '../../core/history/params.js'
import type { TransactionEntry, WalletHistoryPage } from '../../core/history/schema.js'
import { insertIntoMergedHistory } from '../../react/mergedArrivals.js'
import { useBlockfeedQueryContext } from '../../react/useBlockfeedClient.js'
import { mergedWalletHistoryQueryKey, useMergedWalletHistory } from '../../react/useMergedWalletHistory.js'
import { useArrivals } from '../../react/useArrivals.js'
import { chainLabel } from '../ChainBadge/ChainBadge.js'
import { ChainMark } from '../ChainBadge/ChainMark.js'
import { ChainFilter } from '../ChainFilter/ChainFilter.js'
import { SourceNotices } from '../SourceNotices/SourceNotices.js'
import type { TransactionDetailsProps } from '../TransactionDetails/TransactionDetails.js'
import { TransactionList, type TransactionListProps } from '../TransactionList/TransactionList.js'
import { ChainMarkContext } from '../shared/chainMarkContext.js'
import { LazyRowDetails } from './LazyRowDetails.js'
import { LivePendingAfterMount } from './LivePendingAfterMount.js'
import { liveMessages } from '../../i18n/parts/live.js'
import { useMessages } from '../../i18n/useMessages.js'

export type MergedActivityFeedProps = Omit<
  TransactionListProps,
  'transactions' | 'wallet' | 'chain' | 'status' | 'error' | 'onRetry' | 'hasNextPage' | 'isFetchingNextPage' | 'onLoadMore' | 'filtered' | 'toolbar'
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
}

/**
 * `WalletActivityFeed` with `chains` (or `addresses`): one feed merged across them, rows badged
 * with their chain, chips to show some chains only, and a notice with "Try again" for a chain that
 * failed — the others keep showing.
 */
export const MergedActivityFeed = forwardRef<HTMLDivElement, MergedActivityFeedProps>(function MergedActivityFeed(props, ref) {
  const { address, addresses: givenAddresses, chains: given, limit, order, includeInternalTransactions, details = true, onRevoke, watch = true, showPending = true, ...listProps } = props
  const { client, queryClient } = useBlockfeedQueryContext()
  const t = useMessages(listProps.locale, liveMessages)
  // One wallet written twice (two letter cases, or repeated) is one wallet, by its first spelling.
  const addresses = givenAddresses && uniqueWallets(givenAddresses)
  // No chain given (`addresses` alone): the client's. One chain given twice ('eth' and '0x1') is one chain, by its first spelling.
  const chains = given.length === 0 && client.chain !== undefined ? [client.chain] : uniqueChains(given)
  const mergedParams = { address, addresses, chains, limit, order, includeInternalTransactions }
  const history = useMergedWalletHistory(mergedParams)

  // One source per (wallet, chain): each follows its own chain's head, and its pending records show at the top.
  const wallets = addresses ?? (address ? [address] : [])
  // Rows of several wallets name their own; one wallet (also given as `addresses`) is every row's.
  const wallet = address ?? addresses?.[0]
  const several = addresses !== undefined && addresses.length > 1
  const sourcesKey = JSON.stringify([wallets, chains, limit, order, includeInternalTransactions])
  const sources = useMemo(
    () =>
      wallets.flatMap((wallet) =>
        // The merge's own page size: a first page read again then holds what the merge fetched, and the new entries.
        chains.map((chain): Partial<WalletHistoryParameters> => ({ address: wallet, chain, limit: limit ?? MERGED_PAGE_LIMIT, order, includeInternalTransactions })),
      ),
    // `sourcesKey` stands for these inputs' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sourcesKey],
  )
  const queryKey = mergedWalletHistoryQueryKey(client, mergedParams)
  const queryHash = hashKey(queryKey)
  const insert = useCallback(
    (source: Partial<WalletHistoryParameters>, page: WalletHistoryPage) =>
      void insertIntoMergedHistory(queryClient, queryKey, { chain: String(source.chain), wallet: several ? source.address : undefined }, page),
    // `queryHash` stands for the key's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, queryHash, several],
  )
  const live = useArrivals({
    load: () => import('../../core/arrivals/firstPageRefresh.js'),
    sources,
    enabled: watch && history.status === 'success' && order?.toUpperCase() !== 'ASC',
    target: { queryHash, insert },
  })
  // Each group's tracked records, as the entry ids of their rows: those rows are never held behind
  // "N new transactions" (the group lets go of a record as its row arrives; held, it would be on the screen nowhere).
  const [own, setOwn] = useState<Record<string, string[]>>({})
  const onTracked = useMemo(
    () => sources.map((s) => (hashes: ReadonlySet<string>) => setOwn((o) => ({ ...o, [`${s.address}:${String(s.chain)}`]: [...hashes].map((hash) => entryId({ chain: String(s.chain), hash })) }))),
    [sources],
  )
  const arrivals = useMemo(() => {
    const mine = new Set(Object.values(own).flat())
    return mine.size === 0 ? live.arrivals : new Set([...live.arrivals].filter((id) => !mine.has(id)))
  }, [live.arrivals, own])
  const pending =
    showPending &&
    sources.map((source, i) => {
      const loaded = history.transactions.filter((t) => String(t.chain) === String(source.chain))
      return (
        <LivePendingAfterMount
          key={`${source.address}:${String(source.chain)}`}
          params={source}
          loaded={loaded}
          ready={history.status === 'success'}
          title={t.format(t.messages.pending.titleOnChain, { chain: chainLabel(source.chain, t.messages.chains.unknown) })}
          insert={insert}
          onTracked={onTracked[i]}
          locale={listProps.locale}
          renderLink={listProps.renderLink}
        />
      )
    })
  // The chips turned off, not the ones on: a chain the feed is given later shows (and all do when every one is off).
  const [off, setOff] = useState<readonly ChainInput[]>([])
  const kept = chains.filter((c) => !off.includes(c))
  const shown = kept.length > 0 ? kept : chains
  // An entry's `chain` is the chain as given in `chains`.
  const transactions = history.transactions.filter((t) => shown.includes(t.chain))
  // Every chain failed: the feed's error (not "No activity yet"), and "Try again" merges them all again.
  const failed = history.sources.filter((s) => s.status === 'error')
  const allFailed = !history.transactions.length && failed.length > 0 && failed.length === history.sources.length
  const notices = useRef<HTMLDivElement>(null)
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
        <div className="bf-feed__toolbar">
          <ChainFilter chains={chains} selected={shown} renderChainIcon={listProps.renderChainIcon} locale={listProps.locale} onChange={(s) => setOff(chains.filter((c) => !s.includes(c)))} />
          <SourceNotices
            ref={notices}
            tabIndex={-1}
            sources={history.sources}
            renderChainIcon={listProps.renderChainIcon}
            locale={listProps.locale}
            onRetry={(chain, wallet) => {
              // The notice and its button go away: keep focus where a new notice would show.
              notices.current?.focus()
              void history.retrySource(chain, wallet)
            }}
          />
        </div>
      }
      transactions={transactions}
      header={pending || undefined}
      arrivals={arrivals}
      liveStatus={live.status}
      wallet={wallet}
      status={allFailed ? 'error' : history.status}
      error={allFailed ? (failed[0]!.error as typeof history.error) : history.error}
      onRetry={() => {
        notices.current?.focus()
        void history.refetch()
      }}
      hasNextPage={history.hasNextPage}
      isFetchingNextPage={history.isFetchingNextPage}
      onLoadMore={() => void history.fetchNextPage()}
    />
    </ChainMarkContext.Provider>
  )
})
