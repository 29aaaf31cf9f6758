const warned = new Set<string>()

function warnOnce(tag: string) {
  // Bundlers replace `process.env.NODE_ENV`; a page without one has no `process`, and is told.
  let production = false
  try {
    production = process.env.NODE_ENV === 'production'
  } catch {}
  if (production || warned.has(tag)) return
  warned.add(tag)
  console.warn(`blockfeed: no catalogue for the locale ${JSON.stringify(tag)}; showing English.`)
}

function parse(tag: string): Intl.Locale | null {
  try {
    return new Intl.Locale(tag)
  } catch {
    return null
  }
}

/**
 * The catalogue for the requested locales (in order of preference) among `available`: the same
 * language and region, else the same language and script (`zh-HK` → `zh-TW`, `pt` → `pt-BR`), else
 * the same language, else English. An unknown or malformed tag is never an error: one warning in
 * development. An empty tag is no preference.
 */
export function matchLocale(requested: string | readonly string[] | null | undefined, available: readonly string[]): string {
  const offered = available.flatMap((tag) => {
    const locale = parse(tag)
    return locale ? [{ tag, locale, full: locale.maximize() }] : []
  })
  for (const raw of typeof requested === 'string' ? [requested] : requested ?? []) {
    if (raw === '') continue
    const wanted = typeof raw === 'string' ? parse(raw.trim()) : null
    const full = wanted?.maximize()
    const same = offered.filter((o) => o.locale.language === wanted?.language)
    const script = same.filter((o) => o.full.script === full?.script)
    // The language alone ("pt", "zh-Hant") prefers the catalogue written for its likeliest region.
    const found =
      same.find((o) => o.locale.baseName.toLowerCase() === wanted!.baseName.toLowerCase()) ??
      script.find((o) => o.full.region === full!.region) ??
      script.find((o) => !o.locale.region) ??
      script[0] ??
      (full?.script === undefined ? same[0] : undefined)
    if (found) return found.tag
    warnOnce(String(raw))
  }
  return 'en'
}

// Languages written right to left (ISO 639), for a catalogue an app supplies as well as ours.
const rightToLeft = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug', 'syr'])

/** `rtl` for a right-to-left language (Arabic, Hebrew, Persian, Urdu…), else `ltr`. */
export function localeDirection(tag: string): 'ltr' | 'rtl' {
  return rightToLeft.has(parse(tag)?.language ?? '') ? 'rtl' : 'ltr'
}
