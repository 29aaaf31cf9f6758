import { formatUnits, maxUint256 } from 'viem'
import { intlFormatter } from '../../i18n/intl.js'

const DECIMAL = /^\d+(\.\d+)?$/
const INTEGER = /^\d+$/

/** Raw integer text in a token's smallest unit → exact decimal text in whole units; null when unreadable. */
export function toWholeUnits(raw: string | null | undefined, decimals: number): string | null {
  if (raw == null || !INTEGER.test(raw)) return null
  return formatUnits(BigInt(raw), decimals)
}

/** Token decimals from the service's text; null when missing or not a sane integer. */
export function readDecimals(value: string | number | null | undefined): number | null {
  if (value == null || value === '') return null
  const n = typeof value === 'number' ? value : INTEGER.test(value) ? Number(value) : Number.NaN
  return Number.isInteger(n) && n >= 0 && n <= 255 ? n : null
}

export function isMaxUint256(raw: string | null | undefined): boolean {
  return raw != null && INTEGER.test(raw) && BigInt(raw) === maxUint256
}

const ZERO = /^0+$/

export function isZero(raw: string | null | undefined): boolean {
  return raw != null && ZERO.test(raw)
}

/** A row's amounts keep 7 digits (13,404.76, 163.8281, 2.568682), so a phone-wide row keeps its title; the exact amount is the title on hover and in the details. */
export const ROW_DIGITS = 7

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return intlFormatter(Intl.NumberFormat, locale, options)
}

// Intl formats decimal *text* exactly (no float rounding of the input); the DOM lib types lag behind.
type StringFormat = (value: string) => string

/**
 * Exact decimal text → what a person reads: grouped, up to 6 fraction digits, tiny non-zero
 * amounts as "<0.000001", astronomically large ones in scientific notation. With
 * `significantDigits`, fewer fraction digits as the whole part grows (the whole part is never
 * rounded): 13,404.76 rather than 13,404.764499 at 7.
 */
export function formatDecimal(decimal: string, locale?: string, significantDigits?: number): string {
  if (!DECIMAL.test(decimal)) return decimal
  const [int = '0', frac = ''] = decimal.split('.')
  const wholeDigits = int.replace(/^0+/, '').length
  if (wholeDigits > 15) {
    return (numberFormat(locale, { notation: 'scientific', maximumFractionDigits: 3 }).format as unknown as StringFormat)(decimal)
  }
  const fractionDigits = significantDigits === undefined ? 6 : Math.min(6, Math.max(0, significantDigits - wholeDigits))
  const f = numberFormat(locale, { maximumFractionDigits: fractionDigits })
  const shown = (f.format as unknown as StringFormat)(decimal)
  if (/^0*$/.test(int) && /[1-9]/.test(frac) && !/[1-9]/.test(frac.slice(0, 6))) {
    return `<${(f.format as unknown as StringFormat)('0.000001')}`
  }
  return shown
}

/** Exact decimal text grouped for the locale, every digit kept (for tooltips): the integer part via BigInt, the fraction as is. */
export function formatExact(decimal: string, locale?: string): string {
  if (!DECIMAL.test(decimal)) return decimal
  const [int = '0', frac] = decimal.split('.')
  const f = numberFormat(locale, {})
  const grouped = f.format(BigInt(int))
  if (!frac) return grouped
  const separator = f.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return `${grouped}${separator}${frac}`
}

export function isDecimalText(value: string | null | undefined): value is string {
  return value != null && DECIMAL.test(value)
}
