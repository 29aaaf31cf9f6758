// A wallet's history as the service sends it, page by page, for the reader's figures (issue 12).
// Unlike a template repeated with new hashes, every page has its own hashes, blocks, input, log
// data and event topics, so sharing text across pages is only measured where real histories
// repeat it: the wallet, its usual counterparties and tokens, event signatures (topic0).
// A transaction's logs and transfers carry its own hash, block and time (as on chain).
function rng(seed) {
  let s = seed >>> 0
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32)
}
const hex = (r, n) => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('')
const addr = (r) => `0x${hex(r, 40)}`
const pad = (a) => `0x${'0'.repeat(24)}${a.slice(2)}`
const word = (n) => n.toString(16).padStart(64, '0')

// Real event signatures: Transfer, Approval, Uniswap V2 Swap, Sync, WETH Deposit, Withdrawal.
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const OTHER_EVENTS = [
  '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822',
  '0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1',
  '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c',
  '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65',
]
const SELECTORS = ['0xa9059cbb', '0x095ea7b3', '0x38ed1739', '0x7ff36ab5', '0x3593564c', '0xd0e30db0', '0x23b872dd']

/** The wallet's world: its address, usual counterparties (some labelled), tokens and NFT collections. */
export function makeWallet(seed = 1) {
  const r = rng(seed)
  const wallet = addr(r)
  const labels = ['Uniswap V3: Router', 'Coinbase 10', 'Binance 14', '1inch v5: Aggregation Router', 'OpenSea: Seaport 1.5']
  const counterparties = Array.from({ length: 40 }, (_, i) => ({
    address: addr(r),
    label: i < labels.length ? labels[i] : null,
    entity: i < labels.length ? labels[i].split(/[: ]/)[0] : null,
  }))
  const names = [['USD Coin', 'USDC', 6], ['Tether USD', 'USDT', 6], ['Wrapped Ether', 'WETH', 18], ['Dai Stablecoin', 'DAI', 18], ['ChainLink Token', 'LINK', 18], ['Uniswap', 'UNI', 18], ['Pepe', 'PEPE', 18], ['Lido Staked ETH', 'stETH', 18]]
  const tokens = names.map(([name, symbol, decimals]) => ({ address: addr(r), name, symbol, decimals: String(decimals), logo: `https://logo.example/${symbol.toLowerCase()}.png` }))
  const collections = Array.from({ length: 4 }, () => addr(r))
  return { wallet, counterparties, tokens, collections }
}

/** One page: `entries` transactions starting at `offset` (newest first), distinct from every other page. */
export function makeHistoryPage(world, { entries = 100, offset = 0, total = Number.POSITIVE_INFINITY } = {}) {
  const r = rng(0x9e3779b1 ^ (offset + 1) * 2654435761)
  const { wallet, counterparties, tokens, collections } = world
  // Usual counterparties most of the time (the first few most often), a new address now and then.
  const pick = () => (r() < 0.75 ? counterparties[Math.floor(r() * r() * counterparties.length)] : { address: addr(r), label: null, entity: null })
  const result = []
  for (let i = 0; i < entries; i++) {
    const n = offset + i
    const hash = `0x${hex(r, 64)}`
    const blockHash = `0x${hex(r, 64)}`
    const block = String(19_000_000 - n * 17)
    const ts = new Date(Date.UTC(2024, 0, 1) - n * 3_600_000).toISOString()
    const out = r() < 0.5
    const other = pick()
    const from = out ? wallet : other.address
    const to = out ? other.address : wallet
    const at = { transaction_hash: hash, block_timestamp: ts, block_number: block, block_hash: blockHash }
    const logs = []
    const erc20 = (r() < 0.4 ? [0] : r() < 0.7 ? [] : [0, 1]).map(() => {
      const token = tokens[Math.floor(r() * r() * tokens.length)]
      const value = String(Math.floor(r() * 1e12))
      logs.push({ log_index: String(logs.length), ...at, transaction_index: String(n % 200), address: token.address, data: `0x${word(Number(value))}`, topic0: TRANSFER, topic1: pad(from), topic2: pad(to), topic3: null })
      return {
        token_name: token.name, token_symbol: token.symbol, token_logo: token.logo, token_decimals: token.decimals,
        ...at, address: token.address, to_address: to, to_address_label: out ? other.label : null, from_address: from, from_address_label: out ? null : other.label,
        value, value_formatted: (Number(value) / 10 ** Number(token.decimals)).toString(), transaction_index: n % 200, log_index: logs.length - 1,
        possible_spam: 'false', verified_contract: 'true',
      }
    })
    // Other events of the call (approvals, swaps, syncs): their own data, topics of the parties.
    for (let k = r() < 0.5 ? 0 : 1 + Math.floor(r() * 3); k > 0; k--) {
      logs.push({ log_index: String(logs.length), ...at, transaction_index: String(n % 200), address: pick().address, data: `0x${hex(r, 64 * (1 + Math.floor(r() * 3)))}`, topic0: OTHER_EVENTS[Math.floor(r() * OTHER_EVENTS.length)], topic1: pad(from), topic2: r() < 0.5 ? pad(to) : null, topic3: null })
    }
    const nft = r() < 0.1 ? [{
      token_address: collections[Math.floor(r() * collections.length)], token_id: String(Math.floor(r() * 1e5)), from_address: other.address, from_address_label: other.label,
      to_address: wallet, to_address_label: null, value: '0', amount: '1', contract_type: 'ERC721',
      ...at, transaction_type: 'Single', transaction_index: String(n % 200), log_index: String(logs.length), operator: null,
      possible_spam: false, verified_collection: true,
    }] : []
    const value = erc20.length > 0 || r() < 0.3 ? '0' : `${Math.floor(r() * 1e6)}000000000000`
    const category = nft.length > 0 ? 'nft receive' : erc20.length > 0 ? 'token swap' : out ? 'send' : 'receive'
    const label = out ? other.label : null
    result.push({
      hash, nonce: String(n), transaction_index: String(n % 200),
      from_address: from, from_address_label: out ? null : other.label,
      to_address: to, to_address_label: label,
      value, gas: String(21_000 + Math.floor(r() * 300_000)), gas_price: String(Math.floor(r() * 4e10)),
      input: value !== '0' && erc20.length === 0 ? '0x' : `${SELECTORS[Math.floor(r() * SELECTORS.length)]}${hex(r, 64 * (1 + Math.floor(r() * 4)))}`,
      receipt_cumulative_gas_used: String(Math.floor(r() * 3e7)), receipt_gas_used: String(21_000 + Math.floor(r() * 200_000)),
      receipt_contract_address: null, receipt_root: null, receipt_status: r() < 0.97 ? '1' : '0',
      block_timestamp: ts, block_number: block, block_hash: blockHash,
      transaction_fee: (Math.floor(r() * 1e6) / 1e9).toFixed(9), category, summary: `${out ? 'Sent' : 'Received'} ${value === '0' ? 'tokens' : 'ETH'}`,
      method_label: erc20.length > 0 ? 'transfer' : null, from_address_entity: out ? null : other.entity, from_address_entity_logo: null,
      to_address_entity: out ? other.entity : null, to_address_entity_logo: null, possible_spam: false,
      logs, internal_transactions: [], nft_transfers: nft, erc20_transfer: erc20,
      native_transfers: value === '0' ? [] : [{
        from_address: from, from_address_label: out ? null : other.label, to_address: to, to_address_label: label,
        value, value_formatted: (Number(value) / 1e18).toString(), direction: out ? 'outgoing' : 'incoming',
        internal_transaction: false, token_symbol: 'ETH', token_logo: 'https://logo.example/eth.png',
      }],
    })
  }
  const next = offset + entries
  return { page: String(offset / entries + 1), page_size: String(entries), cursor: next < total ? String(next) : '', result }
}
