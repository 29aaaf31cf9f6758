import en from '../locales/en.js'
import type { ShippedLocale } from './match.js'
import type { Catalogue } from './types.js'

type Module = Promise<{ default: Catalogue }>

// English is bundled; every other catalogue is a chunk of its own, loaded the first time it is used.
const loaders: Record<Exclude<ShippedLocale, 'en'>, () => Module> = {
  es: () => import('../locales/es.js'),
  fr: () => import('../locales/fr.js'),
  de: () => import('../locales/de.js'),
  'pt-BR': () => import('../locales/pt-BR.js'),
  it: () => import('../locales/it.js'),
  pl: () => import('../locales/pl.js'),
  ru: () => import('../locales/ru.js'),
  uk: () => import('../locales/uk.js'),
  tr: () => import('../locales/tr.js'),
  ar: () => import('../locales/ar.js'),
  he: () => import('../locales/he.js'),
  hi: () => import('../locales/hi.js'),
  ja: () => import('../locales/ja.js'),
  ko: () => import('../locales/ko.js'),
  'zh-CN': () => import('../locales/zh-CN.js'),
  'zh-TW': () => import('../locales/zh-TW.js'),
  'en-XA': () => import('../locales/en-XA.js'),
}

const loaded = new Map<string, Catalogue>([['en', en]])
const loading = new Map<string, Promise<Catalogue | undefined>>()
const listeners = new Set<() => void>()
let version = 0

/** The catalogue of a shipped locale if it has loaded (English always has). */
export function loadedCatalogue(tag: string): Catalogue | undefined {
  return loaded.get(tag)
}

/**
 * Loads a shipped locale's catalogue once (later calls share the first); components under it
 * re-render when it arrives. A chunk that fails to load leaves English in place, and is tried
 * again on the next call.
 */
export function loadCatalogue(tag: string): Promise<Catalogue | undefined> {
  const ready = loaded.get(tag)
  if (ready) return Promise.resolve(ready)
  const load = Object.hasOwn(loaders, tag) ? loaders[tag as keyof typeof loaders] : undefined
  if (!load) return Promise.resolve(undefined)
  let pending = loading.get(tag)
  if (!pending) {
    pending = load().then(
      (module) => {
        loaded.set(tag, module.default)
        version += 1
        for (const listener of listeners) listener()
        return module.default
      },
      () => undefined,
    ).finally(() => loading.delete(tag))
    loading.set(tag, pending)
  }
  return pending
}

/** Changes each time a catalogue arrives (a `useSyncExternalStore` snapshot). */
export function cataloguesVersion(): number {
  return version
}

export function subscribeCatalogues(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
