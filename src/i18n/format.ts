import type { PluralMessage } from './types.js'

/** What a `{placeholder}` is filled with: text as it is, a number in the locale's digits and separators. */
export type MessageValues = Readonly<Record<string, string | number | bigint>>

// One formatter per locale and kind: building an Intl formatter costs far more than using one.
const numberFormats = new Map<string, Intl.NumberFormat>()
const pluralRules = new Map<string, Intl.PluralRules>()

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let value = cache.get(locale)
  if (value === undefined) cache.set(locale, (value = make()))
  return value
}

export function formatNumber(value: number | bigint, locale: string): string {
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value)
}

/** The sentence of a plural message for `count`, by the language's own rules (Russian's 1 / 2 / 5 / 21, Arabic's six forms). */
export function pluralForm(message: PluralMessage, count: number, locale: string): string {
  const category = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count)
  return message[category] ?? message.other
}

/** `template` with each `{name}` replaced by `values[name]` (numbers formatted); an unknown name stays as written. */
export function formatMessage(template: string, values: MessageValues | undefined, locale: string): string {
  if (!values) return template
  return template.replace(/\{(\w+)\}/g, (all, name: string) => {
    if (!Object.hasOwn(values, name)) return all
    const value = values[name]!
    return typeof value === 'string' ? value : formatNumber(value, locale)
  })
}
