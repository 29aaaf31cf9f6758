import { isAddress } from 'viem'
import { checkChain, type ChainInput } from '../chains.js'
import { InvalidParameterError } from '../errors.js'
import { parseIsoUtc } from '../time.js'

/** A block number: a non-negative integer as a number, a bigint or decimal text (`18000000`, `18000000n`, `'18000000'`). */
export type BlockNumberInput = number | bigint | string
/** A date: a `Date`, unix seconds (a number or digits), or ISO 8601 text; sent as ISO 8601 UTC. */
export type DateInput = Date | number | string

/**
 * What to ask the wallet-history operation for: the wallet, and optionally the chain, a block or
 * date range, extra data, the page and its size. camelCase here, sent as the spec's snake_case.
 *
 * Every value is checked before anything is sent: a wrong one is an `InvalidParameterError`
 * naming it. A parameter left out is not sent, so the service's default applies.
 */
export interface WalletHistoryParameters {
  /** The wallet address (0x + 40 hex; a mixed-case address must carry a valid checksum). */
  address: string
  /**
   * The chain to read: a spec name (`eth`) or hex id (`0x1`), sent as given.
   * @defaultValue the client's `chain`, else the service's default
   */
  chain?: ChainInput | undefined
  /** The lowest block to include (`from_block`). Used over `fromDate` when both are given. */
  fromBlock?: BlockNumberInput | undefined
  /** The highest block to include (`to_block`). Used over `toDate` when both are given. */
  toBlock?: BlockNumberInput | undefined
  /** The earliest time to include (`from_date`); not sent when `fromBlock` is given. */
  fromDate?: DateInput | undefined
  /** The latest time to include (`to_date`); not sent when `toBlock` is given. */
  toDate?: DateInput | undefined
  /**
   * Asks for each entry's `internal_transactions` (`include_internal_transactions`).
   * @defaultValue not sent: the service's default
   */
  includeInternalTransactions?: boolean | undefined
  /**
   * Asks for each entry's `input` data (`include_input_data`).
   * @defaultValue not sent: the service's default
   */
  includeInputData?: boolean | undefined
  /**
   * Asks for NFT metadata on NFT transfers (`nft_metadata`).
   * @defaultValue not sent: the service's default
   */
  nftMetadata?: boolean | undefined
  /** The `cursor` of the previous page, to read the next one; empty text means the first page. */
  cursor?: string | undefined
  /**
   * `DESC` for newest first, `ASC` for oldest first (either case; sent in upper case).
   * @defaultValue not sent: the service's default
   */
  order?: 'ASC' | 'DESC' | 'asc' | 'desc' | undefined
  /**
   * The page size you want, a positive integer (the service may cap it).
   * @defaultValue not sent: the service's default
   */
  limit?: number | undefined
}

/**
 * Wallet-history parameters checked and normalized: what query keys hold and what is sent.
 *
 * JSON-safe (no bigint, no Date: blocks as decimal text, dates as ISO 8601 UTC), rules 1–3 of the
 * spec applied (a block bound wins over a date bound on the same side, and the date is dropped),
 * `order` in upper case, keys present only when set.
 */
export interface NormalizedWalletHistoryParameters {
  address: string
  chain?: string
  fromBlock?: string
  toBlock?: string
  fromDate?: string
  toDate?: string
  includeInternalTransactions?: boolean
  includeInputData?: boolean
  nftMetadata?: boolean
  cursor?: string
  order?: 'ASC' | 'DESC'
  limit?: number
}

export function checkAddress(value: unknown, parameter = 'address'): string {
  if (typeof value !== 'string' || !isAddress(value)) {
    const why =
      typeof value === 'string' && isAddress(value, { strict: false })
        ? 'mixed-case address with an invalid checksum'
        : 'expected 0x followed by 40 hex characters'
    throw new InvalidParameterError(parameter, why)
  }
  return value
}

function checkBlock(value: BlockNumberInput, parameter: string): string {
  if (typeof value === 'bigint' && value >= 0n) return value.toString()
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value)
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value).toString()
  throw new InvalidParameterError(parameter, 'expected a non-negative integer block number')
}

/** A date as ISO 8601 UTC, or an `InvalidParameterError` naming `parameter`. */
export function checkDate(value: DateInput, parameter: string): string {
  let ms = Number.NaN
  if (value instanceof Date) ms = value.getTime()
  else if (typeof value === 'number') ms = Number.isFinite(value) && value >= 0 ? value * 1000 : Number.NaN
  else if (typeof value === 'string') {
    ms = /^\d+$/.test(value) ? Number(value) * 1000 : parseIsoUtc(value)
  }
  // Beyond ±8.64e15 ms a Date exists but toISOString throws a RangeError.
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) {
    throw new InvalidParameterError(parameter, 'expected a Date, unix seconds, or ISO 8601 text')
  }
  return new Date(ms).toISOString()
}

/**
 * A date range as ISO 8601 UTC: each date readable, from not after to. `prefix` names the
 * parameters as the caller's user knows them (`filter.` for a feed filter's dates).
 */
export function checkDateRange(fromDate: DateInput | undefined, toDate: DateInput | undefined, prefix = ''): { fromDate?: string; toDate?: string } {
  const out: { fromDate?: string; toDate?: string } = {}
  if (fromDate !== undefined) out.fromDate = checkDate(fromDate, `${prefix}fromDate`)
  if (toDate !== undefined) out.toDate = checkDate(toDate, `${prefix}toDate`)
  if (out.fromDate && out.toDate && out.fromDate > out.toDate) {
    throw new InvalidParameterError(`${prefix}fromDate`, `is after toDate (${out.fromDate} > ${out.toDate})`)
  }
  return out
}

function checkBoolean(value: unknown, parameter: string): boolean {
  if (typeof value !== 'boolean') throw new InvalidParameterError(parameter, 'expected true or false')
  return value
}

/**
 * Checks wallet-history parameters and returns them in the one form that is sent and cached.
 *
 * @param params - The parameters as you would pass them to `getWalletHistory`.
 * @param defaults - The client's default `chain` and its `extraChains`. Default: none.
 * @returns The normalized parameters (see {@link NormalizedWalletHistoryParameters}).
 * @throws {@link InvalidParameterError} When a parameter is wrong (address, chain, a block or date,
 *   `fromBlock` after `toBlock`, `fromDate` after `toDate`, a flag that is not a boolean, `order`, `limit`); `parameter` names the first.
 * @remarks No request.
 * @example
 * ```ts
 * import { normalizeWalletHistoryParameters } from 'blockfeed'
 *
 * const normalized = normalizeWalletHistoryParameters({
 *   address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *   fromBlock: 18_000_000n,
 *   fromDate: new Date('2024-01-01'),
 *   order: 'asc',
 * })
 * // { address: '0x7099…79C8', fromBlock: '18000000', order: 'ASC' }: the block bound wins over the date
 * ```
 */
export function normalizeWalletHistoryParameters(
  params: WalletHistoryParameters,
  defaults: { chain?: string | undefined; extraChains?: readonly string[] } = {},
): NormalizedWalletHistoryParameters {
  if (params === null || typeof params !== 'object') {
    throw new InvalidParameterError('params', 'expected an object with at least `address`')
  }
  const out: NormalizedWalletHistoryParameters = { address: checkAddress(params.address) }
  const chain = params.chain ?? defaults.chain
  if (chain !== undefined) out.chain = checkChain(chain, defaults.extraChains)

  // Rules 1–3: a block bound is used over a date bound on the same side; the other is not sent.
  if (params.fromBlock !== undefined) out.fromBlock = checkBlock(params.fromBlock, 'fromBlock')
  if (params.toBlock !== undefined) out.toBlock = checkBlock(params.toBlock, 'toBlock')
  Object.assign(out, checkDateRange(params.fromBlock === undefined ? params.fromDate : undefined, params.toBlock === undefined ? params.toDate : undefined))
  if (out.fromBlock && out.toBlock && BigInt(out.fromBlock) > BigInt(out.toBlock)) {
    throw new InvalidParameterError('fromBlock', `is after toBlock (${out.fromBlock} > ${out.toBlock})`)
  }

  if (params.includeInternalTransactions !== undefined) {
    out.includeInternalTransactions = checkBoolean(params.includeInternalTransactions, 'includeInternalTransactions')
  }
  if (params.includeInputData !== undefined) out.includeInputData = checkBoolean(params.includeInputData, 'includeInputData')
  if (params.nftMetadata !== undefined) out.nftMetadata = checkBoolean(params.nftMetadata, 'nftMetadata')
  if (params.cursor !== undefined && params.cursor !== '') {
    if (typeof params.cursor !== 'string') throw new InvalidParameterError('cursor', 'expected text')
    out.cursor = params.cursor
  }
  if (params.order !== undefined) {
    const order = typeof params.order === 'string' ? params.order.toUpperCase() : ''
    if (order !== 'ASC' && order !== 'DESC') throw new InvalidParameterError('order', 'expected ASC or DESC')
    out.order = order
  }
  if (params.limit !== undefined) {
    if (!Number.isSafeInteger(params.limit) || params.limit < 1) {
      throw new InvalidParameterError('limit', 'expected a positive integer')
    }
    out.limit = params.limit
  }
  return out
}

/** The spec's query parameter for each camelCase parameter (the address goes in the path), in the spec's order. */
export const walletHistoryQueryNames = {
  chain: 'chain',
  fromBlock: 'from_block',
  toBlock: 'to_block',
  fromDate: 'from_date',
  toDate: 'to_date',
  includeInternalTransactions: 'include_internal_transactions',
  includeInputData: 'include_input_data',
  nftMetadata: 'nft_metadata',
  cursor: 'cursor',
  order: 'order',
  limit: 'limit',
} as const satisfies Record<Exclude<keyof NormalizedWalletHistoryParameters, 'address'>, string>

/**
 * Builds the spec's snake_case query string for normalized parameters (the address goes in the path).
 *
 * @param p - Parameters from {@link normalizeWalletHistoryParameters}.
 * @returns The query, e.g. `chain=eth&from_block=18000000&order=ASC`.
 * @example
 * ```ts
 * import { normalizeWalletHistoryParameters, toWalletHistorySearchParams, walletHistoryPath } from 'blockfeed'
 *
 * const params = normalizeWalletHistoryParameters({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chain: 'eth', limit: 50 })
 * const url = `https://api.example.com${walletHistoryPath(params.address)}?${toWalletHistorySearchParams(params)}`
 * ```
 */
export function toWalletHistorySearchParams(p: NormalizedWalletHistoryParameters): URLSearchParams {
  const q = new URLSearchParams()
  for (const [name, wire] of Object.entries(walletHistoryQueryNames) as [keyof typeof walletHistoryQueryNames, string][]) {
    if (p[name] !== undefined) q.set(wire, String(p[name]))
  }
  return q
}

/**
 * Builds the wallet-history operation's path for an address, relative to the service's `{base_url}`.
 *
 * @param address - The wallet address (URL-encoded into the path).
 * @returns `/api/v2.2/wallets/{address}/history`.
 * @example
 * ```ts
 * import { walletHistoryPath } from 'blockfeed'
 *
 * const path = walletHistoryPath('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
 * ```
 */
export function walletHistoryPath(address: string): string {
  return `/api/v2.2/wallets/${encodeURIComponent(address)}/history`
}
