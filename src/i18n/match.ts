/** The locales blockfeed ships a catalogue for (`blockfeed/locales/<tag>`), and the pseudo-locale. */
export const shippedLocales = ['en', 'es', 'fr', 'de', 'pt-BR', 'it', 'pl', 'ru', 'uk', 'tr', 'ar', 'he', 'hi', 'ja', 'ko', 'zh-CN', 'zh-TW', 'en-XA'] as const

export type ShippedLocale = (typeof shippedLocales)[number]

const warned = new Set<string>()

function inDevelopment(): boolean {
  // Bundlers replace `process.env.NODE_ENV`; a page without one has no `process` at all.
  try {
    return process.env.NODE_ENV !== 'production'
  } catch {
    return true
  }
}

function warnOnce(tag: string, why: string) {
  if (warned.has(tag) || !inDevelopment()) return
  warned.add(tag)
  console.warn(`blockfeed: ${why} (locale ${JSON.stringify(tag)}); showing English.`)
}

function parse(tag: string): Intl.Locale | null {
  try {
    return new Intl.Locale(tag)
  } catch {
    return null
  }
}

/**
 * The catalogue to use for the requested locales (in order of preference): the same language and
 * region, else the same language and script (`zh-HK` → `zh-TW`, `pt` → `pt-BR`), else the same
 * language, else English. An unknown or malformed tag is never an error: one warning in development.
 */
export function matchLocale(requested: string | readonly string[] | null | undefined, available: readonly string[] = shippedLocales): string {
  const wanted = typeof requested === 'string' ? [requested] : requested ?? []
  const offered = available.map((tag) => ({ tag, locale: parse(tag) })).filter((o): o is { tag: string; locale: Intl.Locale } => o.locale !== null)
  for (const raw of wanted) {
    // An empty tag is "no preference", not a mistake.
    if (raw === '') continue
    const locale = typeof raw === 'string' ? parse(raw.trim()) : null
    if (locale === null) {
      warnOnce(String(raw), 'not a valid BCP 47 language tag')
      continue
    }
    const found = bestMatch(locale, offered)
    if (found !== undefined) return found
    warnOnce(locale.baseName, 'no catalogue for this language')
  }
  return 'en'
}

function bestMatch(wanted: Intl.Locale, offered: readonly { tag: string; locale: Intl.Locale }[]): string | undefined {
  const full = wanted.maximize()
  const sameLanguage = offered.filter((o) => o.locale.language === wanted.language)
  const exact = sameLanguage.find((o) => o.locale.baseName.toLowerCase() === wanted.baseName.toLowerCase())
  if (exact) return exact.tag
  const sameScript = sameLanguage.filter((o) => o.locale.maximize().script === full.script)
  const sameRegion = sameScript.find((o) => o.locale.maximize().region === full.region)
  // The language alone ("pt", "zh-Hant") prefers the catalogue written for its likeliest region.
  return (sameRegion ?? sameScript.find((o) => !o.locale.region) ?? sameScript[0] ?? (sameScript.length === 0 && full.script === undefined ? sameLanguage[0] : undefined))?.tag
}

// Languages written right to left (ISO 639), for a catalogue an app supplies as well as ours.
const rightToLeft = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug', 'syr'])

/** `rtl` for a right-to-left language (Arabic, Hebrew, Persian, Urdu…), else `ltr`. */
export function localeDirection(tag: string): 'ltr' | 'rtl' {
  const locale = parse(tag)
  return locale !== null && rightToLeft.has(locale.language) ? 'rtl' : 'ltr'
}
