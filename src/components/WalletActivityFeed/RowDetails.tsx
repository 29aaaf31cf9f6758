import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { approvalsOf } from '../../core/details/approvals.js'
import { approvalStatesQueryOptions, isApprovalStatesStale } from '../../core/details/approvalStates.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { rpcQueryKey } from '../../core/query/rpc.js'
import { useBlockfeedQueryContext } from '../../react/useBlockfeedClient.js'
import { useNames } from '../../react/useNames.js'
import { useTransactionDetails } from '../../react/useTransactionDetails.js'
import { TransactionDetails, type TransactionDetailsProps } from '../TransactionDetails/TransactionDetails.js'

export interface RowDetailsProps extends Pick<TransactionDetailsProps, 'chain' | 'locale' | 'timeZone' | 'renderLink' | 'onRevoke'> {
  transaction: TransactionEntry
}

/**
 * The feed's details panel for one row, connected: the node's view of the transaction (one batched
 * request, then cached for good once final), verified names of its parties, and whether its
 * approvals are still in effect (read again at each new head). Loaded with the first row a user
 * opens, not with the feed.
 */
export default function RowDetails({ transaction: tx, chain: display, locale, timeZone, renderLink, onRevoke }: RowDetailsProps) {
  // Display options accept a numeric chain id; the queries take the service's spelling.
  const chain = typeof display === 'number' ? `0x${display.toString(16)}` : display
  const details = useTransactionDetails({ hash: tx.hash as `0x${string}`, chain, blockNumber: tx.block_number, methodLabel: tx.method_label })
  const parties = [tx.from_address, tx.to_address, ...tx.erc20_transfer.flatMap((t) => [t.from_address, t.to_address])].filter((a): a is string => !!a)
  // A chain with no known resolver has no names; that is not an error worth showing.
  const names = useNames({ addresses: parties, chain })
  const states = useApprovalStates(tx, details.data, chain)
  return (
    <TransactionDetails
      variant="panel"
      details={details.data}
      isLoading={details.isPending}
      error={details.error}
      entry={tx}
      names={names.data}
      approvalStates={states.isError ? null : states.data}
      chain={display}
      locale={locale}
      timeZone={timeZone}
      renderLink={renderLink}
      onRevoke={onRevoke}
    />
  )
}

/**
 * The approvals' current state: asked in the same tick as the details when the service listed the
 * approvals (so in the same HTTP request), else once the receipt has named them; read again when the
 * shared head poller (started by `useTransactionDetails`) sees a later block.
 */
function useApprovalStates(tx: TransactionEntry, details: Parameters<typeof approvalsOf>[1], chain: string | undefined) {
  const { client, queryClient } = useBlockfeedQueryContext()
  const approvals = approvalsOf(tx as never, details).filter((a) => a.owner !== null)
  const options = approvalStatesQueryOptions(client, { approvals: approvals.map((a) => ({ kind: a.kind, token: a.token, owner: a.owner!, spender: a.spender })), chain })
  const states = useQuery({ ...options, enabled: approvals.length > 0 }, queryClient)
  const head = useQuery({ queryKey: rpcQueryKey(client, { method: 'eth_blockNumber', chain }), queryFn: () => null as never, enabled: false }, queryClient).data as string | undefined
  const stale = isApprovalStatesStale(states.data, head)
  useEffect(() => {
    if (stale) void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true })
  }, [stale, queryClient, JSON.stringify(options.queryKey)]) // eslint-disable-line react-hooks/exhaustive-deps
  return states
}
