import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Hex } from 'viem'
import type { ChainInput } from '../core/chains.js'
import { confirmationsAt, type TransactionDetails } from '../core/details/getTransactionDetails.js'
import { transactionDetailsQueryOptions } from '../core/details/query.js'
import { rpcQueryKey } from '../core/query/rpc.js'
import { useBlockNumberWatch } from './useBlockNumberWatch.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

/** What `useTransactionDetails` takes: the transaction's hash and chain, hints that make the read cheaper, and when to read. */
export interface UseTransactionDetailsParameters {
  /** The transaction hash (0x + 64 hex digits); `undefined` while unknown: the query waits (no request). */
  hash: Hex | undefined
  /**
   * Which chain's RPC URL to read from.
   * @defaultValue the client's `chain`
   */
  chain?: ChainInput | undefined
  /** The entry's `block_number`, when you have it: a final transaction then costs one HTTP request instead of two. */
  blockNumber?: bigint | number | string | null | undefined
  /** The service's `method_label`, shown as the method's name before any decoded one. */
  methodLabel?: string | null | undefined
  /**
   * Keeps `confirmations` live, and a pending transaction or one the node does not know yet read
   * again at each new block, from the shared block poller.
   * @defaultValue `true`
   */
  watch?: boolean | undefined
  /**
   * Reads only while true, e.g. once a row's details are first opened.
   * @defaultValue `true`
   */
  enabled?: boolean | undefined
}

/** What `useTransactionDetails` returns: TanStack Query's query result; `data` is the details, or `null` when the node does not know the hash. */
export type UseTransactionDetailsReturnType = UseQueryResult<TransactionDetails | null, Error>

/**
 * Reads what one transaction did from the node: status, confirmations, fee, method, events.
 *
 * It is `getTransactionDetails` as a query. Once the transaction is mined its details are kept
 * for good; while `watch` is on, `confirmations` follows each new block, and a pending
 * transaction is read again at each block until it is mined. So is one the node does not know
 * (`data` is `null`: a node that lags behind the history, or another provider): the details
 * arrive at the first block after the node learns it.
 *
 * @param parameters - The `hash`, and optionally `chain`, `blockNumber`, `methodLabel`, `watch` and `enabled`.
 * @returns TanStack Query's query result. `data` is a `TransactionDetails` (`status`, `blockNumber`,
 * `timestamp`, `confirmations`, `from`, `to`, `fee`, `value`, `method`, decoded `logs`,
 * `revertReason`…), `null` when the node does not know the hash, `undefined` while loading;
 * `error`, `isPending`, `refetch` and the other fields every query has.
 * @throws {@link InvalidParameterError} When the hash or block number is malformed; nothing is sent.
 * @throws {@link JsonRpcError} When the node refuses one of the calls.
 * @throws {@link HttpStatusError} When the RPC endpoint answers with a status other than 2xx.
 * @throws {@link ResponseShapeError} When the node's transaction, receipt or logs are not what was asked for.
 * @throws {@link TimeoutError} When the node does not answer within the client's `timeoutMs`.
 * @throws {@link NetworkError} When a request gets no HTTP answer.
 * @remarks `eth_getTransactionByHash`, `eth_getTransactionReceipt`, `eth_blockNumber` and, with
 * `blockNumber`, `eth_getBlockByNumber`, batched into one HTTP request; without `blockNumber` the
 * block follows in a second (`eth_getBlockByHash`). A reverted transaction adds one `eth_call`
 * for the reason. Query key `['blockfeed', 'transactionDetails', { baseUrl, chain, hash, methodLabel }]`;
 * a mined transaction never goes stale, a pending or unknown one is read again whenever it is used
 * and, while watching, at each new block.
 * Watching shares the one `eth_blockNumber` poller per chain. The errors above arrive in `error`.
 * @example
 * ```tsx
 * import type { Hex } from 'viem'
 * import { useTransactionDetails } from 'blockfeed/react'
 *
 * export function TransactionStatus({ hash }: { hash: Hex }) {
 *   const { data, error } = useTransactionDetails({ hash })
 *   if (error) return <p role="alert">{error.message}</p>
 *   if (data === undefined) return <p>Loading…</p>
 *   if (data === null) return <p>Not found</p>
 *   return (
 *     <p>
 *       {data.status}, {data.confirmations} confirmations, fee {data.fee?.formatted ?? '?'} {data.nativeSymbol}
 *     </p>
 *   )
 * }
 * ```
 */
export function useTransactionDetails(parameters: UseTransactionDetailsParameters): UseTransactionDetailsReturnType {
  const { client, queryClient } = useBlockfeedQueryContext()
  const { hash, chain, blockNumber, methodLabel, watch = true, enabled = true } = parameters
  const options = transactionDetailsQueryOptions(client, { hash: hash ?? ('0x' as Hex), chain, blockNumber, methodLabel })
  const on = enabled && hash !== undefined
  const headKey = rpcQueryKey(client, { method: 'eth_blockNumber', chain })
  const watching = on && watch

  useBlockNumberWatch(watching, chain)

  const head = useQuery({ queryKey: headKey, queryFn: () => null as never, enabled: false }, queryClient).data as string | undefined
  const result = useQuery({ ...options, enabled: on }, queryClient)
  const data = result.data
  useEffect(() => {
    // A pending transaction is asked for again at each new block until it is mined; one the node does
    // not know (null: a lagging or different provider) too, until the node learns it.
    if (watching && (data === null || data?.status === 'pending') && head !== undefined) void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true })
  }, [watching, head, data?.status, queryClient, options.queryKey[2].hash]) // eslint-disable-line react-hooks/exhaustive-deps
  if (!data || head === undefined || data.blockNumber === null) return result
  const live = BigInt(head)
  if (live <= data.headBlockNumber) return result
  return { ...result, data: { ...data, headBlockNumber: live, confirmations: confirmationsAt(data.blockNumber, live) } } as UseTransactionDetailsReturnType
}
