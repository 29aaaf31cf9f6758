import { forwardRef, useCallback, useEffect, useMemo } from 'react'
import type { TransactionEntry } from '../../core/history/schema.js'
import { checkAddress } from '../../core/history/params.js'
import { tokenInfoFromEntries } from '../../core/live/display.js'
import { useBlockfeedClient } from '../../react/useBlockfeedClient.js'
import { useFirstPageRefresh } from '../../react/useFirstPageRefresh.js'
import { useSendRawTransaction } from '../../react/useSendRawTransaction.js'
import { useTrackedTransactions } from '../../react/useTrackedTransactions.js'
import { useWalletHistory, type UseWalletHistoryParameters } from '../../react/useWalletHistory.js'
import { PendingTransactions } from '../PendingTransactions/PendingTransactions.js'
import type { TransactionDetailsProps } from '../TransactionDetails/TransactionDetails.js'
import { TransactionList, type TransactionListProps } from '../TransactionList/TransactionList.js'
import { DetailsToggle } from './DetailsToggle.js'

type ListProps = Omit<
  TransactionListProps,
  'transactions' | 'wallet' | 'chain' | 'status' | 'error' | 'onRetry' | 'hasNextPage' | 'isFetchingNextPage' | 'onLoadMore'
>

export type WalletActivityFeedProps = UseWalletHistoryParameters &
  ListProps & {
    /** A "Details" button on each row: the transaction explained in place (loaded when first opened). Default true. */
    details?: boolean | undefined
    /** Offers "Revoke" on unlimited approvals in the details; gets the ready `approve(spender, 0)` request for the app's wallet. */
    onRevoke?: TransactionDetailsProps['onRevoke']
    /** The wallet's own transactions followed live at the top, from pending to their indexed row. Default true. */
    showPending?: boolean | undefined
  }

/**
 * The drop-in feed: a wallet's history from the nearest BlockfeedProvider, paged as the
 * viewer scrolls. Takes the history parameters (`address`, `chain`, dates…) plus every
 * display prop of TransactionList (`className`, `style`, `locale`, `renderLink`…); the ref and
 * other DOM attributes go to the list's root `<div>`.
 */
export const WalletActivityFeed = forwardRef<HTMLDivElement, WalletActivityFeedProps>(function WalletActivityFeed(props, ref) {
  const {
    address, chain, fromBlock, toBlock, fromDate, toDate, includeInternalTransactions,
    includeInputData, nftMetadata, cursor, order, limit, query, details = true, onRevoke, showPending = true,
    ...listProps
  } = props
  const { locale, timeZone, renderLink } = listProps
  const renderDetails = useCallback(
    (tx: TransactionEntry) => <DetailsToggle transaction={tx} chain={chain} locale={locale} timeZone={timeZone} renderLink={renderLink} onRevoke={onRevoke} />,
    [chain, locale, timeZone, renderLink, onRevoke],
  )
  const history = useWalletHistory({
    address, chain, fromBlock, toBlock, fromDate, toDate, includeInternalTransactions,
    includeInputData, nftMetadata, cursor, order, limit, query,
  })
  const { transactions, status, error, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = history

  // The user's own transactions (sent with useSendRawTransaction, or tracked by hash) until indexed.
  const client = useBlockfeedClient()
  const tracked = useTrackedTransactions({ address: address ?? '', chain: chain ?? client.chain })
  const tokens = useMemo(() => tokenInfoFromEntries(transactions), [transactions])
  const send = useSendRawTransaction({ chain })
  const refreshFirstPage = useFirstPageRefresh({
    address, chain, fromBlock, toBlock, fromDate, toDate, includeInternalTransactions, includeInputData, nftMetadata, order, limit,
  })
  // Mined but not in the history yet: ask for the first page again as the records move (each new block).
  const awaitingIndex = useMemo(() => {
    const indexed = new Set(transactions.map((t) => t.hash.toLowerCase()))
    return tracked.some((r) => (r.status === 'confirmed' || r.status === 'failed') && !indexed.has(r.hash.toLowerCase()))
  }, [tracked, transactions])
  useEffect(() => {
    if (showPending && awaitingIndex && status === 'success') void refreshFirstPage()
  }, [showPending, awaitingIndex, status, tracked, refreshFirstPage])
  const pending = showPending && tracked.length > 0 && (
    <PendingTransactions
      records={tracked}
      indexed={transactions}
      tokens={tokens}
      chain={chain}
      locale={listProps.locale}
      renderLink={listProps.renderLink}
      onSendAgain={(raw) => send.mutate({ serializedTransaction: raw })}
    />
  )
  // The hook waits for a valid address; a wrong one given here is shown as the error it is, not as endless loading.
  const addressError = useMemo(() => {
    if (!address) return null
    try {
      checkAddress(address)
      return null
    } catch (e) {
      return e as Error
    }
  }, [address])
  // Paging failed after the first page: retry the next page, not the whole history.
  const onRetry = () => void (isFetchNextPageError ? fetchNextPage() : refetch())
  return (
    <TransactionList
      renderDetails={details ? renderDetails : undefined}
      header={pending || undefined}
      {...listProps}
      ref={ref}
      transactions={transactions}
      wallet={address}
      chain={chain}
      status={addressError ? 'error' : status}
      error={addressError ?? error}
      onRetry={addressError ? undefined : onRetry}
      hasNextPage={hasNextPage}
      isFetchingNextPage={isFetchingNextPage}
      onLoadMore={() => void fetchNextPage()}
    />
  )
})
