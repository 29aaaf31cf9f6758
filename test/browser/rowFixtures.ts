import { ALICE, BOB, COLLECTION, erc20, internal, nft, TOKEN, tx, UINT256_MAX, WALLET } from '../components/fixtures.js'

const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7'
const at = (i: number) => new Date(Date.parse('2024-05-01T12:00:00Z') - i * 1_800_000).toISOString()

/** A day of a wallet: every kind a row draws, as the service sends them. */
export function everyKind() {
  return [
    tx({ block_timestamp: at(0), value: '1222228000000000000', from_address: ALICE, to_address: WALLET, from_address_label: 'Coinbase 10' }),
    tx({ block_timestamp: at(1), value: '2568682000000000000', to_address: BOB }),
    tx({ block_timestamp: at(2), to_address: TOKEN, erc20_transfer: [erc20({ value: '25000000', to_address: BOB })] }),
    tx({ block_timestamp: at(3), to_address: ALICE, category: 'token swap', erc20_transfer: [erc20({ value: '500000000' })], native_transfers: [{ from_address: ALICE, to_address: WALLET, value: '160000000000000000', internal_transaction: true }] }),
    tx({ block_timestamp: at(4), to_address: TOKEN, method_label: 'approve', input: '0x095ea7b3' }),
    tx({ block_timestamp: at(5), from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft({ from_address: '0x0000000000000000000000000000000000000000' })] }),
    tx({ block_timestamp: at(6), to_address: BOB, method_label: 'multicall', internal_transactions: [internal()] }),
    tx({ block_timestamp: at(7), to_address: null, receipt_contract_address: '0x3333333333333333333333333333333333333333' }),
    tx({ block_timestamp: at(8), receipt_status: '0', value: '1000000000000000000', to_address: BOB }),
    tx({ block_timestamp: at(9), to_address: TOKEN, erc20_transfer: [erc20({ value: '1' }), erc20({ to_address: BOB, value: '2' }), erc20({ address: USDT, token_symbol: 'USDT', value: '3' })] }),
    tx({ block_timestamp: at(10), from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, value: UINT256_MAX, token_symbol: 'Extremely-long-token-name' })] }),
    tx({ block_timestamp: at(11), value: '5000000000000000', to_address: BOB }),
  ]
}

