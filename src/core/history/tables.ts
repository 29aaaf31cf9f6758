// Generated from the zod schemas (zodSchemas.ts) by `node scripts/history-tables.mjs`: do not edit.
// test/core/history/tables.test.ts holds this file equal to what the script writes.
import * as r from './readers.js'
import type { Node } from './walk.js'

/* The reader's tables: each resource of a wallet-history page as its fields and their readers (walk.ts, `Node`). */

const erc20Transfer: Node = {
  object: {
    token_name: r.optSharedText,
    token_symbol: r.optSharedText,
    token_logo: r.optSharedText,
    token_decimals: r.optIntText,
    transaction_hash: r.txHashOfEntry,
    address: r.sharedText,
    block_timestamp: r.timestampOfEntry,
    block_number: r.blockNumberOfEntry,
    block_hash: r.blockHashOfEntry,
    to_address: r.optSharedText,
    to_address_label: r.optSharedText,
    from_address: r.optSharedText,
    from_address_label: r.optSharedText,
    value: r.intText,
    value_formatted: r.optText,
    transaction_index: r.optIntText,
    log_index: r.optIntText,
    possible_spam: r.flag,
    verified_contract: r.flag,
    direction: r.direction,
  },
}

const internalTransaction: Node = {
  object: {
    transaction_hash: r.txHashOfEntry,
    block_number: r.blockNumberOfEntry,
    block_hash: r.blockHashOfEntry,
    type: r.optText,
    from: r.optSharedText,
    to: r.optSharedText,
    value: r.intText,
    gas: r.optIntText,
    gas_used: r.optIntText,
    input: r.optHexData,
    output: r.optHexData,
  },
}

const logEntry: Node = {
  object: {
    log_index: r.optIntText,
    transaction_hash: r.txHashOfEntry,
    transaction_index: r.optIntText,
    address: r.optSharedText,
    data: r.optText,
    topic0: r.optSharedText,
    topic1: r.optSharedText,
    topic2: r.optSharedText,
    topic3: r.optSharedText,
    block_timestamp: r.timestampOfEntry,
    block_number: r.blockNumberOfEntry,
    block_hash: r.blockHashOfEntry,
  },
}

const nativeTransfer: Node = {
  object: {
    from_address: r.optSharedText,
    from_address_label: r.optSharedText,
    to_address: r.optSharedText,
    to_address_label: r.optSharedText,
    value: r.valueOfEntry,
    value_formatted: r.optText,
    direction: r.direction,
    internal_transaction: r.flag,
    token_symbol: r.optSharedText,
    token_logo: r.optSharedText,
  },
}

const nftTransfer: Node = {
  object: {
    token_address: r.sharedText,
    token_id: r.intText,
    from_address: r.optSharedText,
    from_address_label: r.optSharedText,
    to_address: r.optSharedText,
    to_address_label: r.optSharedText,
    value: r.optIntText,
    amount: r.optIntText,
    contract_type: r.optText,
    block_number: r.blockNumberOfEntry,
    block_timestamp: r.timestampOfEntry,
    block_hash: r.blockHashOfEntry,
    transaction_hash: r.txHashOfEntry,
    transaction_type: r.optText,
    transaction_index: r.optIntText,
    log_index: r.optIntText,
    operator: r.optSharedText,
    possible_spam: r.flag,
    verified_collection: r.flag,
    direction: r.direction,
  },
}

const transactionEntry: Node = { pipe: [r.mergeErc20Key, {
  object: {
    hash: r.entryHash,
    nonce: r.optIntText,
    transaction_index: r.optIntText,
    from_address: r.sharedText,
    from_address_label: r.optSharedText,
    to_address: r.optSharedText,
    to_address_label: r.optSharedText,
    value: r.entryValue,
    gas: r.optIntText,
    gas_price: r.optIntText,
    input: r.optHexData,
    receipt_cumulative_gas_used: r.optIntText,
    receipt_gas_used: r.optIntText,
    receipt_contract_address: r.optText,
    receipt_root: r.optText,
    receipt_status: r.optIntText,
    block_timestamp: r.entryTimestamp,
    block_number: r.entryBlockNumber,
    block_hash: r.entryBlockHash,
    logs: { pipe: [r.orEmptyList, { array: logEntry }] },
    internal_transactions: { pipe: [r.orEmptyList, { array: internalTransaction }] },
    nft_transfers: { pipe: [r.orEmptyList, { array: nftTransfer }] },
    erc20_transfer: { pipe: [r.orEmptyList, { array: erc20Transfer }] },
    native_transfers: { pipe: [r.orEmptyList, { array: nativeTransfer }] },
    category: r.optSharedText,
    summary: r.optText,
    method_label: r.optSharedText,
    transaction_fee: r.optText,
    from_address_entity: r.optSharedText,
    from_address_entity_logo: r.optSharedText,
    to_address_entity: r.optSharedText,
    to_address_entity_logo: r.optSharedText,
    possible_spam: r.flag,
  },
}] }

export const walletHistoryPage: Node = {
  object: {
    page: r.pageNumber,
    page_size: r.pageNumber,
    cursor: r.optText,
    result: { array: transactionEntry },
  },
}
