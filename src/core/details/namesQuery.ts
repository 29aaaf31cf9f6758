import type { DataTag, QueryClient, QueryFunctionContext } from '@tanstack/query-core'
import { getAddress, isAddress, type Address } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import type { ChainInput } from '../chains.js'
import { keyChain } from '../query/keyChain.js'
import type { QueryKeyClient } from '../query/walletHistory.js'
import { getNames, type GetNamesParameters, type Names } from './names.js'

/** How long a name is trusted before it is asked for again: reverse records change rarely. */
export const NAME_STALE_MS = 60 * 60 * 1000

export type NameQueryKey = DataTag<readonly ['blockfeed', 'name', { baseUrl: string; chain: string | null; address: Address }], string | null, Error>
export type NamesQueryKey = DataTag<readonly ['blockfeed', 'names', { baseUrl: string; chain: string | null; addresses: Address[] }], Names, Error>

/** One address's name: `['blockfeed', 'name', { baseUrl, chain, address }]`, filled by the names query. */
export function nameQueryKey(client: QueryKeyClient, { address, chain }: { address: Address; chain?: ChainInput | undefined }): NameQueryKey {
  return ['blockfeed', 'name', { baseUrl: client.baseUrl, chain: keyChain(client, chain), address: getAddress(address) }] as unknown as NameQueryKey
}

/** Valid addresses, checksummed, deduplicated and sorted (so the same screen is the same key); others are left out. */
export function nameAddresses(addresses: readonly unknown[]): Address[] {
  const valid = addresses.filter((a): a is string => typeof a === 'string' && isAddress(a, { strict: false })).map((a) => getAddress(a))
  return [...new Set(valid)].sort()
}

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
