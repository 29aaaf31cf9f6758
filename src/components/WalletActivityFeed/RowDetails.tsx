import { skipToken, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { isApprovalStatesStale, listsApprovals, logsApprovals } from '../../core/details/approvalHints.js'
import type { ApprovalStates } from '../../core/details/approvalStates.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { rpcQueryKey } from '../../core/query/rpc.js'
import { useBlockfeedQueryContext } from '../../react/useBlockfeedClient.js'
import { useNames } from '../../react/useNames.js'
import { useTransactionDetails } from '../../react/useTransactionDetails.js'
import { TransactionDetails, type TransactionDetailsProps } from '../TransactionDetails/TransactionDetails.js'

export interface RowDetailsProps extends Pick<TransactionDetailsProps, 'chain' | 'locale' | 'timeZone' | 'renderLink' | 'onRevoke' | 'wallet'> {
  transaction: TransactionEntry
}

/**
 * The feed's details panel for one row, connected: the node's view of the transaction (one batched
 * request, then cached for good once final), verified names of its parties, and whether its
 * approvals are still in effect (read again at each new head). Loaded with the first row a user
 * opens, not with the feed.
 */
type StatesModule = typeof import('./rowApprovals.js')
// Approvals (the receipt's, what they amount to now) load apart, with the first row that has any: most rows have none.
let statesModule: StatesModule | undefined

export default function RowDetails({ transaction: tx, chain: display, wallet, locale, timeZone, renderLink, onRevoke }: RowDetailsProps) {
  // Display options accept a numeric chain id; the queries take the service's spelling.
  const chain = typeof display === 'number' ? `0x${display.toString(16)}` : display
  const { client, queryClient } = useBlockfeedQueryContext()
  const [states, setStates] = useState(statesModule)
  // The chunk did not load (offline, a new deploy): show the details anyway, approvals as unchecked.
  const [unloaded, setUnloaded] = useState(false)
  // Approvals the service listed are read with the details, in the same batch: the details wait for
  // that code (which comes once wanted, so they never wait for ever).
  const listed = listsApprovals(tx)
  const details = useTransactionDetails({ hash: tx.hash as `0x${string}`, chain, blockNumber: tx.block_number, methodLabel: tx.method_label, enabled: !listed || states !== undefined || unloaded })
  const wanted = listed || logsApprovals(details.data)
  const approvals = states ? states.approvalsOf(tx as never, details.data, wallet).flatMap((a) => (a.owner ? [{ kind: a.kind, token: a.token, owner: a.owner, spender: a.spender }] : [])) : []
  // Who may spend is the party an approval is about: named like the others.
  const parties = [tx.from_address, tx.to_address, ...tx.erc20_transfer.flatMap((t) => [t.from_address, t.to_address]), ...approvals.map((a) => a.spender)].filter((a): a is string => !!a)
  // A chain with no known resolver has no names; that is not an error worth showing.
  const names = useNames({ addresses: parties, chain })
  useEffect(() => {
    if (wanted && !states) import('./rowApprovals.js').then((m) => setStates((statesModule = m)), () => setUnloaded(true))
  }, [wanted, states])
  // Read again once the shared head poller (started by useTransactionDetails) sees a later block.
  const read = useQuery<ApprovalStates, Error, ApprovalStates, readonly unknown[]>(
    states ? { ...states.approvalStatesQueryOptions(client, { approvals, chain }), enabled: approvals.length > 0 } as never : { queryKey: ['blockfeed', 'approvalStates', null], queryFn: skipToken },
    queryClient,
  )
  const head = useQuery({ queryKey: rpcQueryKey(client, { method: 'eth_blockNumber', chain }), queryFn: skipToken }, queryClient).data as string | undefined
  const stale = isApprovalStatesStale(read.data, head)
  useEffect(() => {
    if (stale && states) void queryClient.invalidateQueries({ queryKey: states.approvalStatesQueryKey(client, { approvals, chain }), exact: true })
  }, [stale, states, queryClient]) // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <TransactionDetails
      variant="panel"
      details={details.data}
      isLoading={details.isPending}
      error={details.error}
      entry={tx}
      wallet={wallet}
      names={names.data}
      approvalStates={read.isError || unloaded ? null : read.data}
      chain={display}
      locale={locale}
      timeZone={timeZone}
      renderLink={renderLink}
      onRevoke={onRevoke}
    />
  )
}
