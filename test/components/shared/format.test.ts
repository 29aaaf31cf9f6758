import { describe, expect, it } from 'vitest'
import { formatDecimal, formatExact, isMaxUint256, isZero, readDecimals, toWholeUnits } from '../../../src/components/shared/format.js'

describe('toWholeUnits', () => {
  it('exact decimal text through BigInt, for amounts past 2^53', () => {
    expect(toWholeUnits('1500000', 6)).toBe('1.5')
    expect(toWholeUnits('123456789012345678901234567890', 18)).toBe('123456789012.34567890123456789')
  })

  it('null for anything that is not integer text', () => {
    for (const raw of ['1.5', '-1', '0x10', '', null, undefined]) expect(toWholeUnits(raw, 18)).toBeNull()
  })
})

describe('readDecimals', () => {
  it('text or numbers from 0 to 255', () => {
    expect(readDecimals('6')).toBe(6)
    expect(readDecimals(0)).toBe(0)
    expect(readDecimals(255)).toBe(255)
  })

  it('null when missing or not sane', () => {
    for (const v of [null, undefined, '', '-1', '256', '6.5', 'six', Number.NaN]) expect(readDecimals(v)).toBeNull()
  })
})

describe('formatDecimal', () => {
  it('groups and keeps up to 6 fraction digits', () => {
    expect(formatDecimal('1234567.123456789', 'en-US')).toBe('1,234,567.123457')
    expect(formatDecimal('1234567.5', 'de-DE')).toBe('1.234.567,5')
  })

  it('tiny non-zero amounts read "<0.000001", not 0', () => {
    expect(formatDecimal('0.0000000001', 'en-US')).toBe('<0.000001')
    expect(formatDecimal('0', 'en-US')).toBe('0')
  })

  it('astronomically large amounts in scientific notation', () => {
    expect(formatDecimal('115792089237316195423570985008687907853269984665640564039457', 'en-US')).toBe('1.158E59')
  })

  it('text that is not a decimal comes back unchanged', () => {
    expect(formatDecimal('n/a', 'en-US')).toBe('n/a')
  })

  it('with 7 significant digits (the rows): fewer fraction digits as the whole part grows, the whole part never rounded', () => {
    expect(formatDecimal('13404.764499', 'en-US', 7)).toBe('13,404.76')
    expect(formatDecimal('163.828096', 'en-US', 7)).toBe('163.8281')
    expect(formatDecimal('2.5686824', 'en-US', 7)).toBe('2.568682')
    expect(formatDecimal('1234567890.98', 'en-US', 7)).toBe('1,234,567,891')
    expect(formatDecimal('0.000123456789', 'en-US', 7)).toBe('0.000123')
    expect(formatDecimal('0.0000000001', 'en-US', 7)).toBe('<0.000001')
    expect(formatDecimal('13404.764499', 'de-DE', 7)).toBe('13.404,76')
  })
})

describe('formatExact', () => {
  it('every digit, grouped for the locale', () => {
    expect(formatExact('1234567.000000000000000001', 'en-US')).toBe('1,234,567.000000000000000001')
    expect(formatExact('1234567.25', 'de-DE')).toBe('1.234.567,25')
  })
})

describe('isMaxUint256 and isZero', () => {
  it('recognize the unlimited allowance and zero amounts', () => {
    expect(isMaxUint256((2n ** 256n - 1n).toString())).toBe(true)
    expect(isMaxUint256((2n ** 256n - 2n).toString())).toBe(false)
    expect(isMaxUint256(null)).toBe(false)
    expect(isZero('000')).toBe(true)
    expect(isZero('10')).toBe(false)
    expect(isZero(undefined)).toBe(false)
  })
})
