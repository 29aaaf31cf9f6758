import type { DataTag, Query, QueryFunctionContext } from '@tanstack/query-core'
import type { Hex } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import { keyChain } from '../query/keyChain.js'
import type { QueryKeyClient } from '../query/walletHistory.js'
import { getTransactionDetails, type GetTransactionDetailsParameters, type TransactionDetails } from './getTransactionDetails.js'

/** The query key of a transaction's details: `['blockfeed', 'transactionDetails', { baseUrl, chain, hash, methodLabel }]`. */
export type TransactionDetailsQueryKey = DataTag<
  readonly ['blockfeed', 'transactionDetails', { baseUrl: string; chain: string | null; hash: string; methodLabel: string | null }],
  TransactionDetails | null,
  Error
>

/**
 * Builds the query key of a transaction's details, to read, set or invalidate them in your
 * QueryClient: `['blockfeed', 'transactionDetails', { baseUrl, chain, hash, methodLabel }]`.
 *
 * The block-number hint is not part of it: it changes how many requests are sent, never the answer.
 *
 * @param client - The client from `createClient`.
 * @param parameters - The hash, and optionally the chain and method label.
 * @returns The key (typed with its data: {@link TransactionDetails} or `null`).
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, transactionDetailsQueryKey } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * const details = queryClient.getQueryData(transactionDetailsQueryKey(client, { hash: '0x2a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809' }))
 * ```
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

/** The options {@link transactionDetailsQueryOptions} returns: key, query function, `retry` and `staleTime`. */
export interface TransactionDetailsQueryOptions {
  /** The query key. */
  queryKey: TransactionDetailsQueryKey
  /** Reads them (cancelled with the query). */
  queryFn: (context: QueryFunctionContext<TransactionDetailsQueryKey>) => Promise<TransactionDetails | null>
  /** No retry here: the client retries (its one retry layer). */
  retry: false
  /** How long the answer is fresh: `Infinity` once the transaction is mined (its details never change), else `0`. */
  staleTime: (query: Query<TransactionDetails | null, Error, TransactionDetails | null, TransactionDetailsQueryKey>) => number
}

/**
 * Query options that read a transaction's details with TanStack Query: for `useQuery`, `fetchQuery`,
 * `prefetchQuery` or `useQueries`.
 *
 * @param client - The client from `createClient`.
 * @param parameters - As for {@link getTransactionDetails}.
 * @returns Options with the key, the query function, `retry: false` and a `staleTime`.
 * @throws {@link InvalidParameterError} In `error`, when the hash or block number is malformed.
 * @throws {@link JsonRpcError} In `error`, when the node refuses a call.
 * @throws {@link HttpStatusError} In `error`, when the RPC URL answers with an HTTP error.
 * @throws {@link NetworkError} In `error`, when the RPC URL cannot be reached.
 * @throws {@link TimeoutError} In `error`, when the node takes longer than the client's `timeoutMs`.
 * @throws {@link ResponseShapeError} In `error`, when the node's answers are not what was asked for.
 * @remarks As {@link getTransactionDetails} (one batched HTTP request when `blockNumber` is given). A
 * mined transaction is final: kept for good (`staleTime: Infinity`), so opening it again sends
 * nothing; a pending or unknown one is asked for again whenever it is used (and by
 * `useTransactionDetails` at each new block, until the node knows it and it is mined). Confirmations at a later
 * head come from `confirmationsAt(details.blockNumber, head)`.
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, transactionDetailsQueryOptions } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * const details = await queryClient.fetchQuery(transactionDetailsQueryOptions(client, { hash: '0x2a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809', blockNumber: 12 }))
 * ```
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
