import type { DataTag, Query, QueryFunctionContext } from '@tanstack/query-core'
import type { Hex } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import { keyChain } from '../query/keyChain.js'
import type { QueryKeyClient } from '../query/walletHistory.js'
import { getTransactionDetails, type GetTransactionDetailsParameters, type TransactionDetails } from './getTransactionDetails.js'

export type TransactionDetailsQueryKey = DataTag<
  readonly ['blockfeed', 'transactionDetails', { baseUrl: string; chain: string | null; hash: string; methodLabel: string | null }],
  TransactionDetails | null,
  Error
>

/**
 * `['blockfeed', 'transactionDetails', { baseUrl, chain, hash, methodLabel }]`. The block-number
 * hint is not part of it: it changes how many requests are sent, never the answer.
 */
export function transactionDetailsQueryKey(
  client: QueryKeyClient,
  { hash, chain, methodLabel }: Pick<GetTransactionDetailsParameters, 'hash' | 'chain' | 'methodLabel'>,
): TransactionDetailsQueryKey {
  const key = {
    baseUrl: client.baseUrl,
    chain: keyChain(client, chain),
    hash: typeof hash === 'string' ? hash.toLowerCase() : String(hash),
    methodLabel: methodLabel ?? null,
  }
  return ['blockfeed', 'transactionDetails', key] as unknown as TransactionDetailsQueryKey
}

export interface TransactionDetailsQueryOptions {
  queryKey: TransactionDetailsQueryKey
  queryFn: (context: QueryFunctionContext<TransactionDetailsQueryKey>) => Promise<TransactionDetails | null>
  retry: false
  staleTime: (query: Query<TransactionDetails | null, Error, TransactionDetails | null, TransactionDetailsQueryKey>) => number
}

/**
 * Query options for a transaction's details. A mined transaction is final: kept for good
 * (`staleTime: Infinity`), so opening it again sends nothing; a pending or unknown one is
 * asked for again whenever it is used. Confirmations at a later head come from
 * `confirmationsAt(details.blockNumber, head)`.
 */
export function transactionDetailsQueryOptions(
  client: BlockfeedClient,
  parameters: GetTransactionDetailsParameters,
): TransactionDetailsQueryOptions {
  const queryKey = transactionDetailsQueryKey(client, parameters)
  return {
    queryKey,
    queryFn: ({ queryKey, signal }) => {
      // The key names the chain by its identity; the request keeps the caller's spelling.
      const { hash, methodLabel } = queryKey[2]
      return getTransactionDetails(client, { ...parameters, hash: hash as Hex, methodLabel }, { signal })
    },
    retry: false,
    staleTime: (query) => (query.state.data != null && query.state.data.status !== 'pending' ? Infinity : 0),
  }
}
