// zod/mini, not zod: its objects never consider a JIT, so zod never probes whether the page allows code built from strings
// (classic zod's z.object does, and under a strict CSP the caught probe is still a reported
// violation). No global `config({ jitless: true })` is needed (test/core/history/noEval.test.ts).
import * as z from 'zod/mini'
import {
  blockHashOfEntry,
  blockNumberOfEntry,
  direction,
  entryBlockHash,
  entryBlockNumber,
  entryHash,
  entryTimestamp,
  entryValue,
  flag,
  intText,
  list,
  optHexData,
  optIntText,
  optSharedText,
  optText,
  pageNumber,
  sharedText,
  timestampOfEntry,
  txHashOfEntry,
  valueOfEntry,
} from './fields.js'
import { mergeErc20Key } from './readers.js'

// The zod schemas of the wallet-history resources, exported for apps that validate bodies
// themselves. They are the source of truth for the shapes: the reader's tables (tables.ts) are
// generated from them (scripts/history-tables.mjs) and a test holds the two equal, so reading a page
// loads none of zod. Nothing on the client's path imports this file.

// Schemas for every resource of the wallet-history operation. They read what real deployments
// send and produce one normalized model: field names as in the spec; integers as decimal text;
// flags as booleans; missing or null optional fields as null; missing lists as []; unknown extra
// fields kept.

/** Reads one element of a transaction entry's `logs` (the spec gives no shape; this is the common one): indexes as decimal text, topics `topic0`…`topic3`. */
export const logEntrySchema = z.looseObject({
  log_index: optIntText,
  transaction_hash: txHashOfEntry,
  transaction_index: optIntText,
  address: optSharedText,
  data: optText,
  topic0: optSharedText,
  topic1: optSharedText,
  topic2: optSharedText,
  topic3: optSharedText,
  block_timestamp: timestampOfEntry,
  block_number: blockNumberOfEntry,
  block_hash: blockHashOfEntry,
})

/** Reads one internal transaction (a value transfer or call made by a contract): `from`, `to`, `value` in wei as decimal text, `type`, gas. */
export const internalTransactionSchema = z.looseObject({
  transaction_hash: txHashOfEntry,
  block_number: blockNumberOfEntry,
  block_hash: blockHashOfEntry,
  type: optText,
  from: optSharedText,
  to: optSharedText,
  value: intText,
  gas: optIntText,
  gas_used: optIntText,
  input: optHexData,
  output: optHexData,
})

/** Reads one NFT transfer (ERC-721 or ERC-1155): `token_address`, `token_id`, `amount`, `contract_type`, the two ends, `direction`, `possible_spam`. */
export const nftTransferSchema = z.looseObject({
  token_address: sharedText,
  token_id: intText,
  from_address: optSharedText,
  from_address_label: optSharedText,
  to_address: optSharedText,
  to_address_label: optSharedText,
  value: optIntText,
  amount: optIntText,
  contract_type: optText,
  block_number: blockNumberOfEntry,
  block_timestamp: timestampOfEntry,
  block_hash: blockHashOfEntry,
  transaction_hash: txHashOfEntry,
  transaction_type: optText,
  transaction_index: optIntText,
  log_index: optIntText,
  operator: optSharedText,
  possible_spam: flag,
  verified_collection: flag,
  direction,
})

/** Reads one ERC-20 transfer: the token (`address`, `token_symbol`, `token_decimals`, `token_logo`), `value` in base units as decimal text, the two ends, `direction`, `possible_spam`. */
export const erc20TransferSchema = z.looseObject({
  token_name: optSharedText,
  token_symbol: optSharedText,
  token_logo: optSharedText,
  token_decimals: optIntText,
  transaction_hash: txHashOfEntry,
  address: sharedText,
  block_timestamp: timestampOfEntry,
  block_number: blockNumberOfEntry,
  block_hash: blockHashOfEntry,
  to_address: optSharedText,
  to_address_label: optSharedText,
  from_address: optSharedText,
  from_address_label: optSharedText,
  value: intText,
  value_formatted: optText,
  transaction_index: optIntText,
  log_index: optIntText,
  possible_spam: flag,
  verified_contract: flag,
  direction,
})

/** Reads one transfer of the chain's own currency: the two ends, `value` in wei as decimal text, `direction`, `internal_transaction`. */
export const nativeTransferSchema = z.looseObject({
  from_address: optSharedText,
  from_address_label: optSharedText,
  to_address: optSharedText,
  to_address_label: optSharedText,
  value: valueOfEntry,
  value_formatted: optText,
  direction,
  internal_transaction: flag,
  token_symbol: optSharedText,
  token_logo: optSharedText,
})

const transactionFields = {
  hash: entryHash,
  nonce: optIntText,
  transaction_index: optIntText,
  from_address: sharedText,
  from_address_label: optSharedText,
  /** null for a contract creation. */
  to_address: optSharedText,
  to_address_label: optSharedText,
  value: entryValue,
  gas: optIntText,
  gas_price: optIntText,
  input: optHexData,
  receipt_cumulative_gas_used: optIntText,
  receipt_gas_used: optIntText,
  /** null when no contract was created (the spec's empty string). */
  receipt_contract_address: optText,
  receipt_root: optText,
  receipt_status: optIntText,
  block_timestamp: entryTimestamp,
  block_number: entryBlockNumber,
  block_hash: entryBlockHash,
  logs: list(logEntrySchema),
  internal_transactions: list(internalTransactionSchema),
  nft_transfers: list(nftTransferSchema),
  erc20_transfer: list(erc20TransferSchema),
  native_transfers: list(nativeTransferSchema),
  // Fields some deployments add beyond the spec, normalized when present.
  category: optSharedText,
  summary: optText,
  method_label: optSharedText,
  transaction_fee: optText,
  from_address_entity: optSharedText,
  from_address_entity_logo: optSharedText,
  to_address_entity: optSharedText,
  to_address_entity_logo: optSharedText,
  possible_spam: flag,
}

/**
 * Reads one transaction of a wallet's history into the normalized {@link TransactionEntry}.
 *
 * The ERC-20 list is read under the spec's `erc20_transfer` or the plural `erc20_transfers`, and
 * given as `erc20_transfer`. Fields some deployments add beyond the spec (`category`, `summary`,
 * `method_label`, `transaction_fee`, `*_entity`, `*_entity_logo`, `possible_spam`) are normalized
 * when present, null otherwise.
 */
export const transactionEntrySchema = z.pipe(
  // The walker reads the plural key where it stands, without this step's copy of the entry.
  z.transform(mergeErc20Key),
  z.looseObject(transactionFields),
)

/**
 * Reads a whole wallet-history page into the normalized {@link WalletHistoryPage}.
 *
 * Prefer {@link readWalletHistoryPage}: it is faster, it does not load zod, and its error names the wrong field.
 * `page` and `page_size` become numbers (null when unreadable); an empty `cursor` becomes null.
 */
export const walletHistoryPageSchema = z.looseObject({
  page: pageNumber,
  page_size: pageNumber,
  /** The next page's cursor; null when there is none (the service's null or empty text). */
  cursor: optText,
  result: z.array(transactionEntrySchema),
})
