import { useContext, useEffect, useMemo, useSyncExternalStore } from 'react'
import { cataloguesVersion, loadedPart, loadPart, subscribeCatalogues, type CataloguePartSource } from './catalogues.js'
import { LocaleContext } from './context.js'
import { BlockfeedContext } from '../react/context.js'
import { formatMessage, pluralForm, type MessageValues } from './format.js'
import { localeDirection, matchLocale } from './match.js'
import { mergeCatalogue, overridesFor, suppliedLocales } from './merge.js'
import { mainMessages } from './parts/main.js'
import type { MainPart, PluralMessage } from './types.js'

/** The active language for a component: its messages, and how to fill them. */
export interface Translator<M = MainPart> {
  readonly messages: M
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

/** English and every locale whose first-screen part can load. */
export const shippedLocales = ['en', ...Object.keys(mainMessages.load)]

// Matching parses every offered tag: done once per request and offer, not once per component.
const matched = new Map<string, string>()
function matchedTag(requested: string | readonly string[] | undefined, key: string, supplied: string): string {
  const id = `${key}|${supplied}`
  let tag = matched.get(id)
  if (tag === undefined) matched.set(id, (tag = matchLocale(requested, [...shippedLocales, ...(supplied ? supplied.split(',') : [])])))
  return tag
}

const subscribeLanguages = (onChange: () => void) => {
  window.addEventListener('languagechange', onChange)
  return () => window.removeEventListener('languagechange', onChange)
}
// As text: a snapshot must be the same value while nothing changed, and some browsers (Chromium with
// a locale override) hand out a new `navigator.languages` array on every read.
const browserLanguages = () => navigator.languages.join(',')
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
 * browser's languages; the provider's `messages` merged over them. A component of a lazily loaded
 * area names its part of the catalogue (`useMessages(locale, detailsMessages)`). Until another
 * locale's part has loaded (once, for every component), English shows.
 */
export function useMessages(locale?: string | readonly string[]): Translator<MainPart>
export function useMessages<P>(locale: string | readonly string[] | undefined, part: CataloguePartSource<P>): Translator<MainPart & P>
export function useMessages<P>(locale?: string | readonly string[], part?: CataloguePartSource<P>): Translator<MainPart & P> {
  const own = useContext(LocaleContext)
  const provided = useContext(BlockfeedContext)
  const settings = own ?? provided ?? {}
  const languages = useSyncExternalStore(subscribeLanguages, browserLanguages, noLanguages)
  const requested = locale ?? settings.locale ?? (languages ? languages.split(',') : undefined)
  const key = typeof requested === 'string' ? requested : requested?.join(',') ?? ''
  const supplied = suppliedLocales(settings.messages).join(',')
  const tag = matchedTag(requested, key, supplied)
  useSyncExternalStore(subscribeCatalogues, cataloguesVersion, cataloguesVersion)
  const main = loadedPart(tag, mainMessages)
  const extra = part && loadedPart(tag, part)
  useEffect(() => {
    if (!main) void loadPart(tag, mainMessages)
    if (part && !extra) void loadPart(tag, part)
  }, [tag, main, part, extra])
  const overrides = overridesFor(settings.messages, tag)
  return useMemo(() => {
    // Without a part, the main part alone: the overload gives such a caller no other namespace.
    const base = { ...(main ?? mainMessages.en), ...(part ? extra ?? part.en : {}) } as MainPart & P
    const messages = mergeCatalogue(base, overrides)
    const shown = main || overrides ? tag : 'en'
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
  }, [main, extra, part, overrides, tag, key])
}
