import type { Chain as ViemChain } from 'viem'
import { clip } from './text.js'
import {
  arbitrum,
  avalanche,
  base,
  bsc,
  chiliz,
  cronos,
  fantom,
  foundry,
  gnosis,
  linea,
  lineaSepolia,
  mainnet,
  optimism,
  palm,
  polygon,
} from 'viem/chains'
import { InvalidParameterError } from './errors.js'

/**
 * The 13 chain names the service accepts, in the spec's order (`eth`, `polygon`, … `linea`).
 *
 * @example
 * ```ts
 * import { chainNames, getChainInfo } from 'blockfeed'
 *
 * const options = chainNames.map((name) => ({ value: name, label: getChainInfo(name)?.label ?? name }))
 * ```
 */
export const chainNames = [
  'eth', 'polygon', 'bsc', 'avalanche', 'fantom', 'palm', 'cronos',
  'arbitrum', 'gnosis', 'chiliz', 'base', 'optimism', 'linea',
] as const

/**
 * The spec's hex chain ids, in the same order as {@link chainNames} (`0x1` is `eth`).
 *
 * The spec pairs `linea` with `0xe705`, which is Linea Sepolia (59141); Linea mainnet is `0xe708`.
 * The list keeps the spec's id, and a chain is sent to the service exactly as you give it.
 */
export const chainHexIds = [
  '0x1', '0x89', '0x38', '0xa86a', '0xfa', '0x2a15c308d', '0x19',
  '0xa4b1', '0x64', '0x15b38', '0x2105', '0xa', '0xe705',
] as const

/** One of the spec's 13 chain names, e.g. `eth`. */
export type ChainName = (typeof chainNames)[number]
/** One of the spec's 13 hex chain ids, e.g. `0x1`. */
export type ChainHexId = (typeof chainHexIds)[number]
/** A chain as the service accepts it: a spec name or a spec hex id. */
export type ChainInput = ChainName | ChainHexId | (string & {})

/** What blockfeed knows of a chain: its spec name, true chain id, label, native currency and explorer. */
export interface ChainInfo {
  /** The spec's name for the chain (`eth`, `polygon`, …). */
  name: ChainName | undefined
  /** The true EIP-155 chain id. */
  chainId: number
  /** Its human name, from `viem/chains` (e.g. `Ethereum`). */
  label: string
  /** Its native currency (e.g. `{ name: 'Ether', symbol: 'ETH', decimals: 18 }`). */
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Its default block explorer's address, when `viem/chains` names one. */
  explorerUrl: string | undefined
  /** The `viem/chains` chain, for viem clients. */
  viemChain: ViemChain
}

const byName: Record<ChainName, ViemChain> = {
  eth: mainnet, polygon, bsc, avalanche, fantom, palm, cronos,
  arbitrum, gnosis, chiliz, base, optimism,
  // The spec pairs `linea` with 0xe705, which is Linea Sepolia (59141); the name means mainnet.
  linea,
}

/** Metadata by true chain id: the spec's chains, Linea Sepolia (the spec's 0xe705) and anvil's 31337. */
const byId = new Map<number, { chain: ViemChain; name: ChainName | undefined }>()
for (const name of chainNames) byId.set(byName[name].id, { chain: byName[name], name })
byId.set(lineaSepolia.id, { chain: lineaSepolia, name: 'linea' })
byId.set(foundry.id, { chain: foundry, name: undefined })

function toInfo(entry: { chain: ViemChain; name: ChainName | undefined }): ChainInfo {
  const { chain, name } = entry
  return {
    name,
    chainId: chain.id,
    label: chain.name,
    nativeCurrency: chain.nativeCurrency,
    explorerUrl: chain.blockExplorers?.default.url,
    viemChain: chain,
  }
}

/**
 * Tells whether a value is one of the spec's 13 chain names (not a hex id).
 *
 * @param value - Anything, e.g. a route or search parameter.
 * @returns True when it is a `ChainName`, narrowing it.
 * @example
 * ```ts
 * import { isChainName } from 'blockfeed'
 *
 * const chain = new URLSearchParams('chain=base').get('chain')
 * const name = isChainName(chain) ? chain : 'eth'
 * ```
 */
export function isChainName(value: unknown): value is ChainName {
  return typeof value === 'string' && (chainNames as readonly string[]).includes(value)
}

/**
 * Checks that the service accepts a chain, and returns it unchanged (it is sent exactly as given).
 *
 * Accepts the spec's names and hex ids, hex ids in any letter case, and any chain in `extra`
 * (e.g. a devnet's `0x7a69`).
 *
 * @param value - The chain to check.
 * @param extra - Chains accepted beyond the spec's 13 (a client's `extraChains`). Default `[]`.
 * @param parameter - The name the error gives the value. Default `chain`.
 * @returns The chain, as given.
 * @throws {@link InvalidParameterError} When it is not text, or not a chain the service accepts.
 * @example
 * ```ts
 * import { checkChain } from 'blockfeed'
 *
 * const chain = checkChain('0xA4B1') // '0xA4B1' (arbitrum)
 * ```
 */
export function checkChain(value: unknown, extra: readonly string[] = [], parameter = 'chain'): string {
  if (typeof value !== 'string' || value === '') {
    throw new InvalidParameterError(parameter, `expected one of ${chainNames.join(', ')} or a hex chain id`)
  }
  if (isChainName(value)) return value
  const lower = value.toLowerCase()
  if ((chainHexIds as readonly string[]).includes(lower)) return value
  if (extra.some((c) => c.toLowerCase() === lower)) return value
  throw new InvalidParameterError(
    parameter,
    `unknown chain "${clip(value)}"; expected one of ${chainNames.join(', ')} or ${chainHexIds.join(', ')}`,
  )
}

/**
 * The one identity of a chain: a spec name is its spec hex id (`eth` → `0x1`), a hex id is
 * lowercased (`0xA4B1` → `0xa4b1`). Query keys, head pollers, tracker records and merge sources
 * use it, so `eth` and `0x1` share a cache entry and a poller; a request keeps the caller's spelling.
 */
export function chainIdentity(chain: string): string {
  if (isChainName(chain)) return chainHexIds[chainNames.indexOf(chain)]!
  return chain.toLowerCase()
}

/** The other spelling of a spec chain (name ↔ hex id), for lookups keyed by either. */
export function chainAlias(chain: string): string | undefined {
  const id = chainIdentity(chain)
  const i = (chainHexIds as readonly string[]).indexOf(id)
  if (i < 0) return undefined
  return isChainName(chain) ? id : chainNames[i]
}

/**
 * Looks up a chain's label, native currency and explorer, by spec name, hex id or number.
 *
 * Knows the spec's 13 chains, Linea Sepolia (the spec's `0xe705`) and anvil's local chain (31337).
 *
 * @param chain - A spec name (`eth`), a hex id (`0x89`) or a chain id number (`137`).
 * @returns The chain's metadata, or `undefined` when it is not known (or `chain` is undefined).
 * @remarks No request: the metadata comes from `viem/chains`.
 * @example
 * ```ts
 * import { getChainInfo } from 'blockfeed'
 *
 * const polygon = getChainInfo('polygon')
 * console.log(polygon?.nativeCurrency.symbol, polygon?.explorerUrl)
 * ```
 */
export function getChainInfo(chain: string | number | undefined): ChainInfo | undefined {
  if (chain === undefined) return undefined
  if (typeof chain === 'string' && isChainName(chain)) return toInfo({ chain: byName[chain], name: chain })
  const id = typeof chain === 'number' ? chain : /^0x[0-9a-f]+$/i.test(chain) ? Number.parseInt(chain, 16) : Number.NaN
  const entry = byId.get(id)
  return entry ? toInfo(entry) : undefined
}

