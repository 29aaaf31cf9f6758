import { describe, expect, it } from 'vitest'
import { nativeFlows } from '../../../src/core/history/flows.js'
import { internalTransactionSchema, nativeTransferSchema } from '../../../src/core/history/schema.js'
import { ALICE, BOB, WALLET } from '../../components/fixtures.js'

const native = (raw: Record<string, unknown>) => nativeTransferSchema.parse({ from_address: BOB, to_address: WALLET, value: '3700000000000000', internal_transaction: true, ...raw })
const call = (raw: Record<string, unknown>) => internalTransactionSchema.parse({ type: 'CALL', from: BOB, to: WALLET, value: '3700000000000000', ...raw })
const kinds = (flows: ReturnType<typeof nativeFlows>) => flows.map((f) => `${f.kind}${f.index}`)

describe('nativeFlows', () => {
  it('a payment listed in both lists is one flow; the line with names wins', () => {
    expect(kinds(nativeFlows([native({ from_address_label: 'Router' })], [call({})]))).toEqual(['native0'])
  })

  it('a bare native transfer gives way to the internal call with its type', () => {
    expect(kinds(nativeFlows([native({})], [call({})]))).toEqual(['internal0'])
  })

  it('a tie keeps the native transfer', () => {
    expect(kinds(nativeFlows([native({})], [call({ type: null })]))).toEqual(['native0'])
  })

  it('matches addresses in any case and values written differently', () => {
    const upper = BOB.toUpperCase().replace('0X', '0x')
    expect(nativeFlows([native({ token_symbol: 'ETH' })], [call({ from: upper, value: '0003700000000000000' })])).toHaveLength(1)
  })

  it('pairs one to one: two equal payments stay two, an extra call stays', () => {
    expect(kinds(nativeFlows([native({ token_symbol: 'ETH' }), native({ token_symbol: 'ETH' })], [call({}), call({}), call({})]))).toEqual(['native0', 'native1', 'internal2'])
  })

  it('a different sender, recipient or value is another flow', () => {
    const flows = nativeFlows([native({ token_symbol: 'ETH' })], [call({ from: ALICE }), call({ to: ALICE }), call({ value: '1' })])
    expect(kinds(flows)).toEqual(['native0', 'internal0', 'internal1', 'internal2'])
  })

  it('nothing in, nothing out', () => {
    expect(nativeFlows([], [])).toEqual([])
  })
})
