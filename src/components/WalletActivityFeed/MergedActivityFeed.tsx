import { forwardRef, useCallback, useState } from 'react'
import type { ChainInput } from '../../core/chains.js'
import type { MergedTransactionEntry } from '../../core/history/merge.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { useMergedWalletHistory } from '../../react/useMergedWalletHistory.js'
import { ChainFilter } from '../ChainFilter/ChainFilter.js'
import { SourceNotices } from '../SourceNotices/SourceNotices.js'
import type { TransactionDetailsProps } from '../TransactionDetails/TransactionDetails.js'
import { TransactionList, type TransactionListProps } from '../TransactionList/TransactionList.js'
import { DetailsToggle } from './DetailsToggle.js'

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
}

/**
 * `WalletActivityFeed` with `chains` (or `addresses`): one feed merged across them, rows badged
 * with their chain, chips to show some chains only, and a notice with "Try again" for a chain that
 * failed — the others keep showing.
 */
export const MergedActivityFeed = forwardRef<HTMLDivElement, MergedActivityFeedProps>(function MergedActivityFeed(props, ref) {
  const { address, addresses, chains, limit, order, includeInternalTransactions, details = true, onRevoke, ...listProps } = props
  const history = useMergedWalletHistory({ address, addresses, chains, limit, order, includeInternalTransactions })
  const [shown, setShown] = useState<readonly ChainInput[]>(chains)
  const on = new Set(shown.map((c) => String(c).toLowerCase()))
  const transactions = history.transactions.filter((t) => on.has(t.chain.toLowerCase()))
  const { locale, timeZone, renderLink } = listProps
  const renderDetails = useCallback(
    (tx: TransactionEntry) => (
      <DetailsToggle transaction={tx} chain={(tx as MergedTransactionEntry).chain} locale={locale} timeZone={timeZone} renderLink={renderLink} onRevoke={onRevoke} />
    ),
    [locale, timeZone, renderLink, onRevoke],
  )
  return (
    <TransactionList
      label="Activity on every chain"
      renderDetails={details ? renderDetails : undefined}
      {...listProps}
      ref={ref}
      toolbar={
        <div className="bf-feed__toolbar">
          <ChainFilter chains={chains} selected={shown} onChange={setShown} />
          <SourceNotices sources={history.sources} onRetry={(chain, wallet) => void history.retrySource(chain, wallet)} />
        </div>
      }
      transactions={transactions}
      wallet={addresses ? undefined : address}
      status={history.status}
      error={history.error}
      onRetry={() => void history.refetch()}
      hasNextPage={history.hasNextPage}
      isFetchingNextPage={history.isFetchingNextPage}
      onLoadMore={() => void history.fetchNextPage()}
    />
  )
})
