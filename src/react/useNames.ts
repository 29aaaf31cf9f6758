import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { Address } from 'viem'
import type { ChainInput } from '../core/chains.js'
import type { Names } from '../core/details/names.js'
import { nameAddresses, namesQueryOptions } from '../core/details/namesQuery.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

export interface UseNamesParameters {
  /** The addresses on screen; text that is not an address is ignored (it has no name). */
  addresses: readonly string[]
  chain?: ChainInput | undefined
  universalResolverAddress?: Address | undefined
  multicall3Address?: Address | undefined
  enabled?: boolean | undefined
}

export type UseNamesReturnType = UseQueryResult<Names, Error>

/** Verified primary names for the addresses on screen (see `getNames`): one request for the screen, cached per address. */
export function useNames(parameters: UseNamesParameters): UseNamesReturnType {
  const { client, queryClient } = useBlockfeedQueryContext()
  const { addresses, chain, universalResolverAddress, multicall3Address, enabled = true } = parameters
  const options = namesQueryOptions(client, queryClient, { addresses, chain, universalResolverAddress, multicall3Address })
  return useQuery({ ...options, enabled: enabled && nameAddresses(addresses).length > 0 }, queryClient)
}
