import type { DataTag, InfiniteData, QueryFunctionContext } from '@tanstack/query-core'
import { isAddress } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import { chainIdentity } from '../chains.js'
import { nextCursor } from '../history/pages.js'
import {
  normalizeWalletHistoryParameters,
  type NormalizedWalletHistoryParameters,
  type WalletHistoryParameters,
} from '../history/params.js'
import type { WalletHistoryPage } from '../history/schema.js'
import type { BlockfeedQueryError } from './error.js'
import { jsonSafe } from './jsonSafe.js'

/** What a query key reads of the client: its base URL and default chains (never its API key). A `BlockfeedClient` fits. */
export type QueryKeyClient = Pick<BlockfeedClient, 'baseUrl' | 'chain' | 'extraChains'>

/** What a wallet-history query key holds: every parameter but the cursor, normalized, plus the service's `baseUrl`. */
export type WalletHistoryQueryKeyParameters = { baseUrl: string } & Omit<NormalizedWalletHistoryParameters, 'cursor'>

/** The data of a wallet-history infinite query: its `pages` and the cursors that fetched them (`pageParams`). */
export type WalletHistoryData = InfiniteData<WalletHistoryPage, string | undefined>

/**
 * A wallet-history query key, `['blockfeed', 'walletHistory', { baseUrl, address, … }, { type: 'infinite' }]`,
 * tagged with its data and error types so `queryClient.getQueryData(key)` is typed.
 */
export type WalletHistoryQueryKey = DataTag<
  readonly ['blockfeed', 'walletHistory', WalletHistoryQueryKeyParameters, { readonly type: 'infinite' }],
  WalletHistoryData,
  BlockfeedQueryError
>

/**
 * Builds the TanStack Query key of a wallet's history, to read, prefetch or invalidate its cache.
 *
 * The key is `['blockfeed', 'walletHistory', { baseUrl, address, chain, …every other parameter }, { type: 'infinite' }]`:
 * JSON-safe, normalized (so `eth` and `0x1` share an entry), without the cursor and never with the
 * API key. Input that fails validation is kept as given, so its query reports the error.
 *
 * @param client - The client (its `baseUrl`, `chain` and `extraChains`).
 * @param params - The wallet-history parameters; `cursor` is ignored.
 * @returns The key, typed with the query's data.
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, walletHistoryQueryKey } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const queryClient = new QueryClient()
 * await queryClient.invalidateQueries({ queryKey: walletHistoryQueryKey(client, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }) })
 * ```
 */
export function walletHistoryQueryKey(
  client: QueryKeyClient,
  params: Partial<WalletHistoryParameters>,
): WalletHistoryQueryKey {
  const { cursor: _cursor, ...rest } = params ?? {}
  let keyParams: WalletHistoryQueryKeyParameters
  try {
    // `rest` has no cursor, so neither has its normalized form.
    const normalized = normalizeWalletHistoryParameters(rest as WalletHistoryParameters, { chain: client.chain, extraChains: client.extraChains })
    // The chain by its identity (`eth` and `0x1` are one history); the request keeps the caller's spelling.
    keyParams = { baseUrl: client.baseUrl, ...normalized, ...(normalized.chain === undefined ? {} : { chain: chainIdentity(normalized.chain) }) }
  } catch {
    const raw = jsonSafe({ ...rest, chain: rest.chain ?? client.chain }) as Omit<NormalizedWalletHistoryParameters, 'cursor'>
    keyParams = { baseUrl: client.baseUrl, ...raw }
  }
  return ['blockfeed', 'walletHistory', keyParams, { type: 'infinite' }] as unknown as WalletHistoryQueryKey
}

// Written out (not inferred) so the emitted .d.ts names `WalletHistoryQueryKey` instead of expanding it.
/** The TanStack Query infinite-query options `walletHistoryInfiniteQueryOptions` returns. */
export interface WalletHistoryInfiniteQueryOptions {
  /** See {@link walletHistoryQueryKey}. */
  queryKey: WalletHistoryQueryKey
  /** Fetches one page, the page param being its cursor. */
  queryFn: (context: QueryFunctionContext<WalletHistoryQueryKey, string | undefined>) => Promise<WalletHistoryPage>
  /** `undefined`: the first page has no cursor. */
  initialPageParam: string | undefined
  /** The next page's cursor; `undefined` (no next page) on a null or empty cursor or one already used. */
  getNextPageParam: (
    lastPage: WalletHistoryPage,
    allPages: WalletHistoryPage[],
    lastPageParam: string | undefined,
    allPageParams: (string | undefined)[],
  ) => string | undefined
  /** `false`: the client's `retry` is the one retry layer. */
  retry: false
  /** `30000`: a page fetched (or hydrated from the server) in the last 30 s is not fetched again on mount. */
  staleTime: number
  /** False until `address` is a valid address and the chain, when given, is not blank. */
  enabled: boolean
}

/**
 * Builds the TanStack Query options that page through a wallet's history by cursor: what
 * `useWalletHistory` runs, for `prefetchInfiniteQuery` on a server, `useInfiniteQuery` or
 * `useSuspenseInfiniteQuery`.
 *
 * The page param is the cursor (`undefined` for the first page). Paging ends on a null or empty
 * cursor and on a cursor already used. `enabled` is false until the address is valid and a given
 * chain is not blank. `retry` is false because the client retries.
 *
 * @param client - The client from `createClient`.
 * @param params - The wallet-history parameters (`address` may still be missing or partial: the query waits).
 * @returns The options (see {@link WalletHistoryInfiniteQueryOptions}).
 * @remarks Each page is one `GET /api/v2.2/wallets/{address}/history` through the client. Pages
 *   stay fresh for 30 s (`staleTime`). The query's `error` is a {@link BlockfeedQueryError}: the
 *   errors of `client.getWalletHistory` (`InvalidParameterError`, `HttpStatusError`,
 *   `NetworkError`, `TimeoutError`, `ResponseShapeError`).
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, walletHistoryInfiniteQueryOptions } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const queryClient = new QueryClient()
 * await queryClient.prefetchInfiniteQuery(walletHistoryInfiniteQueryOptions(client, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }))
 * ```
 */
export function walletHistoryInfiniteQueryOptions(
  client: BlockfeedClient,
  params: Partial<WalletHistoryParameters>,
): WalletHistoryInfiniteQueryOptions {
  // Waiting, not an error: an address still being typed (or a chain not chosen yet) is not yet input.
  const enabled = typeof params?.address === 'string' && isAddress(params.address) && isChainChosen(params?.chain)
  return {
    queryKey: walletHistoryQueryKey(client, params),
    queryFn: ({ queryKey, pageParam, signal }: QueryFunctionContext<WalletHistoryQueryKey, string | undefined>) => {
      const { baseUrl: _baseUrl, ...keyParams } = queryKey[2]
      // A page param that crossed JSON (dehydrate → hydrate) comes back as null.
      const cursor = pageParam ?? undefined
      return client.getWalletHistory({ ...(keyParams as WalletHistoryParameters), chain: params?.chain, cursor }, { signal })
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (
      lastPage: WalletHistoryPage,
      _allPages: WalletHistoryPage[],
      _lastPageParam: string | undefined,
      allPageParams: (string | undefined)[],
    ): string | undefined => nextCursor(lastPage, new Set(allPageParams.filter((c): c is string => typeof c === 'string'))),
    retry: false,
    // History changes at block cadence at most; a freshly hydrated page is not refetched on mount.
    staleTime: 30_000,
    enabled,
  }
}

/**
 * Whether the chain is known enough to run: left out (the client's default, else the service's,
 * applies) or given. Blank text (a picker with no choice yet) waits; unknown text runs and ends
 * in an `InvalidParameterError` naming `chain`, with nothing sent, so a typo is shown, not hidden.
 */
export function isChainChosen(chain: unknown): boolean {
  return chain === undefined || (typeof chain === 'string' && chain.trim() !== '')
}
