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

/** What a key needs from the client: its base URL and defaults (never its API key). */
export type QueryKeyClient = Pick<BlockfeedClient, 'baseUrl' | 'chain' | 'extraChains'>

/** Every input of the operation but the cursor, normalized, plus the service it goes to. */
export type WalletHistoryQueryKeyParameters = { baseUrl: string } & Omit<NormalizedWalletHistoryParameters, 'cursor'>

export type WalletHistoryData = InfiniteData<WalletHistoryPage, string | undefined>

export type WalletHistoryQueryKey = DataTag<
  readonly ['blockfeed', 'walletHistory', WalletHistoryQueryKeyParameters, { readonly type: 'infinite' }],
  WalletHistoryData,
  BlockfeedQueryError
>

/**
 * `['blockfeed', 'walletHistory', { baseUrl, address, chain, …every other parameter }, { type: 'infinite' }]`.
 * Takes the client (its `baseUrl` and default `chain`; the API key is never read). Input that
 * fails validation is kept as given (JSON-safe) so its query reports the validation error.
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

/** Written out (not inferred) so the emitted .d.ts names `WalletHistoryQueryKey` instead of expanding it. */
export interface WalletHistoryInfiniteQueryOptions {
  queryKey: WalletHistoryQueryKey
  queryFn: (context: QueryFunctionContext<WalletHistoryQueryKey, string | undefined>) => Promise<WalletHistoryPage>
  initialPageParam: string | undefined
  getNextPageParam: (
    lastPage: WalletHistoryPage,
    allPages: WalletHistoryPage[],
    lastPageParam: string | undefined,
    allPageParams: (string | undefined)[],
  ) => string | undefined
  retry: false
  staleTime: number
  /** False until `address` is a valid address and the chain, when given, is not blank. */
  enabled: boolean
}

/**
 * Infinite-query options over the service's cursors: the page param is the cursor
 * (`undefined` for the first page). Paging ends on a null or empty cursor and on a cursor
 * already used. `enabled` is false until the address is valid and a given chain is not blank (so direct
 * users of the options wait as the hook does). `retry: false` because the client's `withRetry` is the one retry layer.
 * Usable with `prefetchInfiniteQuery` on a server, `useInfiniteQuery`, `useSuspenseInfiniteQuery`.
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
