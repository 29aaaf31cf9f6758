import type { DataTag, Query, QueryFilters, QueryFunctionContext } from '@tanstack/query-core'
import type { BlockfeedClient } from '../client.js'
import type { ChainInput } from '../chains.js'
import {
  followsHead,
  isImmutableRequest,
  isRpcMethod,
  normalizeRpcRequest,
  type RpcMethod,
  type RpcParameters,
  type RpcReturnType,
} from '../rpc/methods.js'
import { jsonSafe } from './jsonSafe.js'
import type { QueryKeyClient } from './walletHistory.js'

/** `{ method, params, chain }`: params may be left off for methods that take none. */
export type RpcQueryParameters<M extends RpcMethod> = {
  method: M
  /** Which chain's RPC URL; defaults to the client's `chain`. */
  chain?: ChainInput | undefined
} & (RpcParameters<M> extends readonly [] ? { params?: readonly [] | undefined } : { params: RpcParameters<M> })

export type RpcQueryKeyParameters<M extends RpcMethod = RpcMethod> = {
  baseUrl: string
  /** The resolved chain (given, else the client's), or null for the client's single RPC URL. */
  chain: string | null
  method: M
  /** Canonical params (see `normalizeRpcRequest`): `[addr]` and `[addr, 'latest']` share one entry. */
  params: readonly unknown[]
}

export type RpcQueryKey<M extends RpcMethod = RpcMethod> = DataTag<
  readonly ['blockfeed', 'rpc', RpcQueryKeyParameters<M>],
  RpcReturnType<M>,
  Error
>

/**
 * The chain a key names: the one given, else the client's default, else null (the client's
 * single RPC URL). Keys, the head filter and the block poller must agree on it, or
 * invalidation misses.
 */
export function keyChain(client: QueryKeyClient, chain?: ChainInput | undefined): string | null {
  return chain ?? client.chain ?? null
}

/**
 * `['blockfeed', 'rpc', { baseUrl, chain, method, params }]`, params in canonical form.
 * Takes the client (its `baseUrl` and default `chain`; the API key is never read). Params
 * that fail validation are kept as given (JSON-safe) so the query reports the error.
 */
export function rpcQueryKey<M extends RpcMethod>(
  client: QueryKeyClient,
  { method, params, chain }: { method: M; params?: readonly unknown[] | undefined; chain?: ChainInput | undefined },
): RpcQueryKey<M> {
  let canonical: readonly unknown[]
  try {
    canonical = normalizeRpcRequest({ method, params }).params
  } catch {
    canonical = (jsonSafe(params ?? []) as readonly unknown[]) ?? []
  }
  const keyParams: RpcQueryKeyParameters<M> = { baseUrl: client.baseUrl, chain: keyChain(client, chain), method, params: canonical }
  return ['blockfeed', 'rpc', keyParams] as unknown as RpcQueryKey<M>
}

/**
 * Query options for one of the 28 methods. Results addressed by hash or by a fixed block
 * number never go stale (`staleTime: Infinity`), except a `null` (not mined yet, or
 * unknown); results at `latest`/`pending` keep the QueryClient's default. `retry: false`
 * because the client's `withRetry` is the one retry layer.
 */
export function rpcQueryOptions<M extends RpcMethod>(client: BlockfeedClient, parameters: RpcQueryParameters<M>): RpcQueryOptions<M> {
  const queryKey = rpcQueryKey(client, parameters as { method: M; params?: readonly unknown[]; chain?: ChainInput })
  const { method, params } = queryKey[2]
  const immutable = isRpcMethod(method) && isImmutableRequest(method, params)
  return {
    queryKey,
    queryFn: ({ queryKey, signal }: QueryFunctionContext<RpcQueryKey<M>>): Promise<RpcReturnType<M>> => {
      const { method, params, chain } = queryKey[2]
      return client.rpc({ method, params } as never, { chain: chain ?? undefined, signal }) as Promise<RpcReturnType<M>>
    },
    retry: false,
    ...(immutable
      ? { staleTime: (query: Query<RpcReturnType<M>, Error, RpcReturnType<M>, RpcQueryKey<M>>) => (query.state.data == null ? 0 : Infinity) }
      : {}),
  }
}

/** Written out (not inferred) so the emitted .d.ts names `RpcQueryKey` instead of expanding it. */
export interface RpcQueryOptions<M extends RpcMethod> {
  queryKey: RpcQueryKey<M>
  queryFn: (context: QueryFunctionContext<RpcQueryKey<M>>) => Promise<RpcReturnType<M>>
  retry: false
  staleTime?: (query: Query<RpcReturnType<M>, Error, RpcReturnType<M>, RpcQueryKey<M>>) => number
}

/** Whether a cached rpc query's result can change with the next block (read from its key). */
export function isHeadFollowingRpcQuery(queryKey: readonly unknown[]): boolean {
  const k = queryKey[2] as Partial<RpcQueryKeyParameters> | undefined
  if (queryKey[0] !== 'blockfeed' || queryKey[1] !== 'rpc' || !k || !isRpcMethod(k.method) || !Array.isArray(k.params)) return false
  return followsHead(k.method, k.params)
}

/**
 * Filters for every rpc query of one client and chain that follows the chain head
 * (balances, nonces, block number, `latest` calls…), for `invalidateQueries` after a new
 * block or a sent transaction. Immutable results are left alone.
 */
export function rpcHeadQueryFilter(client: QueryKeyClient, chain?: ChainInput | undefined): QueryFilters {
  return {
    queryKey: ['blockfeed', 'rpc', { baseUrl: client.baseUrl, chain: keyChain(client, chain) }],
    predicate: (query) => isHeadFollowingRpcQuery(query.queryKey),
  }
}
