import { getChainInfo, type ChainInput } from '../../core/chains.js'

/** The gateway `ipfs://` token logos are loaded from unless you pass your own `ipfsGateway`. */
export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io/ipfs/'

function httpsUrl(raw: string): URL | null {
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

/**
 * A logo URL that is safe to put in an `<img src>`: `https:` as is, `ipfs://CID/path`
 * rewritten to the (https) gateway, anything else (`javascript:`, `data:`, `http:`…) null.
 */
export function safeImageUrl(raw: string | null | undefined, ipfsGateway: string = DEFAULT_IPFS_GATEWAY): string | null {
  if (!raw) return null
  const value = raw.trim()
  if (/^ipfs:\/\//i.test(value)) {
    const gateway = httpsUrl(ipfsGateway)
    const path = value.slice('ipfs://'.length).replace(/^ipfs\//i, '')
    // A CID, then an optional path that cannot climb out of it.
    if (!gateway || !/^[a-zA-Z0-9]+(\/[^\s?#\\]*)?$/.test(path) || path.split('/').includes('..')) return null
    const base = gateway.href.endsWith('/') ? gateway.href : `${gateway.href}/`
    const href = httpsUrl(base + path)?.href
    // Encoded dot segments (%2e%2e) are resolved by the URL parser: the result must stay under the gateway.
    return href?.startsWith(base) ? href : null
  }
  return httpsUrl(value)?.href ?? null
}

/** The chain's block-explorer page for an address or transaction hash; undefined when the chain has no (https) explorer. */
export function explorerLink(
  chain: ChainInput | number | undefined,
  kind: 'address' | 'tx' | 'token',
  value: string,
): string | undefined {
  const base = getChainInfo(chain)?.explorerUrl
  if (!base || !httpsUrl(base)) return undefined
  // Only hex goes into the path: the value comes from the service.
  if (!/^0x[0-9a-fA-F]+$/.test(value)) return undefined
  return `${base.replace(/\/+$/, '')}/${kind}/${value}`
}
