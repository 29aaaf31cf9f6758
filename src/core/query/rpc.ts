import type { DataTag, Query, QueryFilters, QueryFunctionContext } from '@tanstack/query-core'
import type { BlockfeedClient } from '../clientTypes.js'
import type { ChainInput } from '../chains.js'
import { settledBlock } from '../rpc/head.js'
import {
  canonicalRpcParams,
  isRpcMethod,
  methodRules,
  requestFreshness,
  type RpcMethod,
  type RpcParameters,
  type RpcReturnType,
} from '../rpc/methods.js'
import type { BlockfeedQueryError } from './error.js'
import { jsonSafe } from './jsonSafe.js'
import { isChainChosen, type QueryKeyClient } from './walletHistory.js'

/** What `rpcQueryOptions` and `useRpc` take: `{ method, params, chain }`; `params` may be left off for methods that take none. */
export type RpcQueryParameters<M extends RpcMethod> = {
  method: M
  /** Which chain's RPC URL; defaults to the client's `chain`. */
  chain?: ChainInput | undefined
} & (RpcParameters<M> extends readonly []
  ? { params?: readonly [] | undefined }
  : {
      /** Required; `undefined` while an input is missing: the query waits (`enabled: false`). */
      params: RpcParameters<M> | undefined
    })

/** What a JSON-RPC query key holds: the service's `baseUrl`, the chain, the method and its canonical params. */
export type RpcQueryKeyParameters<M extends RpcMethod = RpcMethod> = {
  /** The client's `baseUrl`. */
  baseUrl: string
  /** The resolved chain (given, else the client's), or null for the client's single RPC URL. */
  chain: string | null
  /** The method. */
  method: M
  /** Canonical params (see `canonicalRpcParams`): `[addr]` and `[addr, 'latest']` share one entry. */
  params: readonly unknown[]
}

/** A JSON-RPC query key, `['blockfeed', 'rpc', { baseUrl, chain, method, params }]`, tagged with the method's result type. */
export type RpcQueryKey<M extends RpcMethod = RpcMethod> = DataTag<
  readonly ['blockfeed', 'rpc', RpcQueryKeyParameters<M>],
  RpcReturnType<M>,
  BlockfeedQueryError
>

// In a module of its own: the names and details queries need it without the RPC method rules.
export { keyChain } from './keyChain.js'
import { keyChain } from './keyChain.js'

/**
 * Builds the TanStack Query key of one JSON-RPC read, to read, set or invalidate its cache.
 *
 * The key is `['blockfeed', 'rpc', { baseUrl, chain, method, params }]`, params in canonical form
 * (`[addr]` and `[addr, 'latest']` are one entry; `eth` and `0x1` one chain), never with the API
 * key. Params are not checked here: ones that fail validation are kept so the query reports the error.
 *
 * @param client - The client (its `baseUrl`, `chain` and `extraChains`).
 * @param request - `{ method, params, chain }`; `chain` defaults to the client's.
 * @returns The key, typed with the method's result.
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, rpcQueryKey } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * const balance = queryClient.getQueryData(rpcQueryKey(client, { method: 'eth_getBalance', params: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] }))
 * ```
 */
export function rpcQueryKey<M extends RpcMethod>(
  client: QueryKeyClient,
  { method, params, chain }: { method: M; params?: readonly unknown[] | undefined; chain?: ChainInput | undefined },
): RpcQueryKey<M> {
  const raw = params ?? []
  // Unchecked here (the client checks when it sends, and the query reports its error): the key
  // only needs one spelling per request, JSON-safe.
  const canonical = jsonSafe(isRpcMethod(method) && Array.isArray(raw) ? canonicalRpcParams(method, raw) : raw) as readonly unknown[]
  const keyParams: RpcQueryKeyParameters<M> = { baseUrl: client.baseUrl, chain: keyChain(client, chain), method, params: canonical }
  return ['blockfeed', 'rpc', keyParams] as unknown as RpcQueryKey<M>
}

/**
 * Whether a read at a block number was fetched once that block had settled, by the Query's key
 * array (TanStack hands the query function and `staleTime` the same array). A read fetched near
 * the head may be partial, so it stays head-following until a fetch after the block settled.
 */
const fetchedSettled = new WeakMap<object, boolean>()

/** For a read pinned to a block number: whether that block is settled now; `undefined` for any other read. */
function blockSettled({ method, params, baseUrl, chain }: Partial<RpcQueryKeyParameters>): boolean | undefined {
  const f = isRpcMethod(method) && Array.isArray(params) ? requestFreshness(method, params) : undefined
  if (typeof f !== 'object') return undefined
  const settled = typeof baseUrl === 'string' ? settledBlock(baseUrl, chain) : undefined
  return settled !== undefined && f.block <= settled
}

/**
 * Builds the TanStack Query options for one of the 28 JSON-RPC methods: what `useRpc` runs, for
 * `fetchQuery`, `prefetchQuery`, `useQuery` or `useQueries`.
 *
 * Results addressed by hash never go stale (`staleTime: Infinity`), except a `null` (not mined
 * yet, or unknown); results at a block number do so only once that block is settled (the
 * finalized block, or the head minus the chain's reorg depth, as last seen by the client) and a
 * fetch happened after that; results at `latest`/`pending`, or near the head, keep the
 * QueryClient's default and follow new blocks. `enabled` is false until every required param is
 * given (`params: undefined` waits) and a given chain is not blank. `retry` is false because the client retries.
 *
 * @param client - The client from `createClient`.
 * @param parameters - `{ method, params, chain }` (see {@link RpcQueryParameters}).
 * @returns The options (see {@link RpcQueryOptions}).
 * @remarks One JSON-RPC call through `client.rpc` per fetch (batched with others in the same
 *   tick). The query's `error` is a {@link BlockfeedQueryError}: the errors of `client.rpc`
 *   (`InvalidParameterError`, `JsonRpcError`, `HttpStatusError`, `NetworkError`, `TimeoutError`, `ResponseShapeError`).
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, rpcQueryOptions } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * const receipt = await queryClient.fetchQuery(
 *   rpcQueryOptions(client, { method: 'eth_getTransactionReceipt', params: ['0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'] }),
 * )
 * ```
 */
export function rpcQueryOptions<M extends RpcMethod>(client: BlockfeedClient, parameters: RpcQueryParameters<M>): RpcQueryOptions<M> {
  const queryKey = rpcQueryKey(client, parameters as { method: M; params?: readonly unknown[]; chain?: ChainInput })
  const { method, params } = queryKey[2]
  const known = isRpcMethod(method)
  const missingParams = parameters.params === undefined && known && methodRules[method].required > 0
  const staleTime: RpcQueryOptions<M>['staleTime'] =
    known && requestFreshness(method, params) === 'immutable'
      ? (query) => (query.state.data == null ? 0 : Infinity)
      : blockSettled(queryKey[2])
        ? (query) => (query.state.data != null && fetchedSettled.get(query.queryKey) === true ? Infinity : 0)
        : undefined
  return {
    queryKey,
    queryFn: async ({ queryKey, signal }: QueryFunctionContext<RpcQueryKey<M>>): Promise<RpcReturnType<M>> => {
      const { method, params } = queryKey[2]
      // Judged before sending: the head known now is at most the node's head when it answers.
      const settledBefore = blockSettled(queryKey[2])
      // The key names the chain by its identity; the request keeps the caller's spelling.
      const data = (await client.rpc({ method, params } as never, { chain: parameters.chain, signal })) as RpcReturnType<M>
      if (settledBefore !== undefined) fetchedSettled.set(queryKey, settledBefore)
      return data
    },
    retry: false,
    enabled: !missingParams && isChainChosen(parameters.chain),
    ...(staleTime ? { staleTime } : {}),
  }
}

// Written out (not inferred) so the emitted .d.ts names `RpcQueryKey` instead of expanding it.
/** The TanStack Query options `rpcQueryOptions` returns. */
export interface RpcQueryOptions<M extends RpcMethod> {
  /** See {@link rpcQueryKey}. */
  queryKey: RpcQueryKey<M>
  /** Sends the call through `client.rpc`. */
  queryFn: (context: QueryFunctionContext<RpcQueryKey<M>>) => Promise<RpcReturnType<M>>
  /** `false`: the client's `retry` is the one retry layer. */
  retry: false
  /** False while a required input is missing (`params: undefined`) or a given chain is blank. */
  enabled: boolean
  /** `Infinity` once the result cannot change (see `rpcQueryOptions`); left out for reads that follow the head. */
  staleTime?: (query: Query<RpcReturnType<M>, BlockfeedQueryError, RpcReturnType<M>, RpcQueryKey<M>>) => number
}

/**
 * Tells whether a cached JSON-RPC query's result can change with the next block: a read at a tag
 * (`latest`…) or at no block, or at a block number not settled yet (or last fetched before it settled).
 *
 * Pass the Query's own `queryKey` (as filters do) so the last fetch is known.
 *
 * @param queryKey - A query's key.
 * @returns True for a blockfeed JSON-RPC query that follows the head; false for any other key.
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { isHeadFollowingRpcQuery } from 'blockfeed'
 *
 * const queryClient = new QueryClient()
 * await queryClient.refetchQueries({ predicate: (query) => isHeadFollowingRpcQuery(query.queryKey) })
 * ```
 */
export function isHeadFollowingRpcQuery(queryKey: readonly unknown[]): boolean {
  const k = queryKey[2] as Partial<RpcQueryKeyParameters> | undefined
  if (queryKey[0] !== 'blockfeed' || queryKey[1] !== 'rpc' || !k || !isRpcMethod(k.method) || !Array.isArray(k.params)) return false
  const settled = blockSettled(k)
  if (settled !== undefined) return !settled || fetchedSettled.get(queryKey) === false
  return requestFreshness(k.method, k.params) === 'head'
}

/**
 * Builds query filters that match every JSON-RPC query of one client and chain whose result can
 * change with a new block (balances, nonces, the block number, `latest` calls…).
 *
 * Pass them to `invalidateQueries` after a new block or a sent transaction; results that cannot
 * change (by hash, at a settled block) are left alone.
 *
 * @param client - The client (its `baseUrl` and `chain`).
 * @param chain - The chain; default: the client's.
 * @returns Filters for `invalidateQueries`, `refetchQueries` and the like.
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, rpcHeadQueryFilter } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * await queryClient.invalidateQueries(rpcHeadQueryFilter(client))
 * ```
 */
export function rpcHeadQueryFilter(client: QueryKeyClient, chain?: ChainInput | undefined): QueryFilters {
  return {
    queryKey: ['blockfeed', 'rpc', { baseUrl: client.baseUrl, chain: keyChain(client, chain) }],
    predicate: (query) => isHeadFollowingRpcQuery(query.queryKey),
  }
}
