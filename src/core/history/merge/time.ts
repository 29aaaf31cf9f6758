/** The digit at `i`, or -1 when it is not one. */
const digit = (s: string, i: number) => {
  const c = s.charCodeAt(i)
  return c >= 48 && c <= 57 ? c - 48 : -1
}
/** Two digits as a number; negative when either is not a digit. */
const twoDigits = (s: string, i: number) => {
  const a = digit(s, i)
  const b = digit(s, i + 1)
  return a < 0 || b < 0 ? -1 : a * 10 + b
}
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * Milliseconds of `YYYY-MM-DDTHH:MM:SS.sssZ` (the form the client's reader gives every
 * timestamp) by arithmetic, or NaN for anything else (then `mergeKeyOf` decides, by `Date.parse`).
 * `Date.parse` costs more than the rest of the merge's work on an entry.
 */
export function canonicalTime(s: string): number {
  if (s.length !== 24 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58 || s.charCodeAt(19) !== 46 || s.charCodeAt(23) !== 90) return Number.NaN
  const y1 = twoDigits(s, 0)
  const y2 = twoDigits(s, 2)
  const m = twoDigits(s, 5)
  const d = twoDigits(s, 8)
  const hh = twoDigits(s, 11)
  const mm = twoDigits(s, 14)
  const ss = twoDigits(s, 17)
  const ms1 = twoDigits(s, 20)
  const ms2 = digit(s, 22)
  // A character that is not a digit made its part negative (all parts are small integers).
  if ((y1 | y2 | hh | mm | ss | ms1 | ms2) < 0 || hh > 23 || mm > 59 || ss > 59 || m < 1 || m > 12 || d < 1) return Number.NaN
  const y = y1 * 100 + y2
  const ms = ms1 * 10 + ms2
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
  if (d > (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!)) return Number.NaN
  // Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil).
  const yy = m <= 2 ? y - 1 : y
  const era = Math.floor(yy / 400)
  const yoe = yy - era * 400
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1
  const days = era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468
  return days * 86_400_000 + hh * 3_600_000 + mm * 60_000 + ss * 1000 + ms
}
