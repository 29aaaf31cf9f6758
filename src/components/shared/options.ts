import type { ReactNode } from 'react'
import type { ChainInput, ChainName } from '../../core/chains.js'
import type { RenderLink } from './links.js'

/** What your `renderChainIcon` is told about the chain it draws. */
export interface ChainIconInfo {
  /** The chain as the app or the entry gave it (spec name, hex id or number). */
  chain: ChainInput | number
  /** The spec's name, when the chain is one of its 13. */
  name: ChainName | undefined
  /** The EIP-155 chain id, when known. */
  chainId: number | undefined
  /** The chain's human name (viem's), else the text given, clipped. */
  label: string
}

/**
 * Draws a chain's icon with your app's own artwork; return `null` (or nothing) for the built-in mark.
 * The icon is decorative: the chain's name is text beside it.
 *
 * @example
 * ```tsx
 * import { ChainBadge, type RenderChainIcon } from 'blockfeed/components'
 *
 * // Your own artwork for Base; the built-in mark for every other chain.
 * const renderChainIcon: RenderChainIcon = ({ name }) =>
 *   name === 'base' ? <img src="/icons/base.svg" alt="" width={16} height={16} /> : null
 *
 * export function BaseBadge() {
 *   return <ChainBadge chain="base" renderChainIcon={renderChainIcon} />
 * }
 * ```
 */
export type RenderChainIcon = (info: ChainIconInfo) => ReactNode

/** The display options every component takes (chain, language, time zone, links, logos, chain icons); the list hands them down to its rows. */
export interface DisplayOptions {
  /** The chain the data is from: its native symbol and explorer (spec name, hex id or number). */
  chain?: ChainInput | number | undefined
  /**
   * The language of words, numbers and dates (a BCP 47 tag).
   * @defaultValue the provider's `locale`, else the browser's
   */
  locale?: string | undefined
  /**
   * The IANA time zone for dates and day headers.
   * @defaultValue the browser's
   */
  timeZone?: string | undefined
  /**
   * Renders links (explorer pages) with your router's link or your own `<a>`.
   * @defaultValue a plain `<a>`
   */
  renderLink?: RenderLink | undefined
  /**
   * The `https:` gateway that `ipfs://` logos are rewritten to (ends with `/ipfs/`).
   * @defaultValue {@link DEFAULT_IPFS_GATEWAY}, `https://ipfs.io/ipfs/`
   */
  ipfsGateway?: string | undefined
  /** The app's own chain icons, for the chain badge on rows and chips; the built-in marks otherwise. */
  renderChainIcon?: RenderChainIcon | undefined
}
