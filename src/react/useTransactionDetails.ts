import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Hex } from 'viem'
import type { ChainInput } from '../core/chains.js'
import { confirmationsAt, type TransactionDetails } from '../core/details/getTransactionDetails.js'
import { transactionDetailsQueryOptions } from '../core/details/query.js'
import { rpcQueryKey } from '../core/query/rpc.js'
import { useBlockNumberWatch } from './useBlockNumberWatch.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

export interface UseTransactionDetailsParameters {
  /** Pass `undefined` while unknown: the query waits (no request). */
  hash: Hex | undefined
  chain?: ChainInput | undefined
  /** The entry's `block_number`: lets a final transaction cost one HTTP request. */
  blockNumber?: bigint | number | string | null | undefined
  methodLabel?: string | null | undefined
  /** Keep confirmations live (and a pending transaction refreshed) from the shared block poller. Default true. */
  watch?: boolean | undefined
  /** Fetch only when true, e.g. when the row's details are first opened. Default true. */
  enabled?: boolean | undefined
}

export type UseTransactionDetailsReturnType = UseQueryResult<TransactionDetails | null, Error>

/**
 * A transaction's details (see `getTransactionDetails`), cached for good once mined; while
 * watched, `confirmations` follows the head the shared block poller reads.
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
    // A pending transaction is asked for again at each new block until it is mined.
    if (watching && data?.status === 'pending' && head !== undefined) void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true })
  }, [watching, head, data?.status, queryClient, options.queryKey[2].hash]) // eslint-disable-line react-hooks/exhaustive-deps
  if (!data || head === undefined || data.blockNumber === null) return result
  const live = BigInt(head)
  if (live <= data.headBlockNumber) return result
  return { ...result, data: { ...data, headBlockNumber: live, confirmations: confirmationsAt(data.blockNumber, live) } } as UseTransactionDetailsReturnType
}
