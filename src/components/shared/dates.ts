import { intlFormatter } from '../../i18n/intl.js'

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return intlFormatter(Intl.DateTimeFormat, locale, options)
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n))

/** The calendar day of a time in a time zone, as `YYYY-MM-DD`: a stable key that no translation changes. */
function dayKey(ms: number, timeZone: string | undefined): string {
  // Called once per entry (10,000× for a long feed): Date getters where they suffice, else one cached formatter per zone.
  if (timeZone === undefined && !Number.isNaN(ms)) {
    const d = new Date(ms)
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
  }
  if (timeZone === 'UTC' && !Number.isNaN(ms)) {
    const d = new Date(ms)
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
  }
  const parts = zoneParts(ms, timeZone)
  return `${parts.year ?? '00'}-${parts.month ?? '00'}-${parts.day ?? '00'}`
}

/** Date and wall-clock fields of a time in a zone (the machine's when undefined), from one cached formatter per zone. */
function zoneParts(ms: number, timeZone: string | undefined): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const f = dateFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  })
  // Null prototype: a part type is only ever an own key.
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = Object.create(null)
  for (const p of f.formatToParts(ms)) parts[p.type] = p.value
  return parts
}

/** Milliseconds since the local midnight (wall clock) of a time in a zone. */
function timeOfDay(ms: number, timeZone: string | undefined): number {
  if (timeZone === undefined) {
    const d = new Date(ms)
    return ((d.getHours() * 60 + d.getMinutes()) * 60 + d.getSeconds()) * 1000 + d.getMilliseconds()
  }
  if (timeZone === 'UTC') return ((ms % 86_400_000) + 86_400_000) % 86_400_000
  const p = zoneParts(ms, timeZone)
  return ((Number(p.hour) * 60 + Number(p.minute)) * 60 + Number(p.second)) * 1000 + (((ms % 1000) + 1000) % 1000)
}

/** Whether an ISO timestamp is in the exact `toISOString` form, whose text order is time order. */
const isCanonicalIso = (iso: string) => iso.length === 24 && iso.charCodeAt(10) === 84 && iso.charCodeAt(23) === 90

/**
 * `dayKey` for a run of ISO timestamps (a feed, newest first): once a day's bounds are known,
 * timestamps inside them get its key by comparing text, without parsing or formatting.
 */
export function dayKeyReader(timeZone: string | undefined): (iso: string) => string {
  let from = ''
  let to = ''
  let key = ''
  let unbounded = ''
  return (iso) => {
    if (iso >= from && iso < to && isCanonicalIso(iso)) return key
    const ms = Date.parse(iso)
    key = dayKey(ms, timeZone)
    from = to = ''
    if (!Number.isFinite(ms) || key === unbounded) return key
    const start = ms - timeOfDay(ms, timeZone)
    const end = start + 86_400_000
    // Calendar days are contiguous in time: bounds checked at both edges hold for every time between (a DST day fails the check and keeps the slow path).
    if (dayKey(start, timeZone) === key && dayKey(start - 1, timeZone) !== key && dayKey(end - 1, timeZone) === key && dayKey(end, timeZone) !== key) {
      from = new Date(start).toISOString()
      to = new Date(end).toISOString()
    } else {
      unbounded = key
    }
    return key
  }
}

function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  return intlFormatter(Intl.RelativeTimeFormat, locale, { numeric: 'auto' } as const)
}

function capitalize(text: string, locale: string | undefined): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
}

/** "Today", "Yesterday", else the date, in the locale; `now` null (server) always gives the date. */
export function dayLabel(key: string, now: number | null, locale: string | undefined, timeZone: string | undefined): string {
  const today = now === null ? null : dayKey(now, timeZone)
  if (today !== null) {
    const yesterday = dayKey(Date.parse(`${today}T12:00:00Z`) - 86_400_000, 'UTC')
    const rtf = relativeFormat(locale)
    if (key === today) return capitalize(rtf.format(0, 'day'), locale)
    if (key === yesterday) return capitalize(rtf.format(-1, 'day'), locale)
  }
  const noon = Date.parse(`${key}T12:00:00Z`)
  const sameYear = today !== null && key.slice(0, 4) === today.slice(0, 4)
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

export function absoluteLabel(ms: number, locale: string | undefined, timeZone: string | undefined): string {
  return dateFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(ms)
}
