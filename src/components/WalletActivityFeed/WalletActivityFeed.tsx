import { forwardRef, lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { useControllableState } from '../shared/controllable.js'
import type { ChainInput } from '../../core/chains.js'
import { filtersEntries, type WalletHistoryFilter } from '../../core/history/filter.js'
import { InvalidParameterError } from '../../core/errors.js'
import { checkAddress } from '../../core/history/params.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { useArrivals } from '../../react/useArrivals.js'
import type { UseWalletHistoryParameters } from '../../react/useWalletHistory.js'
import { NamesContext } from '../shared/names.js'
import type { TransactionDetailsProps } from '../TransactionDetails/TransactionDetails.js'
import { TransactionList, type TransactionListProps } from '../TransactionList/TransactionList.js'
import { FeedLoading } from '../TransactionList/FeedLoading.js'
import { useFeedExport } from './feedExport.js'
import { useFeedNames } from './feedNames.js'
import { LazyRowDetails } from './LazyRowDetails.js'
import { useMessages } from '../../i18n/useMessages.js'
import { FeedToolbar } from './FeedToolbar.js'
import { LivePendingAfterMount } from './LivePendingAfterMount.js'
import { useIdleFilterPreparation } from './idleSearch.js'
import { pagingBack, useWindowedHistory } from './feedWindow.js'

// New arrivals' engine is a chunk of its own too: the first screen does not wait for it.
const loadArrivalsEngine = () => import('../../core/arrivals/firstPageRefresh.js')
// The merged feed (chains, addresses) is a chunk of its own: a single-chain feed never loads it.
const MergedActivityFeed = lazy(() => import('./MergedActivityFeed.js').then((m) => ({ default: m.MergedActivityFeed })))

type ListProps = Omit<
  TransactionListProps,
  'transactions' | 'wallet' | 'chain' | 'status' | 'error' | 'onRetry' | 'hasNextPage' | 'isFetchingNextPage' | 'onLoadMore' | 'filtered' | 'toolbar'
>

/**
 * The props of {@link WalletActivityFeed}: the history parameters of `useWalletHistory` (`address`,
 * `chain`, dates, `order`, `limit`, `query`…), the display props of `TransactionList` (`className`,
 * `style`, `locale`, `density`, `renderLink`…) and DOM attributes, plus the feed's own below.
 */
export type WalletActivityFeedProps = Omit<UseWalletHistoryParameters, 'filter'> &
  ListProps & {
    /** The filter, when you control it (see `FilterBar`); its dates go to the service, the rest narrows the loaded entries. */
    filter?: WalletHistoryFilter | undefined
    /**
     * The filter to start with when the feed keeps its own.
     * @defaultValue `{}` (everything)
     */
    defaultFilter?: WalletHistoryFilter | undefined
    /** Called with the new filter whenever the viewer changes it. */
    onFilterChange?: ((filter: WalletHistoryFilter) => void) | undefined
    /**
     * Shows the filter bar (direction and kind chips, more filters, search) above the rows.
     * @defaultValue `true`
     */
    showFilterBar?: boolean | undefined
    /**
     * Shows the "Export CSV" control: the whole history of the feed's address, chain and dates, as a file.
     * @defaultValue `true`
     */
    showExport?: boolean | undefined
    /**
     * The exported file's header row: `keys`, the stable English column keys programs read;
     * `localized`, column titles in the feed's language (`csv` in the catalogue).
     * @defaultValue `'keys'`
     */
    exportHeaders?: 'keys' | 'localized' | undefined
    /**
     * Shows the node's view in each row's details (fee, nonce, decoded events), loaded when a row is first opened.
     * @defaultValue `true`
     */
    details?: boolean | undefined
    /** Offers "Revoke" on unlimited approvals in the details; called with the ready `approve(spender, 0)` request for your wallet to sign. */
    onRevoke?: TransactionDetailsProps['onRevoke']
    /**
     * Brings new transactions in without a reload: on each new block of the chain (one shared head
     * poller) only the first page is read again, at most once per block and per the provider's
     * `pollingIntervalMs`, and new rows are inserted at the top, or, while the viewer is scrolled
     * down, held behind a "N new transactions" button. Newest-first feeds only (not `order: 'ASC'`,
     * nor a feed bounded by `toBlock` / `toDate`). Nothing is polled while the tab is hidden.
     * @defaultValue `true`
     */
    watch?: boolean | undefined
    /**
     * Shows the wallet's own tracked transactions at the top, from pending until their indexed row arrives.
     * @defaultValue `true`
     */
    showPending?: boolean | undefined
    /**
     * Shows verified names (ENS primary names, forward-checked) for the addresses in the rows where
     * the service gave no label: one request for all loaded addresses. Chains without a known
     * Universal Resolver (see `createClient({ ensUniversalResolver })`) show none.
     * @defaultValue `true`
     */
    showNames?: boolean | undefined
    /**
     * Makes it one feed across these chains (and `addresses`), merged by time: rows carry a chain
     * badge, chips narrow the chains shown, a failing chain is a notice with "Try again".
     */
    chains?: readonly ChainInput[] | undefined
    /** Makes it one feed of several wallets, merged by time (with `chains`, or on the feed's `chain`). */
    addresses?: readonly string[] | undefined
  }

/**
 * Shows a wallet's activity, ready to drop in: its history paged as the viewer scrolls, with
 * filters, search, CSV export, details, names, new arrivals and the user's own pending transactions.
 *
 * It reads through the nearest `BlockfeedProvider`. It takes the history parameters (`address`,
 * `chain`, dates…) plus every display prop of `TransactionList` (`className`, `style`, `locale`,
 * `renderLink`…); the ref and other DOM attributes go to the list's root `<div>`. With `chains`
 * or `addresses` it becomes one feed across chains and wallets. Errors (a wrong address, a
 * service that fails) are shown in its error state with "Try again", never thrown.
 *
 * Its memory stays flat however far the viewer scrolls: it keeps a window of 5 pages (TanStack's
 * `maxPages`) and reads a page it let go again, by its own cursor, when the viewer scrolls back, with
 * the row being read kept in place. While a filter or search narrows the rows it keeps every page.
 * `query={{ maxPages: undefined }}` keeps every page always; another `maxPages` sets the window.
 * Across chains it keeps 5 merged pages the same way, and merges a page it let go again from where
 * each chain stood at its top (every page while the chain chips hide a chain).
 *
 * @param props - {@link WalletActivityFeedProps}.
 * @returns The feed's root `<div>`: the toolbar, then the rows in an ARIA feed (`role="feed"`).
 * @remarks `useWalletHistory` behind it: one `GET {baseUrl}/api/v2.2/wallets/{address}/history`
 * per page (with `chains`, `useMergedWalletHistory`: one per source and page). Then, while shown:
 * the shared `eth_blockNumber` poller and one first-page read per new block (`watch`), one batched
 * `eth_call` for the names on screen (`showNames`), the node's reads for a row's details when it is
 * first opened (`details`). The filter bar, export, details and merged feed are chunks loaded
 * when first needed.
 * @example
 * ```tsx
 * import { WalletActivityFeed } from 'blockfeed/components'
 *
 * export function Activity() {
 *   return <WalletActivityFeed address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" style={{ blockSize: 560 }} />
 * }
 * ```
 */
export const WalletActivityFeed = forwardRef<HTMLDivElement, WalletActivityFeedProps>(function WalletActivityFeed(props, ref) {
  const t = useMessages(props.locale)
  if (props.chains !== undefined || props.addresses !== undefined) {
    const label = props.label ?? t.messages.feed.labelAcrossChains
    // What only the single-chain feed reads is taken out; the rest (DOM attributes, display props) goes on.
    const {
      chain, chains, order, fromBlock, toBlock, fromDate, toDate, cursor, filter, defaultFilter, includeInputData, nftMetadata, query,
      onFilterChange: _onFilterChange, showFilterBar: _showFilterBar, showExport: _showExport, exportHeaders: _exportHeaders, showNames: _showNames,
      ...rest
    } = props
    // Parameters the merged feed cannot honour yet are an error that names them, not a feed that ignores them.
    const unsupported = Object.entries({ fromBlock, toBlock, fromDate, toDate, cursor, filter, defaultFilter, includeInputData, nftMetadata, query }).find(([, v]) => v !== undefined)?.[0]
    // Text from plain JavaScript (`chains="eth"`) would throw while the merged feed renders.
    const notList = Object.entries({ chains, addresses: rest.addresses }).find(([, v]) => v !== undefined && !Array.isArray(v))?.[0]
    if (unsupported || notList) {
      const error = new InvalidParameterError((unsupported ?? notList)!, unsupported ? 'not supported with `chains` or `addresses` (the feed across chains): leave it out, or show one chain' : 'expected a list')
      return <TransactionList {...rest} ref={ref} label={label} transactions={[]} status="error" error={error} />
    }
    return (
      <Suspense fallback={<FeedLoading label={label} className="bf-root bf-feed" dir={t.dir} loadingText={t.messages.feed.loading} />}>
        <MergedActivityFeed
          {...rest}
          ref={ref}
          // `addresses` alone: the feed's chain, else the client's (the merged feed reads it).
          chains={chains ?? (chain !== undefined ? [chain] : [])}
          order={order === undefined ? undefined : order.toUpperCase() === 'ASC' ? 'ASC' : 'DESC'}
        />
      </Suspense>
    )
  }
  return <SingleChainFeed {...props} ref={ref} />
})

const SingleChainFeed = forwardRef<HTMLDivElement, WalletActivityFeedProps>(function SingleChainFeed(props, ref) {
  const {
    address, chain, fromBlock, toBlock, fromDate, toDate, includeInternalTransactions,
    includeInputData, nftMetadata, cursor, order, limit, query,
    filter: filterProp, defaultFilter, onFilterChange, showFilterBar = true, showExport = true, exportHeaders,
    details = true, onRevoke, watch = true, showPending = true, showNames = true, chains: _chains, addresses: _addresses,
    persist, ...listProps
  } = props
  const { locale, timeZone, renderLink } = listProps
  const renderDetails = useCallback(
    (tx: TransactionEntry) => <LazyRowDetails transaction={tx} chain={chain} wallet={address} locale={locale} timeZone={timeZone} renderLink={renderLink} onRevoke={onRevoke} />,
    [chain, address, locale, timeZone, renderLink, onRevoke],
  )
  const [filter, setFilter] = useControllableState<WalletHistoryFilter>(filterProp, defaultFilter ?? {}, onFilterChange)
  const history = useWindowedHistory({
    address, chain, fromBlock, toBlock, fromDate, toDate, includeInternalTransactions,
    includeInputData, nftMetadata, cursor, order, limit, query, filter, persist,
  })
  const { transactions, loadedTransactions, filterError, status, error, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = history
  const names = useFeedNames(loadedTransactions, chain, showNames)

  // The history as the hook reads it (the filter's dates are the service's bounds): the first page read again is this one.
  const historyParams = {
    address, chain, fromBlock, toBlock, includeInternalTransactions, includeInputData, nftMetadata, order, limit,
    fromDate: (!filterError && filter.fromDate !== undefined ? filter.fromDate : fromDate),
    toDate: (!filterError && filter.toDate !== undefined ? filter.toDate : toDate),
  }
  // New arrivals: newest-first, open-ended feeds only, once loaded.
  const live = useArrivals({
    load: loadArrivalsEngine,
    sources: [historyParams],
    enabled: watch && status === 'success' && !!address && order?.toUpperCase() !== 'ASC' && historyParams.toBlock === undefined && historyParams.toDate === undefined,
  })
  // The user's own transactions (sent with useSendRawTransaction, or tracked by hash) until indexed.
  const [own, setOwn] = useState<ReadonlySet<string>>(() => new Set())
  const pending = showPending && address && (
    <LivePendingAfterMount params={historyParams} loaded={loadedTransactions} ready={status === 'success'} onTracked={setOwn} locale={locale} renderLink={renderLink} />
  )
  // Their indexed rows are never held behind "N new transactions": the group lets go of a record as its
  // row arrives, and the transaction would be gone from the screen until the button was pressed.
  const arrivals = useMemo(() => (own.size === 0 ? live.arrivals : new Set([...live.arrivals].filter((id) => !own.has(id)))), [live.arrivals, own])
  const addressError = useAddressError(address)
  const badInput = addressError ?? filterError
  // The search box may be used any moment: its text is built while the viewer reads.
  useIdleFilterPreparation(loadedTransactions, typeof chain === 'string' ? chain : undefined, showFilterBar || filtersEntries(filter))
  const feedExport = useFeedExport(
    showExport && address && !addressError ? { address, chain, fromBlock, toBlock, fromDate, toDate, includeInternalTransactions, order } : undefined,
    { headers: exportHeaders, locale, timeZone },
  )
  // Paging failed after the first page: retry the next page, not the whole history.
  const onRetry = () => void (isFetchNextPageError ? fetchNextPage() : refetch())
  const narrowed = filtersEntries(filter) && !filterError
  const toolbar = showFilterBar || feedExport.control ? (
    <FeedToolbar filterBar={showFilterBar ? { filter, onFilterChange: setFilter, entries: loadedTransactions, locale } : undefined} exportControl={feedExport.control} />
  ) : undefined
  return (
    <NamesContext.Provider value={names.names}>{names.reader}{feedExport.runner}
    <TransactionList
      renderDetails={details ? renderDetails : undefined}
      {...listProps}
      ref={ref}
      transactions={transactions}
      wallet={address}
      chain={chain}
      status={badInput ? 'error' : status}
      error={badInput ?? error}
      onRetry={badInput ? undefined : onRetry}
      hasNextPage={hasNextPage}
      isFetchingNextPage={isFetchingNextPage}
      onLoadMore={() => void fetchNextPage()}
      {...pagingBack(history)}
      filtered={narrowed ? { loaded: loadedTransactions.length, key: JSON.stringify(filter) } : undefined}
      toolbar={toolbar}
      header={pending || undefined}
      arrivals={arrivals}
      liveStatus={live.status}
    />
    </NamesContext.Provider>
  )
})

/** The hook waits for a valid address; a wrong one given here is shown as the error it is, not as endless loading. */
function useAddressError(address: string | undefined): Error | null {
  return useMemo(() => {
    if (!address) return null
    try {
      checkAddress(address)
      return null
    } catch (e) {
      return e as Error
    }
  }, [address])
}
