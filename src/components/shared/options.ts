import type { ReactNode } from 'react'
import type { ChainInput, ChainName } from '../../core/chains.js'
import type { RenderLink } from './links.js'

/** What `renderChainIcon` is told about the chain it draws. */
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

/** Draws a chain's icon with the app's own artwork; return `null` (or nothing) for the built-in mark. Decorative: the name is text beside it. */
export type RenderChainIcon = (info: ChainIconInfo) => ReactNode

/** Display options every component takes, and the list hands down to its rows. */
export interface DisplayOptions {
  /** The chain the data is from: its native symbol and explorer (spec name, hex id or number). */
  chain?: ChainInput | number | undefined
  /** BCP 47 locale for numbers and dates; the browser's when omitted. */
  locale?: string | undefined
  /** IANA time zone for dates and day headers; the browser's when omitted. */
  timeZone?: string | undefined
  /** Renders links (explorer pages) with the app's router or its own `<a>`. */
  renderLink?: RenderLink | undefined
  /** `https:` gateway that `ipfs://` logos are rewritten to (ends with `/ipfs/`). */
  ipfsGateway?: string | undefined
  /** The app's own chain icons, for the chain badge on rows and chips; the built-in marks otherwise. */
  renderChainIcon?: RenderChainIcon | undefined
}
