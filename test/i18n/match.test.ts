import { afterEach, describe, expect, it, vi } from 'vitest'
import { localeDirection, matchLocale } from '../../src/i18n/match.js'
import { shippedLocales } from '../../src/i18n/useMessages.js'

afterEach(() => vi.restoreAllMocks())

describe('matchLocale: which catalogue a requested locale gets', () => {
  it.each([
    ['de-AT', 'de'],
    ['de', 'de'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['en-GB', 'en'],
    ['iw', 'he'],
    ['ar-EG', 'ar'],
    ['en-XA', 'en-XA'],
  ])('%s → %s', (requested, tag) => {
    expect(matchLocale(requested, shippedLocales)).toBe(tag)
  })

  it('takes the first of a list that has a catalogue', () => {
    expect(matchLocale(['xx', 'fr-CA', 'de'], shippedLocales)).toBe('fr')
  })

  it('an unknown, empty or malformed tag is English, never an error, with one warning per tag in development', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(matchLocale('xx-YY', shippedLocales)).toBe('en')
    expect(matchLocale('xx-YY', shippedLocales)).toBe('en')
    expect(matchLocale('', shippedLocales)).toBe('en')
    expect(matchLocale('en_US!!', shippedLocales)).toBe('en')
    expect(matchLocale(undefined, shippedLocales)).toBe('en')
    expect(matchLocale([42 as unknown as string], shippedLocales)).toBe('en')
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'blockfeed: no catalogue for the locale "xx-YY"; showing English.',
      'blockfeed: no catalogue for the locale "en_US!!"; showing English.',
      'blockfeed: no catalogue for the locale "42"; showing English.',
    ])
  })

  it('an app’s own catalogue adds a language (Persian), written right to left', () => {
    expect(matchLocale('fa-IR', [...shippedLocales, 'fa'])).toBe('fa')
    expect(localeDirection('fa')).toBe('rtl')
    expect(['ar', 'he', 'de', 'zh-TW'].map(localeDirection)).toEqual(['rtl', 'rtl', 'ltr', 'ltr'])
  })
})
