import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query'
import type { BlockfeedQueryError } from '../core/query/error.js'
import { isHeadFollowingRpcQuery, rpcQueryOptions, type RpcQueryKey, type RpcQueryParameters } from '../core/query/rpc.js'
import type { RpcMethod, RpcReturnType } from '../core/rpc/methods.js'
import { useBlockNumberWatch } from './useBlockNumberWatch.js'
import { both } from '../core/query/enabled.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

/** The TanStack Query options you can pass to `useRpc` as `query`: every query option but the key and the function, which the hook owns. */
export type UseRpcQueryOptions<M extends RpcMethod, TSelected = RpcReturnType<M>> = Omit<
  UseQueryOptions<RpcReturnType<M>, BlockfeedQueryError, TSelected, RpcQueryKey<M>>,
  'queryKey' | 'queryFn'
>

/** What `useRpc` takes: the JSON-RPC `method`, its `params`, an optional `chain`, plus `watch` and `query`. */
export type UseRpcParameters<M extends RpcMethod, TSelected = RpcReturnType<M>> = RpcQueryParameters<M> & {
  /**
   * Refetches when a new block arrives (reads that follow the head only: at `latest`/`pending`, or
   * at a block not yet settled; immutable reads never change). All watching hooks share one
   * `eth_blockNumber` poller per client and chain.
   * @defaultValue `false`
   */
  watch?: boolean | undefined
  /** TanStack Query options, `select` included (typed from the method's result). */
  query?: UseRpcQueryOptions<M, TSelected> | undefined
}

/** What `useRpc` returns: TanStack Query's query result, `data` typed as the method's JSON-RPC result (or what `select` makes of it). */
export type UseRpcReturnType<M extends RpcMethod, TSelected = RpcReturnType<M>> = UseQueryResult<TSelected, BlockfeedQueryError>

/**
 * Calls any of the 28 JSON-RPC methods of the interface as a query, typed from the method name.
 *
 * `params` are checked at compile time, and `data` is the method's raw JSON-RPC result (hex
 * quantities, RPC blocks…). Pass `params: undefined` while an input is missing: the query waits.
 * `error` is one of blockfeed's six error classes (`switch (error.name)` narrows it).
 *
 * @param parameters - The `method`, its `params`, an optional `chain` (whose RPC URL is used),
 * `watch` to follow new blocks, and TanStack Query options under `query`.
 * @returns TanStack Query's query result: `data` is the method's result (or `select`'s),
 * `error`, `status`, `isPending`, `refetch` and the other fields every query has.
 * @throws {@link InvalidParameterError} When a param or the chain is not valid; nothing is sent.
 * @throws {@link JsonRpcError} When the node answers with a JSON-RPC error object (`code`, `data`).
 * @throws {@link HttpStatusError} When the RPC endpoint answers with a status other than 2xx.
 * @throws {@link ResponseShapeError} When the reply is not a JSON-RPC response to this request.
 * @throws {@link TimeoutError} When the node does not answer within the client's `timeoutMs`.
 * @throws {@link NetworkError} When the request gets no HTTP answer.
 * @remarks One JSON-RPC POST of `method` to the chain's RPC URL (batched with other calls of the
 * same tick when the client batches). Query key `['blockfeed', 'rpc', { baseUrl, chain, method, params }]`
 * (from `rpcQueryKey`; `[address]` and `[address, 'latest']` share one entry). Results addressed
 * by hash are kept for good once found; results at a settled block number too; results at
 * `latest`/`pending` follow the QueryClient's `staleTime` and, with `watch`, every new block.
 * The errors above arrive in `error`, not as exceptions.
 * @example
 * ```tsx
 * import { formatEther } from 'viem'
 * import { useRpc } from 'blockfeed/react'
 *
 * export function Balance() {
 *   const { data, error } = useRpc({
 *     method: 'eth_getBalance',
 *     params: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'latest'],
 *     watch: true,
 *   })
 *   if (error) return <p role="alert">{error.message}</p>
 *   return <p>{data === undefined ? 'Loading…' : `${formatEther(BigInt(data))} ETH`}</p>
 * }
 * ```
 */
export function useRpc<M extends RpcMethod, TSelected = RpcReturnType<M>>(
  parameters: UseRpcParameters<M, TSelected>,
): UseRpcReturnType<M, TSelected> {
  const { client, queryClient } = useBlockfeedQueryContext()
  const { method, params, chain, watch = false, query } = parameters
  const options = rpcQueryOptions<M>(client, { method, params, chain } as RpcQueryParameters<M>)
  const enabled = both(options.enabled, query?.enabled)
  // The cached Query's own key: it tells whether the last fetch was after the block settled.
  const cached = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true })
  const on = typeof enabled === 'function' ? (cached ? enabled(cached as never) : options.enabled) : enabled
  const watching = watch && on && isHeadFollowingRpcQuery(cached?.queryKey ?? options.queryKey)

  // The poller is one per chain identity (`eth`, `0x1`); it asks with the caller's spelling.
  useBlockNumberWatch(watching, chain)

  return useQuery(
    { ...options, ...query, enabled } as UseQueryOptions<RpcReturnType<M>, BlockfeedQueryError, TSelected, RpcQueryKey<M>>,
    queryClient,
  )
}
