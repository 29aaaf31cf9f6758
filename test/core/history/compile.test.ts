import { describe, expect, it } from 'vitest'
import { compileSchema } from './tablesOf'
import { walletHistoryPageSchema, readWalletHistoryPage } from '../../../src/core/history/schema'
// @ts-expect-error plain ESM fixture module without types
import { makeHistoryPage, makeWallet } from '../../bench/history-fixture.mjs'
// @ts-expect-error plain ESM fixture module without types
import { makeHostedPage } from '../../bench/history-http.mjs'
// @ts-expect-error plain ESM fixture module without types
import { makePage } from '../../bench/page-fixture.mjs'
import { specEntry, specPage } from './fixtures'

const bodies = () => {
  const entry = specEntry()
  const transfer = (entry.erc20_transfer as Record<string, unknown>[])[0]!
  return [
    specPage(),
    makeHistoryPage(makeWallet(5), { entries: 40 }),
    makeHostedPage(30, 2),
    specPage([{ ...entry, surprise: { nested: [1, 'two'] }, erc20_transfer: [{ ...transfer, extra: 'kept' }] }]),
    specPage([{ ...entry, nonce: 7, possible_spam: 'true', input: '', summary: '', to_address_label: '' }]),
  ]
}

describe('compileReader', () => {
  const read = compileSchema(walletHistoryPageSchema)
  const inPlace = compileSchema(walletHistoryPageSchema, { inPlace: true })

  it('reads a realistic page exactly as zod does, key order included', () => {
    for (const seed of [1, 2, 3]) {
      const body = JSON.parse(JSON.stringify(makePage(100, seed)))
      const viaZod = walletHistoryPageSchema.parse(body)
      const fast = read(body)
      expect(fast).toEqual(viaZod)
      expect(JSON.stringify(fast)).toBe(JSON.stringify(viaZod))
    }
  })

  it('gives the model zod gives, copying (key order included) or in place', () => {
    for (const body of bodies()) {
      const expected = walletHistoryPageSchema.parse(structuredClone(body))
      expect(JSON.stringify(read(structuredClone(body)))).toBe(JSON.stringify(expected))
      expect(inPlace(structuredClone(body))).toEqual(expected)
    }
  })

  it('keeps unknown fields, like the zod schema', () => {
    const body = JSON.parse(JSON.stringify(makePage(2)))
    body.result[0].contract_interactions = { approvals: [] }
    body.result[1].erc20_transfer = [{ address: '0xt', value: '1', surprise: true }]
    const fast = read(body)!
    expect(fast.result[0]!.contract_interactions).toEqual({ approvals: [] })
    expect((fast.result[1]!.erc20_transfer[0] as Record<string, unknown>).surprise).toBe(true)
    expect(fast).toEqual(walletHistoryPageSchema.parse(body))
  })

  it('builds objects with extra keys of any name: array-index-like keys and the plural ERC-20 key as zod does, "__proto__" as an own field', () => {
    const entry = specEntry()
    const transfer = (entry.erc20_transfer as Record<string, unknown>[])[0]!
    const text = JSON.stringify(specPage([
      { ...entry, 7: 'seven', erc20_transfer: [{ ...transfer, 0: 'zero', surprise: 1 }] },
      { ...entry, erc20_transfer: undefined, erc20_transfers: [{ ...transfer, direction: 'in' }], later: true },
      { ...entry, erc20_transfer: null, erc20_transfers: [], 12: 'twelve' },
    ]))
    const expected = walletHistoryPageSchema.parse(JSON.parse(text))
    expect(JSON.stringify(read(JSON.parse(text)))).toBe(JSON.stringify(expected))
    expect(inPlace(JSON.parse(text))).toEqual(expected)
    const [, b, c] = expected.result as Record<string, unknown>[]
    expect('erc20_transfers' in b! || 'erc20_transfers' in c!).toBe(false)
    expect((b!.erc20_transfer as Record<string, unknown>[])[0]!.direction).toBe('incoming')
    // zod's object drops an own "__proto__"; the reader keeps it as sent, never as the model's prototype.
    const proto = text.replace('"surprise"', '"__proto__":{"x":1},"surprise"').replace('"later"', '"__proto__":[1],"later"')
    for (const model of [read(JSON.parse(proto))!, inPlace(JSON.parse(proto))!]) {
      const [a, b] = model.result as Record<string, unknown>[]
      const t = (a!.erc20_transfer as Record<string, unknown>[])[0]!
      expect(Object.hasOwn(t, '__proto__') && Object.getPrototypeOf(t) === Object.prototype && t.surprise === 1).toBe(true)
      expect(Object.hasOwn(b!, '__proto__') && Object.getPrototypeOf(b!) === Object.prototype && b!.later === true).toBe(true)
      expect(Object.getOwnPropertyDescriptor(b!, '__proto__')!.value).toEqual([1])
    }
  })

  it('reads objects with many different lists of extra keys (more than it keeps templates for) as zod does', () => {
    const entries = Array.from({ length: 150 }, (_, i) => specEntry({ [`extra_${i}`]: i, erc20_transfer: [{ ...(specEntry().erc20_transfer as object[])[0], [`t_${i % 80}`]: i }] }))
    const body = specPage(entries)
    const expected = walletHistoryPageSchema.parse(structuredClone(body))
    expect(JSON.stringify(read(structuredClone(body)))).toBe(JSON.stringify(expected))
    expect(inPlace(structuredClone(body))).toEqual(expected)
  })

  it('gives up on a bad body so the caller gets the checker’s path', () => {
    const body = JSON.parse(JSON.stringify(makePage(5)))
    body.result[3].native_transfers[0].value = 'lots'
    expect(read(body)).toBeUndefined()
    expect(() => readWalletHistoryPage(body)).toThrow(/result\[3\]\.native_transfers\[0\]\.value/)
  })

  it('gives up on an extra field whose integer JSON.parse rounded, and on a wrong field', () => {
    const rounded = JSON.parse(JSON.stringify(specPage([{ ...specEntry(), big: 1 }])).replace('"big":1', '"big":123456789012345678901'))
    expect(inPlace(rounded)).toBeUndefined()
    const plural = JSON.stringify(specPage([{ ...specEntry(), erc20_transfer: null, erc20_transfers: [{ big: 1 }] }])).replace('"big":1', '"big":123456789012345678901')
    expect(inPlace(JSON.parse(plural))).toBeUndefined()
    expect(inPlace(specPage([{ ...specEntry(), value: 'lots' }]))).toBeUndefined()
  })

  it('refuses schemas it cannot make tables of instead of reading them wrongly', async () => {
    const { looseObject, object, string } = await import('zod/mini')
    expect(() => compileSchema(object({ a: string() }))).toThrow(/only loose objects|unsupported/)
    expect(() => compileSchema(looseObject({ a: string() }))).toThrow(/unsupported schema type string/)
  })
})
