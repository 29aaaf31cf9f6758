import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalTime, mergedWalletHistoryPages } from '../../../src/core/history/merge.js'
import { specEntry } from './fixtures.js'

// The merge reads the reader's timestamp form by arithmetic instead of Date.parse; it must agree with Date.parse exactly.
const YEAR_9999_END = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

describe('canonicalTime (the merge’s sort time)', () => {
  it('equals Date.parse for every instant the reader writes as YYYY-MM-DDTHH:MM:SS.sssZ', () => {
    fc.assert(
      fc.property(fc.integer({ min: new Date('0000-01-01T00:00:00.000Z').getTime(), max: YEAR_9999_END }), (ms) => {
        const text = new Date(ms).toISOString()
        expect(canonicalTime(text)).toBe(Date.parse(text))
        expect(canonicalTime(text)).toBe(ms)
      }),
      { numRuns: 2000 },
    )
  })

  it('is Date.parse or NaN (then Date.parse decides) for any text of that shape, impossible dates included', () => {
    // Mostly digits; now and then a character just outside 0–9 ('/' and ':'), a letter or a space.
    const ch = fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...'0123456789') }, { weight: 1, arbitrary: fc.constantFrom('/', ':', 'a', ' ', '-') })
    const d = (n: number) => fc.array(ch, { minLength: n, maxLength: n }).map((a) => a.join(''))
    const sep = (c: string) => fc.oneof({ weight: 9, arbitrary: fc.constant(c) }, { weight: 1, arbitrary: fc.constantFrom('-', 'T', ':', '.', 'Z', ' ', '0') })
    const text = fc.tuple(d(4), sep('-'), d(2), sep('-'), d(2), sep('T'), d(2), sep(':'), d(2), sep(':'), d(2), sep('.'), d(3), sep('Z')).map((p) => p.join(''))
    fc.assert(
      fc.property(text, (s) => {
        const t = canonicalTime(s)
        if (!Number.isNaN(t)) expect(t).toBe(Date.parse(s))
      }),
      { numRuns: 5000 },
    )
    for (const s of ['2024-02-29T23:59:59.999Z', '2000-02-29T00:00:00.000Z', '1970-01-01T00:00:00.000Z']) expect(canonicalTime(s)).toBe(Date.parse(s))
    // Not the reader's form: left to Date.parse.
    for (const s of ['2023-02-29T00:00:00.000Z', '2024-01-01T24:00:00.000Z', '202/-01-01T00:00:00.000Z', '2024-01-01T00:00:00.00:Z', '2024-0:-01T00:00:00.000Z', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000+01:00', '+010000-01-01T00:00:00.000Z']) {
      expect(canonicalTime(s)).toBeNaN()
    }
  })
})

describe('the merge’s record of hashes seen on a chain', () => {
  const A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
  const entry = (hash: string, second: number) =>
    specEntry({ hash, block_number: String(100 - second), block_timestamp: new Date(Date.UTC(2024, 0, 1, 0, 0, 60 - second)).toISOString(), transaction_index: '0' })

  it('keeps two different hashes that fold to one number, and drops a repeat after that', async () => {
    // "1@" and "2!" fold alike (49·31 + 64 = 50·31 + 33): the fold is a shortcut, never the identity.
    const pages = [
      { result: [entry('0xaa1@', 1), entry('0xaa2!', 2)], cursor: 'p2' },
      { result: [entry('0xaa2!', 2), entry('0xaa1@', 1), entry('0xbb', 3)], cursor: '' },
    ]
    let n = 0
    const source = { getWalletHistory: async () => pages[n++]! as never }
    const seen: string[] = []
    for await (const page of mergedWalletHistoryPages(source, { address: A, chains: ['eth'], limit: 10 })) seen.push(...page.entries.map((e) => e.hash), ...page.late.map((e) => e.hash))
    expect(seen).toEqual(['0xaa1@', '0xaa2!', '0xbb'])
  })
})
