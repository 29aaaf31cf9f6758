import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ChainInput } from '../core/chains.js'
import { rpcQueryOptions, type RpcQueryKey, type RpcQueryParameters } from '../core/query/rpc.js'
import { followsHead, methodSpecs, type RpcMethod, type RpcParameters, type RpcReturnType } from '../core/rpc/methods.js'
import { watchBlockNumber } from './blockNumberPoller.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

export type UseRpcParameters<M extends RpcMethod, TSelected = RpcReturnType<M>> = {
  method: M
  /** Which chain's RPC URL; defaults to the client's `chain`. */
  chain?: ChainInput | undefined
  /**
   * Refetch when a new block arrives (reads at `latest`/`pending` only; immutable reads
   * never change). All watching hooks share one `eth_blockNumber` poller per client and chain.
   */
  watch?: boolean | undefined
  /** TanStack Query options, `select` included (typed from the method's result). */
  query?: Omit<UseQueryOptions<RpcReturnType<M>, Error, TSelected, RpcQueryKey<M>>, 'queryKey' | 'queryFn'> | undefined
} & (RpcParameters<M> extends readonly []
  ? { params?: readonly [] | undefined }
  : {
      /** Required; pass `undefined` while an input is missing: the query waits (no request). */
      params: RpcParameters<M> | undefined
    })

export type UseRpcReturnType<M extends RpcMethod, TSelected = RpcReturnType<M>> = UseQueryResult<TSelected, Error>

/**
 * Any of the 28 JSON-RPC methods as a query, typed from the method name: `params` are
 * checked at compile time and `data` is the method's raw JSON-RPC result (or `select`'s).
 */
export function useRpc<M extends RpcMethod, TSelected = RpcReturnType<M>>(
  parameters: UseRpcParameters<M, TSelected>,
): UseRpcReturnType<M, TSelected> {
  const { client, queryClient, pollingIntervalMs } = useBlockfeedQueryContext()
  const { method, params, chain, watch = false, query } = parameters
  const options = rpcQueryOptions<M>(client, { method, params, chain } as RpcQueryParameters<M>)
  const missingParams = params === undefined && (methodSpecs[method]?.required ?? 0) > 0
  const enabled = !missingParams && (query?.enabled ?? true)
  const { params: keyParams, chain: keyChain } = options.queryKey[2]
  const watching = watch && enabled !== false && followsHead(method, keyParams)

  useEffect(() => {
    if (!watching) return
    return watchBlockNumber(client, queryClient, keyChain ?? undefined, pollingIntervalMs)
  }, [watching, client, queryClient, keyChain, pollingIntervalMs])

  return useQuery({ ...options, ...query, enabled } as UseQueryOptions<RpcReturnType<M>, Error, TSelected, RpcQueryKey<M>>, queryClient)
}
