import { getChainInfo, type ChainInput } from '../../core/chains.js'

/** The chain's native currency for amounts: its symbol when the chain is known, and its decimals (18, as on EVM chains, when not). */
export function nativeCurrency(chain: ChainInput | number | undefined): { symbol: string | undefined; decimals: number } {
  const n = getChainInfo(chain)?.nativeCurrency
  return { symbol: n?.symbol, decimals: n?.decimals ?? 18 }
}
