import { describe, expect, it } from 'vitest'
import { isHiddenTransaction, isHiddenTransfer, isSpamTransaction } from '../../../src/components/shared/spam.js'
import { erc20TransferSchema, nftTransferSchema } from '../../../src/core/history/schema.js'
import { ALICE, erc20, native, nft, TOKEN, tx, WALLET } from '../fixtures.js'

const rules = { showSpam: false, hideZeroValueTransfers: false }

describe('isHiddenTransfer', () => {
  it('flagged spam is hidden unless shown; zero-value ERC-20 only under its rule; NFTs never for value', () => {
    const spam = erc20TransferSchema.parse(erc20({ possible_spam: true }))
    const zero = erc20TransferSchema.parse(erc20({ value: '0' }))
    const zeroNft = nftTransferSchema.parse(nft({ value: '0' }))
    expect(isHiddenTransfer(spam, 'erc20', rules)).toBe(true)
    expect(isHiddenTransfer(spam, 'erc20', { ...rules, showSpam: true })).toBe(false)
    expect(isHiddenTransfer(zero, 'erc20', rules)).toBe(false)
    expect(isHiddenTransfer(zero, 'erc20', { ...rules, hideZeroValueTransfers: true })).toBe(true)
    expect(isHiddenTransfer(zeroNft, 'nft', { ...rules, hideZeroValueTransfers: true })).toBe(false)
  })
})

describe('isHiddenTransaction', () => {
  const airdrop = () => tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, possible_spam: true })] })

  it('someone else’s transaction carrying only hidden transfers is hidden', () => {
    expect(isHiddenTransaction(airdrop(), WALLET, rules)).toBe(true)
    expect(isHiddenTransaction(airdrop(), WALLET, { ...rules, showSpam: true })).toBe(false)
  })

  it('the wallet’s own transactions, and ones that also move native value, stay', () => {
    expect(isHiddenTransaction({ ...airdrop(), from_address: WALLET }, WALLET, rules)).toBe(false)
    expect(isHiddenTransaction(tx({ ...airdrop(), native_transfers: [native({ from_address: ALICE, to_address: WALLET })] }), WALLET, rules)).toBe(false)
  })

  it('a transaction flagged itself is hidden, whoever sent it', () => {
    expect(isHiddenTransaction(tx({ possible_spam: true }), WALLET, rules)).toBe(true)
  })

  it('isSpamTransaction marks anything flagged inside', () => {
    expect(isSpamTransaction(airdrop())).toBe(true)
    expect(isSpamTransaction(tx())).toBe(false)
  })
})
