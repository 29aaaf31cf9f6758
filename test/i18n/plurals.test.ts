/**
 * Counted messages in languages with more forms than English: the sentence for each count comes
 * from the language's own plural rules (Intl.PluralRules) and the number from Intl.NumberFormat.
 */
import { describe, expect, it } from 'vitest'
import { formatMessage, pluralForm } from '../../src/i18n/format.js'
import type { PluralMessage } from '../../src/i18n/types.js'
import { mainMessages } from '../../src/i18n/parts/main.js'
import { liveMessages } from '../../src/i18n/parts/live.js'

const counts = [0, 1, 2, 5, 21, 101]
const say = (message: PluralMessage, n: number, locale: string, values = {}) => formatMessage(pluralForm(message, n, locale), { count: n, ...values }, locale)
/** The sentence with its number taken out: which form was chosen. */
const form = (text: string, n: number, locale: string) => text.replace(new Intl.NumberFormat(locale).format(n), '#')

async function messages(tag: string) {
  const main = (await mainMessages.load[tag]!()).default
  const live = (await liveMessages.load[tag]!()).default
  return { spam: main.feed.spamHidden, arrivals: main.feed.newArrivals, confirmations: live.pending.confirmations }
}

describe('plural forms', () => {
  it('Russian: 1 and 21 take one form, 2 another, 5 a third (транзакция / транзакции / транзакций)', async () => {
    const { spam } = await messages('ru')
    const forms = counts.map((n) => form(say(spam, n, 'ru'), n, 'ru'))
    const [zero, one, two, five, twentyOne, hundredOne] = forms
    expect(one).toBe(twentyOne)
    expect(one).toBe(hundredOne)
    expect(new Set([one, two, five]).size).toBe(3)
    expect(zero).toBe(five)
    expect(say(spam, 21, 'ru')).toMatch(/^21 /)
    expect(say(spam, 5, 'ru')).toContain('транзакций')
    expect(say(spam, 2, 'ru')).toContain('транзакции')
    expect(say(spam, 21, 'ru')).toContain('транзакция')
  })

  it('Polish: 1, then 2 (and 22), then 5 and 21 each have their own form', async () => {
    const { arrivals } = await messages('pl')
    const f = (n: number) => form(say(arrivals, n, 'pl'), n, 'pl')
    expect(new Set([f(1), f(2), f(5)]).size).toBe(3)
    expect(f(21)).toBe(f(5))
    expect(f(22)).toBe(f(2))
    expect(f(101)).toBe(f(5))
  })

  it('Arabic: 0, 1, 2, 5, 21 and 101 each take the form of their own category of six; one and two say the number in words', async () => {
    const { spam, confirmations } = await messages('ar')
    const categories = counts.map((n) => new Intl.PluralRules('ar').select(n))
    expect(categories).toEqual(['zero', 'one', 'two', 'few', 'many', 'other'])
    for (const message of [spam, confirmations]) {
      counts.forEach((n, i) => expect(say(message, n, 'ar', { target: 12 })).toBe(formatMessage(message[categories[i]!]!, { count: n, target: 12 }, 'ar')))
    }
    // Dual and singular are words of their own ("معاملتان", "معاملة واحدة"); 3–10 take the plural, 11 and up the singular.
    expect(new Set(counts.map((n) => form(say(spam, n, 'ar'), n, 'ar'))).size).toBeGreaterThanOrEqual(4)
    expect(say(spam, 1, 'ar')).not.toContain('1')
    expect(say(spam, 21, 'ar')).toContain(new Intl.NumberFormat('ar').format(21))
  })

  it('Japanese: one form for every count, the number in it', async () => {
    const { spam, arrivals } = await messages('ja')
    expect(new Set(counts.map((n) => form(say(spam, n, 'ja'), n, 'ja'))).size).toBe(1)
    for (const n of counts) expect(say(arrivals, n, 'ja')).toContain(String(n))
  })

  it('English: 1 and the rest, the number grouped', () => {
    expect(say(mainMessages.en.feed.spamHidden, 1, 'en')).toBe('1 transaction hidden as possible spam')
    expect(say(mainMessages.en.feed.spamHidden, 1021, 'en')).toBe('1,021 transactions hidden as possible spam')
  })
})
