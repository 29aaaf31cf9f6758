import { afterEach, describe, expect, it, vi } from 'vitest'
import { compileReader } from '../../../src/core/history/compile'
import { walletHistoryPageSchema } from '../../../src/core/history/schema'
// @ts-expect-error plain ESM fixture module without types
import { makeHistoryPage, makeWallet } from '../../bench/history-fixture.mjs'
import { specEntry, specPage } from './fixtures'

// Under a strict Content-Security-Policy `new Function` throws: the reader must then walk by
// loops and still give zod's model (extras kept, rounded integers refused), in place or not.
const bodies = () => {
  const entry = specEntry()
  const transfer = (entry.erc20_transfer as Record<string, unknown>[])[0]!
  return [
    specPage(),
    makeHistoryPage(makeWallet(5), { entries: 40 }),
    specPage([{ ...entry, surprise: { nested: [1, 'two'] }, erc20_transfer: [{ ...transfer, extra: 'kept' }] }]),
    specPage([{ ...entry, nonce: 7, possible_spam: 'true', input: '', summary: '', to_address_label: '' }]),
  ]
}

describe('compiled reader where code cannot be generated', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('gives the model zod gives, copying or in place', () => {
    vi.stubGlobal('Function', function refused() {
      throw new EvalError('Refused to evaluate a string as JavaScript (CSP)')
    })
    const copying = compileReader(walletHistoryPageSchema)
    const inPlace = compileReader(walletHistoryPageSchema, { inPlace: true })
    vi.unstubAllGlobals()
    for (const body of bodies()) {
      const expected = walletHistoryPageSchema.parse(structuredClone(body))
      expect(copying(structuredClone(body))).toEqual(expected)
      expect(inPlace(structuredClone(body))).toEqual(expected)
    }
  })

  it('gives up on an extra field whose integer JSON.parse rounded, and on a wrong field', () => {
    vi.stubGlobal('Function', function refused() {
      throw new EvalError('Refused to evaluate a string as JavaScript (CSP)')
    })
    const inPlace = compileReader(walletHistoryPageSchema, { inPlace: true })
    vi.unstubAllGlobals()
    const rounded = JSON.parse(JSON.stringify(specPage([{ ...specEntry(), big: 1 }])).replace('"big":1', '"big":123456789012345678901'))
    expect(inPlace(rounded)).toBeUndefined()
    expect(inPlace(specPage([{ ...specEntry(), value: 'lots' }]))).toBeUndefined()
  })
})
