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

/** The calendar day of a time in a time zone, as `YYYY-MM-DD`: a stable key that no translation changes. */
export function dayKey(ms: number, timeZone: string | undefined): string {
  const parts = dateFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(ms)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return `${get('year')}-${get('month')}-${get('day')}`
}

function capitalize(text: string, locale: string | undefined): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
}

/** "Today", "Yesterday", else the date, in the locale; `now` null (server) always gives the date. */
export function dayLabel(key: string, now: number | null, locale: string | undefined, timeZone: string | undefined): string {
  if (now !== null) {
    const today = dayKey(now, timeZone)
    const yesterday = dayKey(Date.parse(`${today}T12:00:00Z`) - 86_400_000, 'UTC')
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
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
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return rtf.format(Math.trunc(diff / size), unit)
  }
  return rtf.format(0, 'second')
}

export function absoluteLabel(ms: number, locale: string | undefined, timeZone: string | undefined): string {
  return dateFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(ms)
}
