import { forwardRef, useMemo } from 'react'
import { checkAddress } from '../../core/history/params.js'
import { useWalletHistory, type UseWalletHistoryParameters } from '../../react/useWalletHistory.js'
import { TransactionList, type TransactionListProps } from '../TransactionList/TransactionList.js'

type ListProps = Omit<
  TransactionListProps,
  'transactions' | 'wallet' | 'chain' | 'status' | 'error' | 'onRetry' | 'hasNextPage' | 'isFetchingNextPage' | 'onLoadMore'
>

export type WalletActivityFeedProps = UseWalletHistoryParameters & ListProps

/**
 * The drop-in feed: a wallet's history from the nearest BlockfeedProvider, paged as the
 * viewer scrolls. Takes the history parameters (`address`, `chain`, dates…) plus every
 * display prop of TransactionList (`className`, `style`, `locale`, `renderLink`…); the ref and
 * other DOM attributes go to the list's root `<div>`.
 */
export const WalletActivityFeed = forwardRef<HTMLDivElement, WalletActivityFeedProps>(function WalletActivityFeed(props, ref) {
  const {
    address, chain, fromBlock, toBlock, fromDate, toDate, includeInternalTransactions,
    includeInputData, nftMetadata, cursor, order, limit, query,
    ...listProps
  } = props
  const history = useWalletHistory({
    address, chain, fromBlock, toBlock, fromDate, toDate, includeInternalTransactions,
    includeInputData, nftMetadata, cursor, order, limit, query,
  })
  const { transactions, status, error, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = history
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
