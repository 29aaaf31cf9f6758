/**
 * Every shipped catalogue against English, the source of keys: the same keys in each part, the
 * same placeholders, and exactly the plural categories `Intl.PluralRules` gives the language.
 */
import { describe, expect, it } from 'vitest'
import { detailsMessages } from '../../src/i18n/parts/details.js'
import { exportMessages } from '../../src/i18n/parts/export.js'
import { liveMessages } from '../../src/i18n/parts/live.js'
import { mainMessages } from '../../src/i18n/parts/main.js'
import type { CataloguePartSource } from '../../src/i18n/catalogues.js'

const parts = [mainMessages, detailsMessages, liveMessages, exportMessages] as CataloguePartSource<object>[]
const translated = ['es', 'fr', 'de', 'pt-BR', 'it', 'pl', 'ru', 'uk', 'tr', 'ar', 'he', 'hi', 'ja', 'ko', 'zh-CN', 'zh-TW']
const pluralKeys = new Set(['zero', 'one', 'two', 'few', 'many', 'other'])

type Tree = { [key: string]: string | Tree }
const isPlural = (v: string | Tree): v is Tree => typeof v === 'object' && 'other' in v && Object.keys(v).every((k) => pluralKeys.has(k))
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort()

/** Every message as [path, English, translation]. */
function pairs(en: Tree, other: Tree, path = ''): [string, string | Tree, string | Tree | undefined][] {
  return Object.entries(en).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key
    return typeof value === 'object' && !isPlural(value) ? pairs(value, (other?.[key] ?? {}) as Tree, at) : [[at, value, other?.[key]] as [string, string | Tree, string | Tree | undefined]]
  })
}
function keys(tree: Tree, path = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && !isPlural(v) ? keys(v, path ? `${path}.${k}` : k) : [path ? `${path}.${k}` : k]))
}

const loaded = await Promise.all(
  translated.map(async (tag) => [tag, await Promise.all(parts.map(async (p) => ({ part: p.name, en: p.en as Tree, messages: (await p.load[tag]!()).default as Tree })))] as const),
)

describe.each(loaded)('%s', (tag, catalogue) => {
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories.slice().sort()

  it('has every key of English and no other, in every part', () => {
    for (const { en, messages } of catalogue) expect(keys(messages).sort()).toEqual(keys(en).sort())
  })

  it('keeps the placeholders of each English message; plural messages have exactly the language’s categories', () => {
    const wrong: string[] = []
    for (const { part, en, messages } of catalogue) {
      for (const [path, english, theirs] of pairs(en, messages)) {
        if (typeof english === 'string') {
          if (typeof theirs !== 'string' || placeholders(theirs).join() !== placeholders(english).join()) wrong.push(`${part}:${path}: ${JSON.stringify(theirs)}`)
          continue
        }
        if (typeof theirs !== 'object' || Object.keys(theirs).sort().join() !== categories.join()) {
          wrong.push(`${part}:${path}: categories ${Object.keys(theirs ?? {}).join()} (want ${categories.join()})`)
          continue
        }
        // Every form names what the English one names; `{count}` may be said in words (Arabic's "one", "two").
        const wanted = placeholders((english as Tree).other as string).filter((p) => p !== 'count')
        for (const [category, form] of Object.entries(theirs)) {
          const got = placeholders(form as string)
          if (wanted.some((p) => !got.includes(p)) || got.some((p) => p !== 'count' && !wanted.includes(p))) wrong.push(`${part}:${path}.${category}: ${JSON.stringify(form)}`)
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it('holds no direction-changing control characters (data is isolated by the components, not by the text)', () => {
    const text = JSON.stringify(catalogue.map((c) => c.messages))
    expect(text).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/)
  })

  it('is translated: most of its messages differ from English', () => {
    const all = catalogue.flatMap(({ en, messages }) => pairs(en, messages))
    const same = all.filter(([, english, theirs]) => JSON.stringify(english) === JSON.stringify(theirs))
    expect(same.length / all.length).toBeLessThan(0.15)
  })
})

describe('en-XA (pseudo-locale)', () => {
  it('changes every message, keeps its placeholders, brackets it and makes it longer', async () => {
    for (const part of parts) {
      const pseudo = (await part.load['en-XA']!()).default as Tree
      for (const [path, english, theirs] of pairs(part.en as Tree, pseudo)) {
        const forms = typeof english === 'string' ? [[english, theirs as string]] : Object.keys(english).map((k) => [(english as Tree)[k] as string, (theirs as Tree)[k] as string])
        for (const [e, p] of forms) {
          expect(p, path).toMatch(/^\[.*\]$/s)
          expect(placeholders(p!), path).toEqual(placeholders(e!))
          expect(p!.length, path).toBeGreaterThan(e!.length)
          // No English word of three letters or more survives outside the placeholders.
          const word = e!.replace(/\{\w+\}/g, '').split(/\s+/).find((w) => /^[a-z]{3,}$/i.test(w))
          if (word) expect(p!.replace(/\{\w+\}/g, ''), path).not.toContain(word)
        }
      }
    }
  })
})

describe('overrides of a later part', () => {
  it('every namespace of the parts loaded later is known as one, so overrides of only those are not read as locale tags', async () => {
    const { laterNamespaces } = await import('../../src/i18n/merge.js')
    const later = [detailsMessages, liveMessages, exportMessages].flatMap((p) => Object.keys(p.en)).sort()
    expect([...laterNamespaces].sort()).toEqual(later)
  })
})
