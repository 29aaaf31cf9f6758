import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { Address } from 'viem'
import type { ChainInput } from '../core/chains.js'
import type { Names } from '../core/details/names.js'
import { nameAddresses, namesQueryOptions } from '../core/details/namesQuery.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

/** What `useNames` takes: the addresses on screen, the chain to look them up on, and contract overrides. */
export interface UseNamesParameters {
  /** The addresses on screen; text that is not an address is ignored (it has no name). */
  addresses: readonly string[]
  /**
   * The chain whose ENS Universal Resolver is asked.
   * @defaultValue the client's `chain`
   */
  chain?: ChainInput | undefined
  /**
   * The ENS Universal Resolver to ask, for a chain viem does not know one for (a devnet).
   * @defaultValue the client's `ensUniversalResolver`, else the chain's from `viem/chains`
   */
  universalResolverAddress?: Address | undefined
  /**
   * The Multicall3 contract the lookups are batched through.
   * @defaultValue the chain's from `viem/chains`, else a deployless Multicall3
   */
  multicall3Address?: Address | undefined
  /**
   * Looks names up only while true.
   * @defaultValue `true`
   */
  enabled?: boolean | undefined
}

/** What `useNames` returns: TanStack Query's query result; `data` maps each checksummed address to its name, or `null` when it has none. */
export type UseNamesReturnType = UseQueryResult<Names, Error>

/**
 * Reads the verified primary names (ENS) of the addresses on screen, in one request.
 *
 * A name counts only when it resolves back to the address, and one that could pass for another
 * (hidden characters, capitals, mixed scripts) is left out. It is `getNames` as a query.
 *
 * @param parameters - The `addresses`, and optionally `chain`, `universalResolverAddress`,
 * `multicall3Address` and `enabled`.
 * @returns TanStack Query's query result. `data` maps each valid address, checksummed, to its
 * name or `null`; `error`, `isPending` and the other fields every query has.
 * @throws {@link InvalidParameterError} When no Universal Resolver is known for the chain, or a contract address is malformed; nothing is sent.
 * @throws {@link JsonRpcError} When the node refuses the call.
 * @throws {@link HttpStatusError} When the RPC endpoint answers with a status other than 2xx.
 * @throws {@link TimeoutError} When the node does not answer within the client's `timeoutMs`.
 * @throws {@link NetworkError} When the request gets no HTTP answer.
 * @remarks One `eth_call` to Multicall3 `aggregate3` for every address not looked up in the last
 * hour (each name is also cached under `['blockfeed', 'name', { baseUrl, chain, address }]`), plus
 * any off-chain (CCIP-Read) gateway requests; a gateway that fails costs that address its name only.
 * Query key `['blockfeed', 'names', { baseUrl, chain, addresses }]`, addresses sorted, so the same
 * screen is the same key. Waits while no address is valid. The errors above arrive in `error`.
 * @example
 * ```tsx
 * import { useNames } from 'blockfeed/react'
 *
 * const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 *
 * export function Name() {
 *   const { data } = useNames({ addresses: [alice] })
 *   return <span>{data?.[alice] ?? alice}</span>
 * }
 * ```
 */
export function useNames(parameters: UseNamesParameters): UseNamesReturnType {
  const { client, queryClient } = useBlockfeedQueryContext()
  const { addresses, chain, universalResolverAddress, multicall3Address, enabled = true } = parameters
  const options = namesQueryOptions(client, queryClient, { addresses, chain, universalResolverAddress, multicall3Address })
  return useQuery({ ...options, enabled: enabled && nameAddresses(addresses).length > 0 }, queryClient)
}
