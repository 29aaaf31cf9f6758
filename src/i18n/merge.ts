import type { CatalogueOverrides, MessagesOption } from './types.js'
import { mainMessages } from './parts/main.js'

type Tree = { readonly [key: string]: unknown }

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value)

const pluralCategories = new Set(['zero', 'one', 'two', 'few', 'many', 'other'])

/** A plural message: every key a plural category (`row.titles`, which has an `other` title, is not one). */
export const isPluralMessage = (value: unknown): boolean => isTree(value) && 'other' in value && Object.keys(value).every((key) => pluralCategories.has(key))

/** A catalogue with some of its messages replaced; a plural message is replaced whole. */
export function mergeCatalogue<T extends object>(base: T, overrides: CatalogueOverrides | undefined): T {
  return overrides ? (mergeTree(base as Tree, overrides as Tree) as T) : base
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

// The namespaces of the parts loaded later (their English is not in the first load): overrides of
// only those are overrides too, not locale tags.
export const laterNamespaces = new Set(['rowDetails', 'transfer', 'address', 'details', 'events', 'approvals', 'pending', 'tracked', 'notices', 'export', 'csv'])

/** True when `messages` is overrides for the active locale rather than a map of locale tags: any key is a namespace. */
function isOverrides(messages: MessagesOption): messages is CatalogueOverrides {
  return Object.keys(messages).some((key) => Object.hasOwn(mainMessages.en, key) || laterNamespaces.has(key))
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
