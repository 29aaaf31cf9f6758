import { ResponseShapeError } from '../errors.js'
import { parseJsonLossless } from '../json.js'
import { check, type Issue } from './check.js'
import { compileReader } from './compile.js'
import { readLossless } from './readers.js'
import { walletHistoryPage } from './tables.js'
import type {
  erc20TransferSchema,
  internalTransactionSchema,
  logEntrySchema,
  nativeTransferSchema,
  nftTransferSchema,
  transactionEntrySchema,
  walletHistoryPageSchema,
} from './zodSchemas.js'
import type { z } from 'zod/mini'

// The wallet-history reader and its model's types. Reading loads no zod: the walker (compile.ts)
// and the checker (check.ts) follow tables generated from the zod schemas (tables.ts). The schemas
// are re-exported here for apps that validate bodies themselves; zod is bundled only where they are imported.
export {
  erc20TransferSchema,
  internalTransactionSchema,
  logEntrySchema,
  nativeTransferSchema,
  nftTransferSchema,
  transactionEntrySchema,
  walletHistoryPageSchema,
} from './zodSchemas.js'

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
export type { Direction } from './readers.js'

/**
 * Reads a wallet-history body you fetched yourself into the same normalized page the client returns.
 *
 * Parse the body with {@link parseJsonLossless}, not `JSON.parse`: an integer above 2^53 that
 * `JSON.parse` already rounded is refused rather than kept wrong.
 *
 * @param body - The parsed JSON body.
 * @returns The page, normalized (see {@link WalletHistoryPage}).
 * @throws {@link ResponseShapeError} When the body is not a wallet-history page; `path` names the first wrong field and `issues` lists them all.
 * @remarks No request. The page's entries are new objects; `body` is left as it was. It reads by the
 *   rules of {@link walletHistoryPageSchema} without loading zod: importing it adds no zod to your bundle.
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
  // The walker gave up: the checker reads the body again as the schemas do, listing every problem.
  const issues: Issue[] = []
  const page = check(walletHistoryPage, body, [], issues) as WalletHistoryPage
  if (issues.length > 0) throw new ResponseShapeError('wallet history page', issues)
  return page
}

/**
 * Reads a response body as the client receives it: parsed by plain JSON.parse and read by
 * the compiled reader, which normalizes `json` in place (the caller hands it over; if the
 * reader gives up half way, `text` is parsed again). Only a body it refuses pays for more — a re-parse that keeps integers
 * above 2^53 exact, then the checker's full issue list when it is really wrong.
 */
export function readWalletHistoryResponse(json: unknown, text: string): WalletHistoryPage {
  // `json` was parsed from `text` for this call alone: normalized where it is, no copy per entry.
  // The reader gives up on any integer JSON.parse rounded, known field or kept extra alike.
  const fast = (inPlace ??= compileReader<WalletHistoryPage>(walletHistoryPage, { inPlace: true }))(json)
  if (fast !== undefined) return fast
  return readLossless(() => readWalletHistoryPage(parseJsonLossless(text)))
}

let compiled: ((input: unknown) => WalletHistoryPage | undefined) | undefined
let inPlace: ((input: unknown) => WalletHistoryPage | undefined) | undefined
/** Compiled on first use, so importing the schemas has no side effect. */
function fastReader() {
  return (compiled ??= compileReader<WalletHistoryPage>(walletHistoryPage))
}
