import type { DataTag, QueryClient, QueryFunctionContext } from '@tanstack/query-core'
import { getAddress, isAddress, type Address } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import type { ChainInput } from '../chains.js'
import { keyChain } from '../query/keyChain.js'
import type { QueryKeyClient } from '../query/walletHistory.js'
import { getNames, type GetNamesParameters, type Names } from './names.js'

/** How long a name is trusted before it is asked for again, in ms (one hour): reverse records change rarely. */
export const NAME_STALE_MS = 60 * 60 * 1000

/** The query key of one address's name: `['blockfeed', 'name', { baseUrl, chain, address }]`. */
export type NameQueryKey = DataTag<readonly ['blockfeed', 'name', { baseUrl: string; chain: string | null; address: Address }], string | null, Error>
/** The query key of a screen of names: `['blockfeed', 'names', { baseUrl, chain, addresses }]`. */
export type NamesQueryKey = DataTag<readonly ['blockfeed', 'names', { baseUrl: string; chain: string | null; addresses: Address[] }], Names, Error>

/**
 * Builds the query key under which one address's name is kept, so you can read or set it in your
 * QueryClient: `['blockfeed', 'name', { baseUrl, chain, address }]`, filled by {@link namesQueryOptions}.
 *
 * @param client - The client from `createClient`.
 * @param parameters - The address, and optionally the chain (default: the client's).
 * @returns The key (typed with its data: the name, or `null`).
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, nameQueryKey } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * const name = queryClient.getQueryData(nameQueryKey(client, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }))
 * ```
 */
export function nameQueryKey(client: QueryKeyClient, { address, chain }: { address: Address; chain?: ChainInput | undefined }): NameQueryKey {
  return ['blockfeed', 'name', { baseUrl: client.baseUrl, chain: keyChain(client, chain), address: getAddress(address) }] as unknown as NameQueryKey
}

/** Valid addresses, checksummed, deduplicated and sorted (so the same screen is the same key); others are left out. */
export function nameAddresses(addresses: readonly unknown[]): Address[] {
  const valid = addresses.filter((a): a is string => typeof a === 'string' && isAddress(a, { strict: false })).map((a) => getAddress(a))
  return [...new Set(valid)].sort()
}

/**
 * Builds the query key of a screen of names: `['blockfeed', 'names', { baseUrl, chain, addresses }]`,
 * the addresses checksummed, deduplicated and sorted (malformed ones left out), so the same screen is the same key.
 *
 * @param client - The client from `createClient`.
 * @param parameters - The addresses, and optionally the chain (default: the client's).
 * @returns The key (typed with its data: {@link Names}).
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, namesQueryKey } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * await queryClient.invalidateQueries({ queryKey: namesQueryKey(client, { addresses: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] }) })
 * ```
 */
export function namesQueryKey(client: QueryKeyClient, { addresses, chain }: Pick<GetNamesParameters, 'addresses' | 'chain'>): NamesQueryKey {
  return ['blockfeed', 'names', { baseUrl: client.baseUrl, chain: keyChain(client, chain), addresses: nameAddresses(addresses) }] as unknown as NamesQueryKey
}

/**
 * Names for a screen of addresses. Each name is also kept under its own key, so the next screen
 * asks only for addresses not seen within `NAME_STALE_MS`, all in one request.
 */
export interface NamesQueryOptions {
  queryKey: NamesQueryKey
  queryFn: (context: QueryFunctionContext<NamesQueryKey>) => Promise<Names>
  retry: false
  staleTime: number
}

/**
 * Query options that read the names of a screen of addresses with TanStack Query, asking only for the
 * addresses whose name is not already known.
 *
 * @param client - The client from `createClient`.
 * @param queryClient - Your QueryClient: each name is also kept there under its own {@link nameQueryKey}.
 * @param parameters - As for {@link getNames}.
 * @returns Options for `useQuery`, `fetchQuery` or `prefetchQuery` (`retry: false`, `staleTime` {@link NAME_STALE_MS}).
 * @throws {@link InvalidParameterError} In `error`, when no Universal Resolver is known for the chain.
 * @throws {@link JsonRpcError} In `error`, when the node refuses the call.
 * @throws {@link HttpStatusError} In `error`, when the RPC URL answers with an HTTP error.
 * @throws {@link NetworkError} In `error`, when the RPC URL cannot be reached.
 * @throws {@link TimeoutError} In `error`, when the node takes longer than the client's `timeoutMs`.
 * @remarks The addresses not seen within {@link NAME_STALE_MS} go out in one {@link getNames} call (one
 * `eth_call`); the others come from the cache, so the next screen asks only for new faces.
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { createClient, namesQueryOptions } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * const names = await queryClient.fetchQuery(namesQueryOptions(client, queryClient, { addresses: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] }))
 * ```
 */
export function namesQueryOptions(client: BlockfeedClient, queryClient: QueryClient, parameters: GetNamesParameters): NamesQueryOptions {
  return {
    queryKey: namesQueryKey(client, parameters),
    queryFn: async ({ queryKey, signal }: QueryFunctionContext<NamesQueryKey>): Promise<Names> => {
      const { addresses, chain } = queryKey[2]
      const out: Names = Object.create(null)
      const missing: Address[] = []
      for (const address of addresses) {
        const key = nameQueryKey(client, { address, chain: chain ?? undefined })
        const state = queryClient.getQueryState(key)
        if (state?.data !== undefined && Date.now() - state.dataUpdatedAt < NAME_STALE_MS) out[address] = state.data
        else missing.push(address)
      }
      if (missing.length > 0) {
        // The key names the chain by its identity; the request keeps the caller's spelling.
        const fetched = await getNames(client, { ...parameters, addresses: missing }, { signal })
        for (const address of missing) {
          out[address] = fetched[address] ?? null
          queryClient.setQueryData(nameQueryKey(client, { address, chain: chain ?? undefined }), out[address])
        }
      }
      return out
    },
    retry: false as const,
    staleTime: NAME_STALE_MS,
  }
}
