import { describe, expect, it } from 'vitest'
import { sameAddress } from '../../../src/components/shared/direction.js'

describe('sameAddress', () => {
  const lower = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
  const checksummed = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

  it('is case-insensitive for hex addresses, checksummed or not', () => {
    expect(sameAddress(lower, checksummed)).toBe(true)
    expect(sameAddress(checksummed.toUpperCase().replace('0X', '0x'), lower)).toBe(true)
  })

  it('tells different addresses apart, including ones that differ only past a shared prefix', () => {
    expect(sameAddress(lower, lower.replace(/5$/, '6'))).toBe(false)
    expect(sameAddress(lower, lower.slice(0, -1))).toBe(false)
    expect(sameAddress(lower, null)).toBe(false)
    expect(sameAddress(undefined, undefined)).toBe(false)
  })

  it('does not confuse non-hex characters that differ only in bit 5', () => {
    // '@' (64) and '`' (96) would look equal to a bit-5 compare; the fallback keeps them apart.
    expect(sameAddress('0x@', '0x`')).toBe(false)
    expect(sameAddress('0xZz', '0xzZ')).toBe(true)
  })
})
