import { describe, expect, it } from 'vitest'
import { deriveCategory, flowOf, flowSign, sameAddress, transactionDirection } from '../../../src/components/shared/direction.js'
import { ALICE, BOB, COLLECTION, erc20, nft, TOKEN, tx, WALLET } from '../fixtures.js'

describe('sameAddress', () => {
  const lower = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
  const checksummed = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

  it('is case-insensitive for hex addresses, checksummed or not', () => {
    expect(sameAddress(lower, checksummed)).toBe(true)
    expect(sameAddress(checksummed.toUpperCase().replace('0X', '0x'), lower)).toBe(true)
  })

  it('tells different addresses apart, including ones that differ only past a shared prefix', () => {
    expect(sameAddress(lower, lower.replace(/5$/, '6'))).toBe(false)
    expect(sameAddress(lower, lower.slice(0, -1))).toBe(false)
    expect(sameAddress(lower, null)).toBe(false)
    expect(sameAddress(undefined, undefined)).toBe(false)
  })

  it('does not confuse non-hex characters that differ only in bit 5', () => {
    // '@' (64) and '`' (96) would look equal to a bit-5 compare; the fallback keeps them apart.
    expect(sameAddress('0x@', '0x`')).toBe(false)
    expect(sameAddress('0xZz', '0xzZ')).toBe(true)
  })
})

describe('flowOf, transactionDirection, deriveCategory, flowSign', () => {
  it('flowOf: out, in, self or none for the wallet', () => {
    expect(flowOf(WALLET, WALLET, ALICE)).toBe('out')
    expect(flowOf(WALLET, ALICE, WALLET.toUpperCase().replace('0X', '0x'))).toBe('in')
    expect(flowOf(WALLET, WALLET, WALLET)).toBe('self')
    expect(flowOf(WALLET, ALICE, BOB)).toBe('none')
    expect(flowOf(undefined, WALLET, ALICE)).toBe('none')
  })

  it('transactionDirection: a sent call that only brought value in reads as incoming', () => {
    expect(transactionDirection(tx({ value: '1' }), WALLET)).toBe('out')
    expect(transactionDirection(tx({ to_address: COLLECTION, nft_transfers: [nft()] }), WALLET)).toBe('in')
    expect(transactionDirection(tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET })] }), WALLET)).toBe('in')
    expect(transactionDirection(tx({ from_address: ALICE, to_address: BOB }), WALLET)).toBe('none')
  })

  it('deriveCategory: NFTs before tokens before native value', () => {
    expect(deriveCategory(tx({ to_address: COLLECTION, erc20_transfer: [erc20()], nft_transfers: [nft()] }), WALLET)).toBe('nft receive')
    expect(deriveCategory(tx({ to_address: TOKEN, erc20_transfer: [erc20()] }), WALLET)).toBe('token send')
    expect(deriveCategory(tx({ value: '1' }), WALLET)).toBe('send')
    expect(deriveCategory(tx({ to_address: TOKEN }), WALLET)).toBe('contract interaction')
    expect(deriveCategory(tx({ to_address: null }), WALLET)).toBe('contract creation')
  })

  it('flowSign: + in, a real minus out, nothing for self, none or unknown text', () => {
    expect(flowSign('in')).toBe('+')
    expect(flowSign('out')).toBe('\u2212')
    for (const d of ['self', 'none', 'constructor', '__proto__', undefined]) expect(flowSign(d)).toBe('')
  })
})
