import { describe, expect, it } from 'vitest'
import { cleanText, clipText } from '../../../src/components/shared/text.js'

describe('cleanText', () => {
  it('removes bidi overrides, zero-width and control characters, collapses whitespace', () => {
    expect(cleanText('US\u202EDT\u200B\u2066')).toBe('USDT')
    expect(cleanText('  Uniswap \n\t Router\u0000 ')).toBe('Uniswap Router')
  })

  it('null when nothing is left', () => {
    expect(cleanText('\u200B \u202E')).toBeNull()
    expect(cleanText('')).toBeNull()
    expect(cleanText(null)).toBeNull()
    expect(cleanText(undefined)).toBeNull()
  })
})

describe('clipText', () => {
  it('leaves short text alone', () => {
    expect(clipText('USDC', 12)).toEqual({ shown: 'USDC', full: 'USDC', clipped: false })
  })

  it('cuts by code point with an ellipsis, never splitting an emoji', () => {
    const { shown, clipped } = clipText('😀😀😀😀😀', 3)
    expect(shown).toBe('😀😀…')
    expect(clipped).toBe(true)
  })

  it('bounds the tooltip text too', () => {
    const { full } = clipText('a'.repeat(2000), 10)
    expect(full).toBe(`${'a'.repeat(512)}…`)
  })
})
