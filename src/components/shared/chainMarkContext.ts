import { createContext, type ComponentType } from 'react'
import type { ChainInput } from '../../core/chains.js'
import type { RenderChainIcon } from './options.js'

/** What draws a chain's mark on a row: `ChainMark`, or the app's own through `renderChainIcon`. */
export type ChainMarkComponent = ComponentType<{ chain: ChainInput | number; renderChainIcon?: RenderChainIcon | undefined; className?: string | undefined }>

/**
 * The built-in chain marks, supplied by the feed across chains (whose chunk has them for its chips):
 * a single-chain feed, whose rows never show a chain, never loads them. Without it a row draws the
 * app's `renderChainIcon`, else no mark (its chain is still named in words).
 */
export const ChainMarkContext = createContext<ChainMarkComponent | null>(null)
