import { describe, expect, it } from 'vitest'
import { parseJsonLossless } from '../../src/exports/index.js'

describe('parseJsonLossless', () => {
  it('equals JSON.parse for bodies without large integers', () => {
    const text = JSON.stringify({ a: 1, b: [1.5, -2, 9007199254740991], c: 'x', d: null, e: true, f: { g: 1e21 } })
    expect(parseJsonLossless(text)).toEqual(JSON.parse(text))
  })

  it('turns integers above 2^53 into exact decimal text, wherever they are', () => {
    const text = '{"a":9007199254740993,"b":[18446744073709551617, 1],"c":{"d" : 123456789012345678901234567890},"e":-9007199254740993}'
    expect(parseJsonLossless(text)).toEqual({
      a: '9007199254740993',
      b: ['18446744073709551617', 1],
      c: { d: '123456789012345678901234567890' },
      e: '-9007199254740993',
    })
  })

  it('keeps 2^53 - 1 a number and leaves decimals and exponents to JSON.parse', () => {
    expect(parseJsonLossless('[9007199254740991, 12345678901234567.5, 1.2345678901234567e30]')).toEqual([
      9007199254740991, 12345678901234567.5, 1.2345678901234567e30,
    ])
  })

  it('never touches digits inside strings, including escaped quotes', () => {
    const text = '{"k\\"12345678901234567890":"12345678901234567890 \\" 98765432109876543210","n":98765432109876543210}'
    expect(parseJsonLossless(text)).toEqual({
      'k"12345678901234567890': '12345678901234567890 \\" 98765432109876543210'.replace('\\"', '"'),
      n: '98765432109876543210',
    })
  })

  it('still throws a SyntaxError on text that is not JSON', () => {
    expect(() => parseJsonLossless('<html>12345678901234567890')).toThrow(SyntaxError)
    expect(() => parseJsonLossless('')).toThrow(SyntaxError)
  })
})
