// A realistic 100-entry wallet-history page (≈250 kB of JSON), deterministic, in the wire format.
function rng(seed) {
  let s = seed >>> 0
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32)
}
const hex = (r, n) => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('')
const addr = (r) => `0x${hex(r, 40)}`

export function makePage(entries = 100, seed = 1) {
  const r = rng(seed)
  const wallet = addr(r)
  const result = []
  for (let i = 0; i < entries; i++) {
    const hash = `0x${hex(r, 64)}`
    const block = String(19_000_000 - i * 17)
    const ts = new Date(Date.UTC(2024, 0, 1) - i * 3_600_000).toISOString()
    const out = r() < 0.5
    const other = addr(r)
    const log = (k) => ({
      log_index: String(k), transaction_hash: hash, transaction_index: String(i), address: addr(r),
      data: `0x${hex(r, 64)}`, topic0: `0x${hex(r, 64)}`, topic1: `0x${hex(r, 64)}`, topic2: `0x${hex(r, 64)}`, topic3: null,
      block_timestamp: ts, block_number: block, block_hash: `0x${hex(r, 64)}`,
    })
    result.push({
      hash, nonce: String(i), transaction_index: String(Math.floor(r() * 200)),
      from_address: out ? wallet : other, from_address_label: null,
      to_address: out ? other : wallet, to_address_label: r() < 0.2 ? 'Uniswap V3: Router' : null,
      value: String(Math.floor(r() * 1e6)) + '000000000000', gas: '210000', gas_price: '23000000000',
      input: `0x${hex(r, 8 + 64 * Math.floor(r() * 3))}`, receipt_cumulative_gas_used: '1234567', receipt_gas_used: '21000',
      receipt_contract_address: null, receipt_root: null, receipt_status: '1',
      block_timestamp: ts, block_number: block, block_hash: `0x${hex(r, 64)}`,
      transaction_fee: '0.000483', category: out ? 'send' : 'receive', summary: `${out ? 'Sent' : 'Received'} 0.1 ETH`,
      method_label: null, possible_spam: false,
      logs: r() < 0.25 ? [log(0), log(1)] : [log(0)],
      internal_transactions: [],
      nft_transfers: r() < 0.2 ? [{
        token_address: addr(r), token_id: String(Math.floor(r() * 1e5)), from_address: other, from_address_label: null,
        to_address: wallet, to_address_label: null, value: '0', amount: '1', contract_type: 'ERC721',
        block_number: block, block_timestamp: ts, block_hash: `0x${hex(r, 64)}`, transaction_hash: hash,
        transaction_type: 'Single', transaction_index: String(i), log_index: '4', operator: null,
        possible_spam: false, verified_collection: true,
      }] : [],
      erc20_transfer: (r() < 0.4 ? [0] : r() < 0.7 ? [] : [0, 1]).map((k) => ({
        token_name: 'USD Coin', token_symbol: 'USDC', token_logo: 'https://logo.example/usdc.png', token_decimals: '6',
        transaction_hash: hash, address: addr(r), block_timestamp: ts, block_number: block, block_hash: `0x${hex(r, 64)}`,
        to_address: wallet, to_address_label: null, from_address: other, from_address_label: null,
        value: String(Math.floor(r() * 1e9)), value_formatted: '12.5', transaction_index: i, log_index: k,
        possible_spam: 'false', verified_contract: 'true',
      })),
      native_transfers: [{
        from_address: out ? wallet : other, from_address_label: null, to_address: out ? other : wallet, to_address_label: null,
        value: '100000000000000000', value_formatted: '0.1', direction: out ? 'outgoing' : 'incoming',
        internal_transaction: false, token_symbol: 'ETH', token_logo: 'https://logo.example/eth.png',
      }],
    })
  }
  return { page: '1', page_size: String(entries), cursor: 'eyJwYWdlIjoyfQ', result }
}
