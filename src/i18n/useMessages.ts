import { useContext, useEffect, useMemo, useSyncExternalStore } from 'react'
import { cataloguesVersion, loadCatalogue, loadedCatalogue, subscribeCatalogues } from './catalogues.js'
import { LocaleContext } from './context.js'
import { formatMessage, pluralForm, type MessageValues } from './format.js'
import { localeDirection, matchLocale, shippedLocales } from './match.js'
import { mergeCatalogue, overridesFor, suppliedLocales } from './merge.js'
import type { Catalogue, PluralMessage } from './types.js'
import en from '../locales/en.js'

/** The active language for a component: its messages, and how to fill them. */
export interface Translator {
  readonly messages: Catalogue
  /** The catalogue's tag (`de`), or `en` until a lazily loaded one arrives. */
  readonly tag: string
  /** The tag Intl formats numbers and dates with: the one asked for (`de-AT`, or `nl` that has no catalogue). */
  readonly locale: string
  readonly dir: 'ltr' | 'rtl'
  format(template: string, values?: MessageValues): string
  /** The plural message's sentence for `count`, filled (`{count}` in the locale's digits). */
  plural(message: PluralMessage, count: number, values?: MessageValues): string
  /** The plural message's sentence for `count`, unfilled (for placeholders that are nodes). */
  pluralForm(message: PluralMessage, count: number): string
}

const subscribeLanguages = (onChange: () => void) => {
  window.addEventListener('languagechange', onChange)
  return () => window.removeEventListener('languagechange', onChange)
}
const browserLanguages = () => navigator.languages
// The server knows no browser: it renders the default, and so does the hydrating client.
const noLanguages = () => undefined

function parseable(tag: string): string | null {
  try {
    return new Intl.Locale(tag).baseName
  } catch {
    return null
  }
}

/**
 * The messages for a component: its own `locale` first, then `BlockfeedProvider`'s, then the
 * browser's languages; the provider's `messages` merged over them. Until another locale's
 * catalogue has loaded (once, for every component), English shows.
 */
export function useMessages(locale?: string | readonly string[]): Translator {
  const settings = useContext(LocaleContext)
  const languages = useSyncExternalStore(subscribeLanguages, browserLanguages, noLanguages)
  const requested = locale ?? settings.locale ?? languages
  const key = typeof requested === 'string' ? requested : requested?.join(',') ?? ''
  const supplied = suppliedLocales(settings.messages)
  const tag = useMemo(() => matchLocale(requested, supplied.length ? [...shippedLocales, ...supplied] : shippedLocales), [key, supplied.join(',')])
  useSyncExternalStore(subscribeCatalogues, cataloguesVersion, cataloguesVersion)
  const base = loadedCatalogue(tag)
  useEffect(() => {
    if (!base) void loadCatalogue(tag)
  }, [tag, base])
  const overrides = overridesFor(settings.messages, tag)
  return useMemo(() => {
    const messages = mergeCatalogue(base ?? en, overrides)
    const shown = base || overrides ? tag : 'en'
    // Numbers and dates follow the tag asked for even where words cannot (no catalogue for `nl`: Dutch dates, English words).
    const asked = (typeof requested === 'string' ? [requested] : requested ?? []).map(parseable).filter((t) => t !== null)
    const intl = asked.find((t) => t.split('-')[0] === tag.split('-')[0]) ?? asked[0] ?? tag
    return {
      messages,
      tag: shown,
      locale: intl,
      dir: localeDirection(shown),
      format: (template, values) => formatMessage(template, values, intl),
      plural: (message, count, values) => formatMessage(pluralForm(message, count, intl), { count, ...values }, intl),
      pluralForm: (message, count) => pluralForm(message, count, intl),
    }
  }, [base, overrides, tag, key])
}
