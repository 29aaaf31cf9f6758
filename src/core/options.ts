import { InvalidParameterError } from './errors.js'
import { clip } from './text.js'

/**
 * Checks of numeric options, made when a client is created: options often come from the
 * environment (`Number(process.env.X)`), and NaN, a fraction or a huge value would otherwise
 * fail in every request (a timer's `RangeError`, a retry loop without end, a timeout of 1 ms).
 */

/** The longest delay a timer holds (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1

const shown = (value: unknown) => clip(typeof value === 'string' ? `"${value}"` : String(value))

/** A whole number of milliseconds a timer can wait, at least `min`; `undefined` stays undefined. */
export function checkMs(value: unknown, parameter: string, min = 1): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > MAX_TIMER_MS) {
    throw new InvalidParameterError(parameter, `expected a whole number of milliseconds from ${min} to ${MAX_TIMER_MS}, got ${shown(value)}`)
  }
  return value
}

/** A whole count from `min` up; `undefined` stays undefined. */
export function checkCount(value: unknown, parameter: string, min = 0): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new InvalidParameterError(parameter, `expected a whole number from ${min} up, got ${shown(value)}`)
  }
  return value
}

/** A finite number above 0, fractions allowed (a rate, a time in seconds); `undefined` stays undefined. */
export function checkPositive(value: unknown, parameter: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new InvalidParameterError(parameter, `expected a number above 0, got ${shown(value)}`)
  }
  return value
}
