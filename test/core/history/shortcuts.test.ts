import fc from 'fast-check'
import { looseObject } from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { compileReader } from '../../../src/core/history/compile'
import {
  blockHashOfEntry,
  blockNumberOfEntry,
  direction,
  flag,
  intText,
  list,
  optHexData,
  optIntText,
  optSharedText,
  optText,
  optTimestamp,
  sharedText,
  text,
  timestampOfEntry,
  txHashOfEntry,
} from '../../../src/core/history/fields'

// The compiled reader skips a field reader's call for values its shortcut covers (null, text
// already in form, decimal text, a list that is a list). For any value, it must give what zod
// gives by calling the reader: the same model, or a refusal where zod reports an issue.
const schema = looseObject({
  intText,
  optIntText,
  text,
  optText,
  sharedText,
  optSharedText,
  optHexData,
  flag,
  optTimestamp,
  txHashOfEntry,
  blockHashOfEntry,
  blockNumberOfEntry,
  timestampOfEntry,
  direction,
  list: list(looseObject({ n: optIntText })),
})
const keys = Object.keys(schema.def.shape)

const value = fc.oneof(
  fc.constantFrom(null, undefined, '', '0', '007', '12', ' 1', '1.5', '-1', 'true', 'no', 'send', 'constructor', '0x', '2024-01-01T00:00:00.000Z', '1700000000', true, false, 0, 1, 42, -3, 1.5, 2 ** 60),
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^\d{1,20}$/),
  fc.stringMatching(/^0x[0-9a-f]{9,42}$/),
  fc.integer({ min: 0, max: 5000 }),
  fc.array(fc.record({ n: fc.constantFrom('1', 2, null, 'x') }), { maxLength: 2 }),
  fc.constant({}),
)

describe('field shortcuts of the compiled reader', () => {
  // One field per object, so a value one reader refuses does not hide what another gives.
  it.each(keys)('%s gives what its reader gives, for any value, copying and in place', (key) => {
    const one = looseObject({ [key]: schema.def.shape[key as keyof typeof schema.def.shape] })
    const copying = compileReader(one)
    const inPlace = compileReader(one, { inPlace: true })
    fc.assert(
      fc.property(value, (v) => {
        const input = () => (v === undefined ? {} : { [key]: structuredClone(v) })
        const zod = one.safeParse(input())
        const expected = zod.success ? zod.data : undefined
        expect(copying(input())).toEqual(expected)
        expect(inPlace(input())).toEqual(expected)
      }),
      { numRuns: 400 },
    )
  })
})
