import { transactionEntrySchema, type TransactionEntry } from '../../src/core/history/schema.js'

/** Small builders of wire-shaped entries, read through the real schema (so the model is exactly what components get). */

export const WALLET = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
export const ALICE = '0x1111111111111111111111111111111111111111'
export const BOB = '0x2222222222222222222222222222222222222222'
export const TOKEN = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
export const COLLECTION = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d'
export const UINT256_MAX = (2n ** 256n - 1n).toString()

let counter = 0
/** A fresh 32-byte hash each call. */
export function hash(): string {
  counter++
  return `0x${counter.toString(16).padStart(64, '0')}`
}

type Raw = Record<string, unknown>

export function tx(raw: Raw = {}): TransactionEntry {
  return transactionEntrySchema.parse({
    hash: hash(),
    nonce: '1',
    transaction_index: '0',
    from_address: WALLET,
    to_address: ALICE,
    value: '0',
    gas: '21000',
    gas_price: '20000000000',
    receipt_gas_used: '21000',
    receipt_status: '1',
    block_timestamp: '2024-05-01T12:00:00.000Z',
    block_number: '19000000',
    ...raw,
  })
}

export function erc20(raw: Raw = {}): Raw {
  return {
    token_name: 'USD Coin',
    token_symbol: 'USDC',
    token_logo: 'https://logos.example/usdc.png',
    token_decimals: '6',
    address: TOKEN,
    from_address: WALLET,
    to_address: ALICE,
    value: '1500000',
    possible_spam: false,
    ...raw,
  }
}

export function nft(raw: Raw = {}): Raw {
  return {
    token_address: COLLECTION,
    token_id: '42',
    from_address: ALICE,
    to_address: WALLET,
    amount: '1',
    contract_type: 'ERC721',
    possible_spam: false,
    ...raw,
  }
}

export function native(raw: Raw = {}): Raw {
  return { from_address: WALLET, to_address: ALICE, value: '500000000000000000', ...raw }
}

export function internal(raw: Raw = {}): Raw {
  return { type: 'call', from: ALICE, to: WALLET, value: '250000000000000000', ...raw }
}

/** `count` plain ETH sends, one per hour back from `start`, each with its own hash. */
export function manyTransactions(count: number, start = Date.parse('2024-05-01T12:00:00Z')): TransactionEntry[] {
  return Array.from({ length: count }, (_, i) =>
    tx({ value: '1000000000000000', block_timestamp: new Date(start - i * 3_600_000).toISOString() }),
  )
}

/** Transaction `n` of a history page as the service sends it (wire form): the wallet sent 1 ETH to Alice. */
export const wireEntry = (n: number, extra: Record<string, unknown> = {}) => ({
  hash: `0x${n.toString(16).padStart(64, '0')}`,
  from_address: WALLET,
  to_address: ALICE,
  value: '1000000000000000000',
  receipt_status: '1',
  block_timestamp: '2024-05-01T12:00:00.000Z',
  block_number: String(1000 - n),
  ...extra,
})
