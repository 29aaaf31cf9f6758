import type { Catalogue, CatalogueOverrides, MessagesOption } from './types.js'
import en from '../locales/en.js'

type Tree = { readonly [key: string]: unknown }

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value)

const pluralCategories = new Set(['zero', 'one', 'two', 'few', 'many', 'other'])

/** A plural message: every key a plural category (`row.titles`, which has an `other` title, is not one). */
export const isPluralMessage = (value: unknown): boolean => isTree(value) && 'other' in value && Object.keys(value).every((key) => pluralCategories.has(key))

/** A catalogue with some of its messages replaced; a plural message is replaced whole. */
export function mergeCatalogue(base: Catalogue, overrides: CatalogueOverrides | undefined): Catalogue {
  return overrides ? (mergeTree(base as Tree, overrides as Tree) as Catalogue) : base
}

function mergeTree(base: Tree, over: Tree): Tree {
  const out: Record<string, unknown> = { ...base }
  for (const key of Object.keys(over)) {
    // Only keys the catalogue has: an override cannot add a message, or reach `__proto__`.
    if (!Object.hasOwn(base, key)) continue
    const from = base[key]
    const to = over[key]
    out[key] = isTree(from) && isTree(to) && !isPluralMessage(from) ? mergeTree(from, to) : typeof to === typeof from || isTree(to) ? to : from
  }
  return out
}

/** True when `messages` is overrides for the active locale rather than a map of locale tags. */
function isOverrides(messages: MessagesOption): messages is CatalogueOverrides {
  return Object.keys(messages).some((key) => Object.hasOwn(en, key))
}

/** The overrides that apply to `tag`, and the extra locales `messages` brings (its tags). */
export function overridesFor(messages: MessagesOption | undefined, tag: string): CatalogueOverrides | undefined {
  if (!messages) return undefined
  if (isOverrides(messages)) return messages
  return Object.hasOwn(messages, tag) ? (messages as Record<string, CatalogueOverrides>)[tag] : undefined
}

export function suppliedLocales(messages: MessagesOption | undefined): string[] {
  return messages && !isOverrides(messages) ? Object.keys(messages) : []
}
