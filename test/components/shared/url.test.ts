import { describe, expect, it } from 'vitest'
import { explorerLink, safeImageUrl } from '../../../src/components/shared/url.js'

describe('safeImageUrl', () => {
  it('https as is; ipfs through the gateway', () => {
    expect(safeImageUrl('https://logos.example/a.png')).toBe('https://logos.example/a.png')
    expect(safeImageUrl('ipfs://bafybeigdyrzt5/logo.png', 'https://gw.example/ipfs/')).toBe('https://gw.example/ipfs/bafybeigdyrzt5/logo.png')
    expect(safeImageUrl('ipfs://ipfs/bafybeigdyrzt5', 'https://gw.example/ipfs')).toBe('https://gw.example/ipfs/bafybeigdyrzt5')
  })

  it('never javascript:, data:, http:, protocol-relative or a path out of the gateway', () => {
    for (const raw of ['javascript:alert(1)', 'data:image/svg+xml,<svg>', 'http://x.example/a.png', '//x.example/a.png', 'ipfs://../../etc', 'ipfs://bafy/%2e%2e/%2e%2e/x', '', null]) {
      expect(safeImageUrl(raw)).toBeNull()
    }
    expect(safeImageUrl('ipfs://bafy/x.png', 'http://insecure.example/ipfs/')).toBeNull()
  })
})

describe('explorerLink', () => {
  it("the chain's https explorer, hex values only", () => {
    expect(explorerLink('eth', 'tx', '0xabc')).toBe('https://etherscan.io/tx/0xabc')
    expect(explorerLink('base', 'address', '0x12')).toBe('https://basescan.org/address/0x12')
    expect(explorerLink('eth', 'tx', '0xabc/../../evil')).toBeUndefined()
    expect(explorerLink('constructor', 'tx', '0xabc')).toBeUndefined()
    expect(explorerLink(undefined, 'tx', '0xabc')).toBeUndefined()
  })
})
