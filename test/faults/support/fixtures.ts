/** Wallet-history bodies as a service sends them (snake_case, the spec's field names). */
export const WALLET = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
export const OTHER = '0x1111111111111111111111111111111111111111'
export const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
export const API_KEY = 'sk_live_SECRET123'

export function hashOf(n: number): string {
  return `0x${n.toString(16).padStart(64, '0')}`
}

export function rawEntry(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    hash: hashOf(n),
    nonce: String(n),
    transaction_index: '0',
    from_address: WALLET.toLowerCase(),
    from_address_label: null,
    to_address: OTHER,
    to_address_label: null,
    value: '1000000000000000000',
    gas: '21000',
    gas_price: '1000000000',
    input: '0x',
    receipt_cumulative_gas_used: '21000',
    receipt_gas_used: '21000',
    receipt_contract_address: '',
    receipt_root: null,
    receipt_status: '1',
    block_timestamp: '2024-05-01T12:00:00.000Z',
    block_number: String(19_000_000 + n),
    block_hash: hashOf(1_000_000 + n),
    logs: [],
    internal_transactions: [],
    nft_transfers: [],
    erc20_transfer: [],
    native_transfers: [
      {
        from_address: WALLET.toLowerCase(),
        from_address_label: null,
        to_address: OTHER,
        to_address_label: null,
        value: '1000000000000000000',
        value_formatted: '1',
        direction: 'outgoing',
        internal_transaction: false,
        token_symbol: 'ETH',
        token_logo: null,
      },
    ],
    ...extra,
  }
}

export function rawPage(result: unknown[], cursor: string | null = null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { page: 0, page_size: 100, cursor, result, ...extra }
}

export function rawErc20(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    token_name: 'USD Coin',
    token_symbol: 'USDC',
    token_logo: 'https://logos.example/usdc.png',
    token_decimals: '6',
    transaction_hash: hashOf(1),
    address: TOKEN,
    block_timestamp: '2024-05-01T12:00:00.000Z',
    block_number: '19000001',
    to_address: OTHER,
    from_address: WALLET,
    value: '2500000',
    possible_spam: false,
    verified_contract: true,
    ...extra,
  }
}
