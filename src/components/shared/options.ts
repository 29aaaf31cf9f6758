import type { ChainInput } from '../../core/chains.js'
import type { RenderLink } from './links.js'

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
}
