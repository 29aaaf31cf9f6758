const dateFormats = new Map<string, Intl.DateTimeFormat>()
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`
  let f = dateFormats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, f)
  }
  return f
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n))
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** The calendar day of a time in a time zone, as `YYYY-MM-DD`: a stable key that no translation changes. */
export function dayKey(ms: number, timeZone: string | undefined): string {
  // Called once per entry (10,000× for a long feed): Date getters where they suffice, else one cached formatter per zone.
  if (timeZone === undefined) {
    const d = new Date(ms)
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
  }
  if (timeZone === 'UTC') {
    const d = new Date(ms)
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
  }
  let f = dayFormats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, f)
  }
  let year = '00'
  let month = '00'
  let day = '00'
  for (const p of f.formatToParts(ms)) {
    if (p.type === 'year') year = p.value
    else if (p.type === 'month') month = p.value
    else if (p.type === 'day') day = p.value
  }
  return `${year}-${month}-${day}`
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()
function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? ''
  let f = relativeFormats.get(key)
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
    relativeFormats.set(key, f)
  }
  return f
}

function capitalize(text: string, locale: string | undefined): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
}

/** "Today", "Yesterday", else the date, in the locale; `now` null (server) always gives the date. */
export function dayLabel(key: string, now: number | null, locale: string | undefined, timeZone: string | undefined): string {
  if (now !== null) {
    const today = dayKey(now, timeZone)
    const yesterday = dayKey(Date.parse(`${today}T12:00:00Z`) - 86_400_000, 'UTC')
    const rtf = relativeFormat(locale)
    if (key === today) return capitalize(rtf.format(0, 'day'), locale)
    if (key === yesterday) return capitalize(rtf.format(-1, 'day'), locale)
  }
  const noon = Date.parse(`${key}T12:00:00Z`)
  const sameYear = now !== null && key.slice(0, 4) === dayKey(now, timeZone).slice(0, 4)
  return dateFormat(locale, {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(noon)
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000_000],
  ['month', 2_592_000_000],
  ['week', 604_800_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "5 minutes ago", "yesterday", "just now"… for a time relative to `now`. */
export function relativeLabel(ms: number, now: number, locale: string | undefined): string {
  const diff = ms - now
  const rtf = relativeFormat(locale)
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return rtf.format(Math.trunc(diff / size), unit)
  }
  return rtf.format(0, 'second')
}

const absoluteFormats = new Map<string, Intl.DateTimeFormat>()
export function absoluteLabel(ms: number, locale: string | undefined, timeZone: string | undefined): string {
  const key = `${locale ?? ''}|${timeZone ?? ''}`
  let f = absoluteFormats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' })
    absoluteFormats.set(key, f)
  }
  return f.format(ms)
}
