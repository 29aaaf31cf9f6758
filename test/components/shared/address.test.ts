import { describe, expect, it } from 'vitest'
import { displayAddress } from '../../../src/components/shared/address.js'

describe('displayAddress', () => {
  it('a valid address in any case: checksummed, with its short form', () => {
    expect(displayAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toEqual({
      valid: true,
      text: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
      short: '0xd8dA…6045',
    })
  })

  it('anything else: cleaned, clipped, marked invalid', () => {
    const shown = displayAddress('javascript:alert(1)//\u202E0x')
    expect(shown.valid).toBe(false)
    expect(shown.text).toBe('javascript:alert(1)//0x')
    expect(Array.from(shown.short).length).toBeLessThanOrEqual(14)
  })
})
