import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query'
import type { BlockfeedQueryError } from '../core/query/error.js'
import { isHeadFollowingRpcQuery, rpcQueryOptions, type RpcQueryKey, type RpcQueryParameters } from '../core/query/rpc.js'
import type { RpcMethod, RpcReturnType } from '../core/rpc/methods.js'
import { useBlockNumberWatch } from './useBlockNumberWatch.js'
import { both } from '../core/query/enabled.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

/** Every TanStack query option but the ones `rpcQueryOptions` owns (the key and the function). */
export type UseRpcQueryOptions<M extends RpcMethod, TSelected = RpcReturnType<M>> = Omit<
  UseQueryOptions<RpcReturnType<M>, BlockfeedQueryError, TSelected, RpcQueryKey<M>>,
  'queryKey' | 'queryFn'
>

export type UseRpcParameters<M extends RpcMethod, TSelected = RpcReturnType<M>> = RpcQueryParameters<M> & {
  /**
   * Refetch when a new block arrives (reads that follow the head only: at `latest`/`pending`, or
   * at a block not yet settled; immutable reads never change). All watching hooks share one
   * `eth_blockNumber` poller per client and chain.
   */
  watch?: boolean | undefined
  /** TanStack Query options, `select` included (typed from the method's result). */
  query?: UseRpcQueryOptions<M, TSelected> | undefined
}

export type UseRpcReturnType<M extends RpcMethod, TSelected = RpcReturnType<M>> = UseQueryResult<TSelected, BlockfeedQueryError>

/**
 * Any of the 28 JSON-RPC methods as a query, typed from the method name: `params` are
 * checked at compile time and `data` is the method's raw JSON-RPC result (or `select`'s).
 * `error` is one of blockfeed's six error classes (`switch (error.name)` narrows).
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
