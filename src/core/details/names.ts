import {
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  isAddress,
  multicall3Abi,
  parseAbi,
  type Address,
  type Hex,
} from 'viem'
import type { BlockfeedClient } from '../client.js'
import { getChainInfo, type ChainInput } from '../chains.js'
import { InvalidParameterError, JsonRpcError } from '../errors.js'
import { clip } from '../text.js'

export interface GetNamesParameters {
  addresses: readonly string[]
  chain?: ChainInput | undefined
  /** The ENS Universal Resolver; defaults to the chain's in `viem/chains` (mainnet has one). */
  universalResolverAddress?: Address | undefined
  /** Multicall3, so every lookup goes out as one `eth_call`; defaults to the chain's in `viem/chains`. */
  multicall3Address?: Address | undefined
}

/** Primary names by checksummed address; null where there is none (or it does not resolve back). */
export type Names = Record<Address, string | null>

/** The Universal Resolver's reverse entry point, as viem's getEnsName calls it (viem does not export its ABI). */
export const universalResolverReverseAbi = parseAbi([
  'function reverseWithGateways(bytes lookupAddress, uint256 coinType, string[] gateways) view returns (string resolvedName, address resolver, address reverseResolver)',
])

// viem's getEnsName passes the local batch gateway: offchain names answered in the same call when the resolver can.
const GATEWAYS = ['x-batch-gateway:true']

/**
 * Reverse names with viem's `getEnsName` semantics: the Universal Resolver's
 * `reverseWithGateways(address, 60, gateways)`, which forward-verifies (a reverse record whose
 * name does not resolve back reverts with `ReverseAddressMismatch`, read here as no name).
 * All lookups go out as one `eth_call` through Multicall3 `aggregate3` when the chain has it
 * (one HTTP request for a screen of addresses), else as one `eth_call` each, batched by the client.
 */
export async function getNames(
  client: Pick<BlockfeedClient, 'rpc' | 'chain'>,
  parameters: GetNamesParameters,
  options?: { signal?: AbortSignal | undefined },
): Promise<Names> {
  const { addresses, chain } = parameters ?? ({} as GetNamesParameters)
  if (!Array.isArray(addresses)) throw new InvalidParameterError('addresses', 'expected an array of addresses')
  const unique = [...new Set(addresses.map((a, i) => {
    if (typeof a !== 'string' || !isAddress(a, { strict: false })) throw new InvalidParameterError(`addresses[${i}]`, `expected an address, got ${clip(String(a))}`)
    return getAddress(a)
  }))]
  const viemChain = getChainInfo(chain ?? client.chain)?.viemChain
  const resolver = parameters.universalResolverAddress ?? viemChain?.contracts?.ensUniversalResolver?.address
  if (!resolver) {
    throw new InvalidParameterError('universalResolverAddress', `no ENS Universal Resolver is known for chain ${clip(String(chain ?? client.chain ?? '(none given)'))}: pass its address`)
  }
  checkAddress('universalResolverAddress', resolver)
  const multicall = parameters.multicall3Address ?? viemChain?.contracts?.multicall3?.address
  if (parameters.multicall3Address !== undefined) checkAddress('multicall3Address', parameters.multicall3Address)
  const out: Names = Object.create(null)
  if (unique.length === 0) return out
  const rpcOptions = { chain, signal: options?.signal }
  const calls = unique.map((address) => encodeFunctionData({ abi: universalResolverReverseAbi, functionName: 'reverseWithGateways', args: [address, 60n, GATEWAYS] }))

  if (multicall) {
    const data = encodeFunctionData({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [calls.map((callData) => ({ target: resolver, allowFailure: true, callData }))],
    })
    const raw = await client.rpc({ method: 'eth_call', params: [{ to: multicall, data }, 'latest'] }, rpcOptions)
    const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: raw as Hex })
    unique.forEach((address, i) => {
      const r = results[i]
      out[address] = r?.success ? readName(r.returnData) : null
    })
    return out
  }

  const answers = await Promise.all(
    calls.map((data) =>
      client.rpc({ method: 'eth_call', params: [{ to: resolver, data }, 'latest'] }, rpcOptions).then(
        (raw) => readName(raw as Hex),
        // A revert is "no verified name" (viem's isNullUniversalResolverError); anything else is the caller's to see.
        (error: unknown) => {
          if (error instanceof JsonRpcError && error.code === 3) return null
          throw error
        },
      ),
    ),
  )
  unique.forEach((address, i) => (out[address] = answers[i] ?? null))
  return out
}

function readName(data: Hex): string | null {
  try {
    const [name] = decodeFunctionResult({ abi: universalResolverReverseAbi, functionName: 'reverseWithGateways', data })
    return name === '' ? null : name
  } catch {
    return null
  }
}

function checkAddress(parameter: string, value: unknown): void {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw new InvalidParameterError(parameter, `expected a contract address, got ${clip(String(value))}`)
}
