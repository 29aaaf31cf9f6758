import { isAddress } from 'viem'
import { checkChain, type ChainInput } from '../chains.js'
import { InvalidParameterError } from '../errors.js'
import { parseIsoUtc } from '../time.js'

/** A block number: a non-negative integer as number, bigint or decimal text. */
export type BlockNumberInput = number | bigint | string
/** A date: a `Date`, unix seconds, or ISO 8601 text. */
export type DateInput = Date | number | string

/** The wallet-history operation's parameters, camelCase (sent as the spec's snake_case). */
export interface WalletHistoryParameters {
  /** The wallet address (0x + 40 hex; a mixed-case address must carry a valid checksum). */
  address: string
  /** A spec chain name or hex id; defaults to the client's `chain`, else the service's default. */
  chain?: ChainInput | undefined
  fromBlock?: BlockNumberInput | undefined
  toBlock?: BlockNumberInput | undefined
  fromDate?: DateInput | undefined
  toDate?: DateInput | undefined
  includeInternalTransactions?: boolean | undefined
  includeInputData?: boolean | undefined
  nftMetadata?: boolean | undefined
  cursor?: string | undefined
  order?: 'ASC' | 'DESC' | 'asc' | 'desc' | undefined
  /** Desired page size, a positive integer. */
  limit?: number | undefined
}

/**
 * The same parameters checked and normalized: JSON-safe (no bigint, no Date), rules 1–3
 * applied (a block bound wins over a date bound, and the losing one is dropped), keys
 * present only when set. This is what query keys hold and what is sent.
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

/** Checks every parameter (throwing `InvalidParameterError` naming the first wrong one) and normalizes them. */
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

/** The spec's snake_case query string for normalized parameters. */
export function toWalletHistorySearchParams(p: NormalizedWalletHistoryParameters): URLSearchParams {
  const q = new URLSearchParams()
  for (const [name, wire] of Object.entries(walletHistoryQueryNames) as [keyof typeof walletHistoryQueryNames, string][]) {
    if (p[name] !== undefined) q.set(wire, String(p[name]))
  }
  return q
}

/** The operation's path, relative to {base_url}. */
export function walletHistoryPath(address: string): string {
  return `/api/v2.2/wallets/${encodeURIComponent(address)}/history`
}
