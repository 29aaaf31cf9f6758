import { useState } from 'react'
import { cleanText } from '../shared/text.js'
import { safeImageUrl } from '../shared/url.js'

export interface TokenLogoProps {
  /** Untrusted logo URL: only https (or ipfs via the gateway) is ever loaded. */
  src?: string | null | undefined
  /** Symbol or name for the fallback initial. */
  name?: string | null | undefined
  /** Spam logos are never requested: a tracking pixel would learn the viewer's IP. */
  spam?: boolean | undefined
  ipfsGateway?: string | undefined
}

/** A token's logo, or its initial in a circle when there is no safe logo or it fails to load. Decorative: the symbol is text next to it. */
export function TokenLogo({ src, name, spam, ipfsGateway }: TokenLogoProps) {
  const url = spam ? null : safeImageUrl(src, ipfsGateway)
  const [failed, setFailed] = useState<string | null>(null)
  if (url && failed !== url) {
    return (
      <img
        className="bf-logo"
        src={url}
        alt=""
        width={24}
        height={24}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(url)}
      />
    )
  }
  const initial = Array.from(cleanText(name) ?? '?')[0] ?? '?'
  return (
    <span className="bf-logo bf-logo--fallback" aria-hidden="true" data-spam={spam ? '' : undefined}>
      {initial.toLocaleUpperCase()}
    </span>
  )
}
