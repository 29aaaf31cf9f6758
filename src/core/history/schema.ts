// zod/mini, not zod: its objects never consider a JIT, so zod never probes whether the page allows code built from strings
// (classic zod's z.object does, and under a strict CSP the caught probe is still a reported
// violation). No global `config({ jitless: true })` is needed (test/core/history/noEval.test.ts).
import { array, looseObject, pipe, transform } from 'zod/mini'
import type { z } from 'zod/mini'
import { ResponseShapeError } from '../errors.js'
import { parseJsonLossless } from '../json.js'
import { compileReader, withShortcut } from './compile.js'
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
  readLossless,
  sharedText,
  timestampOfEntry,
  txHashOfEntry,
  valueOfEntry,
} from './fields.js'

// Schemas for every resource of the wallet-history operation. They read what real deployments
// send and produce one normalized model: field names as in the spec; integers as decimal text;
// flags as booleans; missing or null optional fields as null; missing lists as []; unknown extra
// fields kept.

/** Reads one element of a transaction entry's `logs` (the spec gives no shape; this is the common one): indexes as decimal text, topics `topic0`…`topic3`. */
export const logEntrySchema = looseObject({
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
export const internalTransactionSchema = looseObject({
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
export const nftTransferSchema = looseObject({
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
export const erc20TransferSchema = looseObject({
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
export const nativeTransferSchema = looseObject({
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

/** The ERC-20 list arrives under the spec's `erc20_transfer` or the plural `erc20_transfers` (the hosted service's). */
function mergeErc20Key(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v
  const o = v as Record<string, unknown>
  if (o.erc20_transfer == null && o.erc20_transfers != null) {
    const { erc20_transfers, ...rest } = o
    return { ...rest, erc20_transfer: erc20_transfers }
  }
  return v
}

/**
 * Reads one transaction of a wallet's history into the normalized {@link TransactionEntry}.
 *
 * The ERC-20 list is read under the spec's `erc20_transfer` or the plural `erc20_transfers`, and
 * given as `erc20_transfer`. Fields some deployments add beyond the spec (`category`, `summary`,
 * `method_label`, `transaction_fee`, `*_entity`, `*_entity_logo`, `possible_spam`) are normalized
 * when present, null otherwise.
 */
export const transactionEntrySchema = pipe(
  // The compiled reader reads the plural key where it stands, without this step's copy of the entry.
  withShortcut(transform(mergeErc20Key), { nullAsNull: false, rename: { from: 'erc20_transfers', to: 'erc20_transfer' } }),
  looseObject(transactionFields),
)

const page = transform((v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v)
  return null
})

/**
 * Reads a whole wallet-history page into the normalized {@link WalletHistoryPage}.
 *
 * Prefer {@link readWalletHistoryPage}: it is faster and its error names the wrong field.
 * `page` and `page_size` become numbers (null when unreadable); an empty `cursor` becomes null.
 */
export const walletHistoryPageSchema = looseObject({
  page,
  page_size: page,
  /** The next page's cursor; null when there is none (the service's null or empty text). */
  cursor: optText,
  result: array(transactionEntrySchema),
})

/** One log (event) of a transaction, as the wallet history lists it in `logs`. */
export type LogEntry = z.output<typeof logEntrySchema>
/** One internal transaction: value moved or a call made by a contract during the transaction. */
export type InternalTransaction = z.output<typeof internalTransactionSchema>
/** One NFT (ERC-721 or ERC-1155) transfer of a transaction. */
export type NftTransfer = z.output<typeof nftTransferSchema>
/** One ERC-20 token transfer of a transaction; `value` is in the token's base units (divide by `10 ** token_decimals`). */
export type Erc20Transfer = z.output<typeof erc20TransferSchema>
/** One transfer of the chain's own currency (ETH, POL…); `value` is in wei. */
export type NativeTransfer = z.output<typeof nativeTransferSchema>
/**
 * One transaction of a wallet's history, with the spec's snake_case field names, normalized.
 *
 * Integers (`value`, `gas`, `block_number`, …) are decimal text, exact however large; flags are
 * booleans; `block_timestamp` is ISO 8601 UTC with milliseconds; an optional field the service
 * left out or sent as null is `null` (`to_address` is null for a contract creation,
 * `receipt_contract_address` when none was created); a list it left out is `[]`. Fields the spec
 * does not name are kept as sent.
 */
export type TransactionEntry = z.output<typeof transactionEntrySchema>
/**
 * One page of a wallet's history: `result` (its transactions), `cursor` (the next page's, `null`
 * when there is none), `page` and `page_size` (numbers, or `null` when the service sent none).
 */
export type WalletHistoryPage = z.output<typeof walletHistoryPageSchema>
export type { Direction } from './fields.js'

/**
 * Reads a wallet-history body you fetched yourself into the same normalized page the client returns.
 *
 * Parse the body with {@link parseJsonLossless}, not `JSON.parse`: an integer above 2^53 that
 * `JSON.parse` already rounded is refused rather than kept wrong.
 *
 * @param body - The parsed JSON body.
 * @returns The page, normalized (see {@link WalletHistoryPage}).
 * @throws {@link ResponseShapeError} When the body is not a wallet-history page; `path` names the first wrong field and `issues` lists them all.
 * @remarks No request. The page's entries are new objects; `body` is left as it was.
 * @example
 * ```ts
 * import { parseJsonLossless, readWalletHistoryPage } from 'blockfeed'
 *
 * const response = await fetch('https://api.example.com/api/v2.2/wallets/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/history?chain=eth')
 * const page = readWalletHistoryPage(parseJsonLossless(await response.text()))
 * console.log(page.result.map((entry) => entry.hash))
 * ```
 */
export function readWalletHistoryPage(body: unknown): WalletHistoryPage {
  const fast = fastReader()(body)
  if (fast !== undefined) return fast
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ResponseShapeError('wallet history page', [
      { path: [], message: `expected a JSON object, got ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}` },
    ])
  }
  const r = walletHistoryPageSchema.safeParse(body)
  if (!r.success) throw new ResponseShapeError('wallet history page', r.error.issues.map(issueOf))
  return r.data
}

/**
 * Reads a response body as the client receives it: parsed by plain JSON.parse and read by
 * the compiled reader, which normalizes `json` in place (the caller hands it over; if the
 * reader gives up half way, `text` is parsed again). Only a body it refuses pays for more — a re-parse that keeps integers
 * above 2^53 exact, then zod's full issue list when it is really wrong.
 */
export function readWalletHistoryResponse(json: unknown, text: string): WalletHistoryPage {
  // `json` was parsed from `text` for this call alone: normalized where it is, no copy per entry.
  // The reader gives up on any integer JSON.parse rounded, known field or kept extra alike.
  const fast = (inPlace ??= compileReader(walletHistoryPageSchema, { inPlace: true }))(json)
  if (fast !== undefined) return fast
  return readLossless(() => readWalletHistoryPage(parseJsonLossless(text)))
}

let compiled: ((input: unknown) => WalletHistoryPage | undefined) | undefined
let inPlace: ((input: unknown) => WalletHistoryPage | undefined) | undefined
/** Compiled on first use, so importing the schemas has no side effect. */
function fastReader() {
  return (compiled ??= compileReader(walletHistoryPageSchema))
}

function issueOf(i: { path: PropertyKey[]; message: string; code?: string; expected?: unknown }) {
  const message =
    i.code === 'invalid_type' && i.expected ? `expected ${String(i.expected)}` : i.message
  return { path: i.path, message }
}
