import { BaseError, ccipRequest, ContractFunctionRevertedError, createPublicClient, custom, getAddress, isAddress, type Address, type CcipRequestParameters, type Chain, type Hex } from 'viem'
import { getEnsName } from 'viem/ens'
import type { BlockfeedClient } from '../clientTypes.js'
import { getChainInfo, type ChainInput } from '../chains.js'
import { InvalidParameterError, isBlockfeedError } from '../errors.js'
import { checkMs } from '../options.js'
import { clip } from '../text.js'
import { isDisplaySafeName } from './nameSafety.js'
import type { GetNamesParameters, Names } from './types.js'

export type { GetNamesParameters, Names } from './types.js'

const CCIP_READ_TIMEOUT_MS = 5_000

/**
 * Reads the ENS names of a list of addresses in one request, each verified forward (a reverse record
 * whose name does not resolve back to the address is no name).
 *
 * A name that could pass for another (`isDisplaySafeName`: hidden characters, capitals, mixed
 * scripts) is no name either. So is one whose lookup reverts or whose off-chain (CCIP-Read) gateway
 * fails or misses its deadline (`ccipReadTimeoutMs`): gateways are third parties, and one of them
 * must not hold back or hide the names of a whole screen.
 *
 * @param client - The client from `createClient` (its JSON-RPC URLs, and its `ensUniversalResolver` when set).
 * @param parameters - The addresses, and optionally the chain and the ENS and Multicall3 contracts.
 * @param options - `signal` to cancel the lookup.
 * @returns A map from each address (checksummed) to its name, or `null` when it has none.
 * @throws {@link InvalidParameterError} When an address is malformed, or no Universal Resolver is known for the chain; nothing is sent.
 * @throws {@link JsonRpcError} When the node refuses the call.
 * @throws {@link HttpStatusError} When the RPC URL answers with an HTTP error.
 * @throws {@link NetworkError} When the RPC URL cannot be reached.
 * @throws {@link TimeoutError} When the node takes longer than the client's `timeoutMs`.
 * @remarks viem's `getEnsName` (the Universal Resolver's `reverseWithGateways`) for every address, all
 * in one `eth_call` to Multicall3 `aggregate3` (the chain's, `multicall3Address`, else a deployless
 * one), plus one HTTP request per off-chain name to its gateway. Nothing is cached here:
 * {@link namesQueryOptions} keeps each name for {@link NAME_STALE_MS}.
 * @example
 * ```ts
 * import { createClient, getNames } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const names = await getNames(client, { addresses: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'] })
 * console.log(names['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] ?? 'no name')
 * ```
 */
export async function getNames(
  client: Pick<BlockfeedClient, 'rpc' | 'chain'> & Partial<Pick<BlockfeedClient, 'ensUniversalResolver'>>,
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
  const resolver = parameters.universalResolverAddress ?? client.ensUniversalResolver ?? viemChain?.contracts?.ensUniversalResolver?.address
  if (!resolver) {
    throw new InvalidParameterError('universalResolverAddress', `no ENS Universal Resolver is known for chain ${clip(String(chain ?? client.chain ?? '(none given)'))}: pass its address`)
  }
  checkAddress('universalResolverAddress', resolver)
  if (parameters.multicall3Address !== undefined) checkAddress('multicall3Address', parameters.multicall3Address)
  const multicall = parameters.multicall3Address ?? viemChain?.contracts?.multicall3?.address
  const ccipReadTimeoutMs = checkMs(parameters.ccipReadTimeoutMs, 'ccipReadTimeoutMs') ?? CCIP_READ_TIMEOUT_MS
  const out: Names = Object.create(null)
  if (unique.length === 0) return out

  const rpcOptions = { chain, signal: options?.signal }
  // viem's own getEnsName, on a viem client whose transport is this client's `rpc`, with viem's multicall batching.
  const viemClient = createPublicClient({
    chain: multicall ? withMulticall(viemChain, multicall) : viemChain,
    // Every lookup of this call in one aggregate3 (viem splits at 1 kB of calldata by default).
    batch: { multicall: { batchSize: 1 << 20, deployless: !multicall } },
    transport: custom({ request: ({ method, params }) => client.rpc({ method, params } as never, rpcOptions) }, { retryCount: 0 }),
    ccipRead: { request: (request) => gatewayRequest(request, ccipReadTimeoutMs, options?.signal) },
  })
  // One address's lookup reverting (a resolver fault the resolver does not wrap) costs that address its name, not the
  // screen its names. Anything else fails the call: the client's own typed error (network, HTTP status, timeout, abort)
  // rather than viem's wrapper around it.
  const settled = await Promise.allSettled(unique.map((address) => getEnsName(viemClient, { address, universalResolverAddress: resolver })))
  options?.signal?.throwIfAborted()
  for (const s of settled) if (s.status === 'rejected' && !addressOnly(s.reason)) throw findBlockfeedError(s.reason) ?? s.reason
  // A name that could pass for another (hidden characters, capitals, mixed scripts) is no name.
  unique.forEach((address, i) => {
    const s = settled[i]!
    out[address] = s.status === 'fulfilled' && isDisplaySafeName(s.value) ? s.value : null
  })
  return out
}

function withMulticall(chain: Chain | undefined, address: Address): Chain {
  const base: Chain = chain ?? { id: 0, name: 'chain', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } }
  return { ...base, contracts: { ...base.contracts, multicall3: { address } } }
}

/** A failure of one address's lookup alone: its resolver reverted, or its CCIP-Read gateway failed or took too long. */
const addressOnly = (error: unknown): boolean => error instanceof BaseError && isAddressFault(error.walk(isAddressFault))
// viem's OffchainLookupError is not exported: known by its name.
const isAddressFault = (e: unknown) => e instanceof ContractFunctionRevertedError || (e instanceof BaseError && e.name === 'OffchainLookupError')

/**
 * viem's gateway request within a deadline and the caller's signal, both of which it is given
 * (recent viem honours them) and raced against (older viem waits for as long as the gateway does).
 */
function gatewayRequest(request: CcipRequestParameters, timeoutMs: number, caller: AbortSignal | undefined): Promise<Hex> {
  const deadline = AbortSignal.timeout(timeoutMs)
  const signal = caller ? AbortSignal.any([caller, deadline]) : deadline
  return new Promise<Hex>((resolve, reject) => {
    const stop = () => reject(new Error(caller?.aborted ? 'aborted' : `the gateway did not answer within ${timeoutMs} ms`))
    if (signal.aborted) return stop()
    signal.addEventListener('abort', stop, { once: true })
    ccipRequest({ ...request, timeout: timeoutMs, requestOptions: { ...request.requestOptions, signal } })
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', stop))
  })
}

function findBlockfeedError(error: unknown): unknown {
  for (let e = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) if (isBlockfeedError(e)) return e
  return undefined
}

function checkAddress(parameter: string, value: unknown): void {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw new InvalidParameterError(parameter, `expected a contract address, got ${clip(String(value))}`)
}
