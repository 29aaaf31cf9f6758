import { formatUnits, parseUnits } from 'viem'
import { getChainInfo } from '../chains.js'
import { entryFlows, flowDirection } from '../history/flows.js'
import type { TransactionEntry } from '../history/schema.js'

/**
 * The columns of `exportWalletHistoryCsv`'s file, in order: the header row's keys.
 *
 * One row per money flow (native, ERC-20, NFT, internal); a transaction with none still gets one
 * row (kind `none`). `amount` is in base units, `amount_decimal` divided by the token's decimals;
 * `fee_wei` and `fee` are on the first row of a transaction the wallet sent; `status` is
 * `success`, `failed` or empty; `direction` is `in`, `out`, `self` or `none`.
 */
export const csvColumns = [
  'hash',
  'timestamp',
  'block_number',
  'chain',
  'category',
  'kind',
  'direction',
  'from',
  'to',
  'counterparty',
  'token_address',
  'token_symbol',
  'token_decimals',
  'token_id',
  'amount',
  'amount_decimal',
  'fee_wei',
  'fee',
  'status',
  'possible_spam',
] as const

/** One column key of the CSV export, e.g. `amount_decimal`. */
export type CsvColumn = (typeof csvColumns)[number]
export type CsvRow = Record<CsvColumn, string>

const lower = (a: string | null | undefined) => (a ? a.toLowerCase() : null)

/**
 * The fee in wei the wallet paid for this entry, or null when it did not send it (or nothing says).
 * The service's `transaction_fee` first, as the feed's row shows it: on rollups it holds the L1 data
 * fee that gas used × gas price leaves out.
 */
function feeWei(entry: TransactionEntry, wallet: string, nativeDecimals: number): bigint | null {
  if (lower(entry.from_address) !== wallet.toLowerCase()) return null
  if (entry.transaction_fee !== null && /^\d+(\.\d+)?$/.test(entry.transaction_fee)) return parseUnits(entry.transaction_fee, nativeDecimals)
  if (entry.receipt_gas_used !== null && entry.gas_price !== null) return BigInt(entry.receipt_gas_used) * BigInt(entry.gas_price)
  return null
}

function status(entry: TransactionEntry): string {
  return entry.receipt_status === '1' ? 'success' : entry.receipt_status === '0' ? 'failed' : ''
}

/** The CSV rows of one entry, every amount exact (integers as text, decimals through `formatUnits`). */
export function entryRows(entry: TransactionEntry, wallet: string, chain: string | undefined): CsvRow[] {
  return entryRecords(entry, wallet, chain).map((cells) => Object.fromEntries(csvColumns.map((c, i) => [c, cells[i]!])) as CsvRow)
}

/** The same rows as arrays of cells in `csvColumns` order: what the writer streams (no object per row). */
export function entryRecords(entry: TransactionEntry, wallet: string, chain: string | undefined): string[][] {
  const nativeDecimals = getChainInfo(chain)?.nativeCurrency.decimals ?? 18
  const fee = feeWei(entry, wallet, nativeDecimals)
  const flows = entryFlows(entry, chain)
  const st = status(entry)
  const feeWeiCell = fee === null ? '' : fee.toString()
  const feeCell = fee === null ? '' : formatUnits(fee, nativeDecimals)
  const head = (category: string) => [entry.hash, entry.block_timestamp, entry.block_number, chain ?? '', category]
  const category = entry.category ?? ''
  if (flows.length === 0) {
    const direction = flowDirection(wallet, entry.from_address, entry.to_address)
    const counterparty = (direction === 'in' ? entry.from_address : entry.to_address) ?? ''
    // hash … category, kind, direction, from, to, counterparty, token_address, token_symbol,
    // token_decimals, token_id, amount, amount_decimal, fee_wei, fee, status, possible_spam
    return [[...head(category), 'none', direction, entry.from_address, entry.to_address ?? '', counterparty, '', '', '', '', '', '', feeWeiCell, feeCell, st, String(entry.possible_spam === true)]]
  }
  return flows.map((f, i) => {
    const direction = flowDirection(wallet, f.from, f.to)
    const counterparty = (direction === 'in' ? f.from : direction === 'none' ? '' : f.to) ?? ''
    return [
      ...head(category),
      f.kind,
      direction,
      f.from ?? '',
      f.to ?? '',
      counterparty,
      f.tokenAddress ?? '',
      f.symbol ?? '',
      f.decimals === null ? '' : String(f.decimals),
      f.tokenId ?? '',
      f.amount,
      f.decimals === null ? '' : formatUnits(BigInt(f.amount), f.decimals),
      i === 0 ? feeWeiCell : '',
      i === 0 ? feeCell : '',
      st,
      String(entry.possible_spam === true || f.spam),
    ]
  })
}
