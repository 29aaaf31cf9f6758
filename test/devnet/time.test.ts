import fc from 'fast-check'
import { civilIso, isoTimestamp } from '../../src/devnet/time.js'

// Date's own text, in the expanded-year form civilIso always writes.
const expanded = (iso: string) => (iso.startsWith('+') ? iso : `+00${iso}`)

it('the BigInt civil date agrees with Date over its whole range', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 8_640_000_000_000n }), (s) => {
      expect(civilIso(s)).toBe(expanded(new Date(Number(s) * 1000).toISOString()))
    }),
    { numRuns: 2000 },
  )
  for (const s of [0n, 951_782_400n /* 2000-02-29 */, 253_402_300_799n /* 9999-12-31T23:59:59 */, 8_640_000_000_000n]) {
    expect(civilIso(s)).toBe(expanded(new Date(Number(s) * 1000).toISOString()))
  }
})

it('writes timestamps Date cannot hold, up to uint64', () => {
  expect(isoTimestamp(1_700_000_000n)).toBe('2023-11-14T22:13:20.000Z')
  expect(isoTimestamp(10n ** 13n)).toMatch(/^\+318857-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/)
  expect(isoTimestamp(2n ** 64n - 1n)).toMatch(/^\+\d{12}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/)
})
