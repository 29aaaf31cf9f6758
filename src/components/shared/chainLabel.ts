import { getChainInfo, type ChainInput } from '../../core/chains.js'
import { clip } from '../../core/text.js'
import type { ChainIconInfo } from './options.js'

/** The chain's human name (viem's, never translated), else the text as given, clipped; `unknown` when there is none. */
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
