import { getChainInfo, type ChainInput } from '../../core/chains.js'
import { clip } from '../../core/text.js'
import type { ChainIconInfo } from './options.js'

/**
 * Gives a chain's name for people: viem's name for it (never translated), else the text as given, clipped.
 *
 * @param chain - The chain: a spec name (`eth`), a hex id (`0x1`) or a number.
 * @param unknown - What to return when no chain is given.
 * @returns The chain's human name (`Ethereum`, `Base`…), the given text clipped to 24 characters, or `unknown`.
 * @example
 * ```ts
 * import { chainLabel } from 'blockfeed/components'
 *
 * console.log(chainLabel('0x2105', 'No chain')) // "Base"
 * ```
 */
export function chainLabel(chain: ChainInput | number | undefined | null, unknown: string): string {
  if (chain === undefined || chain === null) return unknown
  const info = getChainInfo(chain)
  if (info) return info.label
  return clip(String(chain), 24)
}

/** What `renderChainIcon` is told: the chain as given, its spec name, chain id and human name. */
export function chainIconInfo(chain: ChainInput | number): ChainIconInfo {
  const info = getChainInfo(chain)
  return { chain, name: info?.name, chainId: info?.chainId, label: chainLabel(chain, '') }
}
