import type { TransactionEntry } from '../../core/history/schema.js'
import { useNames } from '../../react/useNames.js'
import { useTransactionDetails } from '../../react/useTransactionDetails.js'
import { TransactionDetails, type TransactionDetailsProps } from '../TransactionDetails/TransactionDetails.js'

export interface RowDetailsProps extends Pick<TransactionDetailsProps, 'chain' | 'locale' | 'timeZone' | 'renderLink' | 'onRevoke'> {
  transaction: TransactionEntry
}

/**
 * The feed's details panel for one row, connected: the node's view of the transaction (one batched
 * request, then cached for good once final) and verified names of its parties. Loaded with the
 * first row a user opens, not with the feed.
 */
export default function RowDetails({ transaction: tx, chain: display, locale, timeZone, renderLink, onRevoke }: RowDetailsProps) {
  // Display options accept a numeric chain id; the queries take the service's spelling.
  const chain = typeof display === 'number' ? `0x${display.toString(16)}` : display
  const details = useTransactionDetails({ hash: tx.hash as `0x${string}`, chain, blockNumber: tx.block_number, methodLabel: tx.method_label })
  const parties = [tx.from_address, tx.to_address, ...tx.erc20_transfer.flatMap((t) => [t.from_address, t.to_address])].filter((a): a is string => !!a)
  // A chain with no known resolver has no names; that is not an error worth showing.
  const names = useNames({ addresses: parties, chain })
  return (
    <TransactionDetails
      variant="panel"
      details={details.data}
      isLoading={details.isPending}
      error={details.error}
      entry={tx}
      names={names.data}
      chain={display}
      locale={locale}
      timeZone={timeZone}
      renderLink={renderLink}
      onRevoke={onRevoke}
    />
  )
}
