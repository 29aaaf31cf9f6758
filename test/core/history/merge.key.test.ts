import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalTime } from '../../../src/core/history/merge.js'

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
    const d = (n: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((a) => a.join(''))
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
    for (const s of ['2023-02-29T00:00:00.000Z', '2024-01-01T24:00:00.000Z', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000+01:00', '+010000-01-01T00:00:00.000Z']) {
      expect(canonicalTime(s)).toBeNaN()
    }
  })
})
