import fc from 'fast-check'
import { looseObject } from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { compileSchema } from './tablesOf'
import { transactionEntrySchema } from '../../../src/core/history/schema'
import { specEntry } from './fixtures'
import {
  blockHashOfEntry,
  entryBlockHash,
  entryBlockNumber,
  entryHash,
  entryTimestamp,
  entryValue,
  valueOfEntry,
  blockNumberOfEntry,
  direction,
  flag,
  intText,
  list,
  optHexData,
  optIntText,
  optSharedText,
  optText,
  sharedText,
  timestampOfEntry,
  txHashOfEntry,
} from '../../../src/core/history/fields'

// The compiled reader skips a field reader's call for values its shortcut covers (null, text
// already in form, decimal text, a list that is a list). For any value, it must give what zod
// gives by calling the reader: the same model, or a refusal where zod reports an issue.
const schema = looseObject({
  intText,
  optIntText,
  optText,
  sharedText,
  optSharedText,
  optHexData,
  flag,
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
    const copying = compileSchema(one)
    const inPlace = compileSchema(one, { inPlace: true })
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

describe('the plural ERC-20 key, read where it stands', () => {
  // The entry's first step moves `erc20_transfers` to `erc20_transfer` (a copy of the entry); the
  // compiled reader reads the plural key in place of the other instead. Same model as zod's for
  // any mix of the two keys (missing, null, lists, wrong values) and extra fields.
  const transfer = (specEntry().erc20_transfer as Record<string, unknown>[])[0]!
  const list = fc.constantFrom(undefined, null, [], [transfer], [{ ...transfer, direction: 'out' }], 'text', {})
  const copying = compileSchema(transactionEntrySchema)
  const inPlace = compileSchema(transactionEntrySchema, { inPlace: true })

  it('gives what zod gives, copying (key order included) and in place', () => {
    fc.assert(
      fc.property(list, list, fc.boolean(), fc.boolean(), (singular, plural, pluralFirst, extra) => {
        const { erc20_transfer: _, ...rest } = specEntry()
        const keys: Record<string, unknown> = {}
        if (pluralFirst && plural !== undefined) keys.erc20_transfers = plural
        if (singular !== undefined) keys.erc20_transfer = singular
        if (!pluralFirst && plural !== undefined) keys.erc20_transfers = plural
        const entry = { ...rest, ...keys, ...(extra ? { surprise: [1] } : {}) }
        // As from JSON: no object reached twice (normalizing one in place would change the other).
        const input = () => JSON.parse(JSON.stringify(entry))
        const zod = transactionEntrySchema.safeParse(input())
        const expected = zod.success ? zod.data : undefined
        expect(JSON.stringify(copying(input()))).toBe(JSON.stringify(expected))
        expect(inPlace(input())).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })
})

describe('text an entry field remembers, repeated by a later field', () => {
  // The entry's hash, block, time and value are kept by the compiled reader as their readers give
  // them; a later field holding the very same text takes it without a call. For any mix of values
  // (equal, different, wrong, missing), the model is zod's, or both refuse.
  const entryFields = looseObject({
    hash: entryHash,
    block_number: entryBlockNumber,
    block_hash: entryBlockHash,
    block_timestamp: entryTimestamp,
    value: entryValue,
    list: list(looseObject({ tx: txHashOfEntry, bn: blockNumberOfEntry, bh: blockHashOfEntry, ts: timestampOfEntry, v: valueOfEntry })),
  })
  const texts = fc.constantFrom(undefined, null, '', '12', '0x', '0xab', 'x', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00Z', '1700000000', 7, 2 ** 60)
  const copying = compileSchema(entryFields)
  const inPlace = compileSchema(entryFields, { inPlace: true })

  it('gives what zod gives, copying and in place', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(texts, texts, texts, texts, texts), { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(fc.nat(4), texts), { maxLength: 4 }), (rows, swaps) => {
        const entries = rows.map(([hash, bn, bh, ts, value]) => {
          const item: Record<string, unknown> = { tx: hash, bn, bh, ts, v: value }
          // Some fields of the item differ from the entry's.
          for (const [k, v] of swaps) item[['tx', 'bn', 'bh', 'ts', 'v'][k]!] = v
          return { hash, block_number: bn, block_hash: bh, block_timestamp: ts, value, list: [item, { ...item }] }
        })
        for (const e of entries) {
          const input = () => JSON.parse(JSON.stringify(e))
          const zod = entryFields.safeParse(input())
          const expected = zod.success ? zod.data : undefined
          expect(copying(input())).toEqual(expected)
          expect(inPlace(input())).toEqual(expected)
        }
      }),
      { numRuns: 400 },
    )
  })
})
