import { intlFormatter } from './intl.js'
import type { PluralMessage } from './types.js'

/** What a `{placeholder}` is filled with: text as it is, a number in the locale's digits and separators. */
export type MessageValues = Readonly<Record<string, string | number | bigint>>

export function formatNumber(value: number | bigint, locale: string): string {
  return intlFormatter(Intl.NumberFormat, locale, {}).format(value)
}

/** The sentence of a plural message for `count`, by the language's own rules (Russian's 1 / 2 / 5 / 21, Arabic's six forms). */
export function pluralForm(message: PluralMessage, count: number, locale: string): string {
  const category = intlFormatter(Intl.PluralRules, locale, {}).select(count)
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
