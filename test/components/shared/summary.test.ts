import { describe, expect, it } from 'vitest'
import { categoryLabel, deriveSummary } from '../../../src/components/shared/summary.js'
import { ALICE, BOB, COLLECTION, erc20, native, nft, TOKEN, tx, UINT256_MAX, WALLET } from '../fixtures.js'

describe('categoryLabel', () => {
  it('derived categories by their label; the service’s own cleaned and capitalized', () => {
    expect(categoryLabel('nft receive')).toBe('NFT receive')
    expect(categoryLabel('token swap')).toBe('Token swap')
    expect(categoryLabel('air\u202Edrop')).toBe('Airdrop')
    expect(categoryLabel('')).toBe('Transaction')
  })

  it('Object.prototype names are text like any other', () => {
    expect(categoryLabel('constructor')).toBe('Constructor')
    expect(categoryLabel('__proto__')).toBe('__proto__')
    expect(categoryLabel('toString')).toBe('ToString')
  })
})

describe('deriveSummary', () => {
  const summary = (raw: Record<string, unknown>) => deriveSummary(tx(raw), WALLET, 'eth', 'en-US')

  it('native, token and NFT movements from the wallet’s side', () => {
    expect(summary({ value: '500000000000000000' })).toBe('Sent 0.5 ETH to 0x1111…1111')
    expect(summary({ from_address: ALICE, to_address: WALLET, value: '2000000000000000000', from_address_label: 'Alice' })).toBe('Received 2 ETH from Alice')
    expect(summary({ to_address: TOKEN, erc20_transfer: [erc20(), erc20({ to_address: BOB })] })).toBe('Sent 1.5 USDC to 0x1111…1111 and 1 more')
    expect(summary({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft()] })).toBe('Received NFT #42 from 0x1111…1111')
    expect(summary({ to_address: TOKEN, erc20_transfer: [erc20({ value: UINT256_MAX })] })).toBe('Sent unlimited USDC to 0x1111…1111')
  })

  it('ETH that came back inside a call', () => {
    expect(summary({ to_address: BOB, native_transfers: [native({ from_address: BOB, to_address: WALLET, value: '3700000000000000', internal_transaction: true })] })).toBe('Received 0.0037 ETH from 0x2222…2222')
  })

  it('a name from the names map that could pass for another is not used: the short address is', () => {
    const names = new Map([[ALICE.toLowerCase(), 'vit\u200Balik.eth']])
    const from = { from_address: ALICE, to_address: WALLET, value: '2000000000000000000' }
    expect(deriveSummary(tx(from), WALLET, 'eth', 'en-US', names)).toBe('Received 2 ETH from 0x1111…1111')
    expect(deriveSummary(tx(from), WALLET, 'eth', 'en-US', new Map([[ALICE.toLowerCase(), 'Vitalik.eth']]))).toBe('Received 2 ETH from 0x1111…1111')
    expect(deriveSummary(tx(from), WALLET, 'eth', 'en-US', new Map([[ALICE.toLowerCase(), 'alice.eth']]))).toBe('Received 2 ETH from alice.eth')
  })

  it('a failed transaction never says the value moved', () => {
    expect(summary({ receipt_status: '0', value: '320000000000000000', to_address_label: 'Router' })).toBe('Tried to send 0.32 ETH to Router')
    expect(summary({ receipt_status: '0', to_address: TOKEN, erc20_transfer: [erc20()] })).toBe('Tried to send 1.5 USDC to 0x1111…1111')
    expect(summary({ receipt_status: '0', to_address: null })).toBe('Contract creation failed')
  })

  it('calls and creations', () => {
    expect(summary({ to_address: TOKEN, method_label: 'approve' })).toBe('Called approve on 0xA0b8…eB48')
    expect(summary({ to_address: TOKEN })).toBe('Interacted with 0xA0b8…eB48')
    expect(summary({ to_address: null, receipt_contract_address: '0x3333333333333333333333333333333333333333' })).toBe('Created contract 0x3333…3333')
  })
})
