import { formatUnits, parseUnits } from 'viem'
import { getChainInfo } from '../chains.js'
import type { TransactionEntry } from '../history/schema.js'

/**
 * The export's columns, in file order. One row per money flow (native, ERC-20, NFT, internal);
 * a transaction with none still gets one row. Documented in the README ("Export").
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

export type CsvColumn = (typeof csvColumns)[number]
export type CsvRow = Record<CsvColumn, string>

type Kind = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'nft' | 'internal' | 'none'

interface Flow {
  kind: Kind
  from: string | null
  to: string | null
  tokenAddress: string | null
  symbol: string | null
  decimals: number | null
  tokenId: string | null
  amount: string
  spam: boolean
}

const lower = (a: string | null | undefined) => (a ? a.toLowerCase() : null)

/** in / out / self from the wallet's side; `none` when the wallet is on neither end. */
export function flowDirection(wallet: string, from: string | null, to: string | null): 'in' | 'out' | 'self' | 'none' {
  const w = wallet.toLowerCase()
  const f = lower(from) === w
  const t = lower(to) === w
  return f && t ? 'self' : f ? 'out' : t ? 'in' : 'none'
}

function decimalsOf(text: string | null): number | null {
  if (text === null || !/^\d{1,3}$/.test(text)) return null
  const n = Number(text)
  return n <= 255 ? n : null
}

/**
 * The money flows of one entry. An internal payment that the service lists twice (in
 * `native_transfers` with `internal_transaction: true` and in `internal_transactions`) is one
 * flow; internal calls that move no value are not flows.
 */
export function entryFlows(entry: TransactionEntry, chain: string | undefined): Flow[] {
  const native = getChainInfo(chain)?.nativeCurrency
  const nativeSymbol = native?.symbol ?? null
  const nativeDecimals = native?.decimals ?? 18
  const flows: Flow[] = []
  // Internal payments already listed as native transfers, by from|to|value, counted (a multiset).
  const listed = new Map<string, number>()
  const key = (from: string | null, to: string | null, value: string) => `${lower(from)}|${lower(to)}|${value}`

  for (const t of entry.native_transfers) {
    if (t.internal_transaction) listed.set(key(t.from_address, t.to_address, t.value), (listed.get(key(t.from_address, t.to_address, t.value)) ?? 0) + 1)
    flows.push({
      kind: t.internal_transaction ? 'internal' : 'native',
      from: t.from_address,
      to: t.to_address,
      tokenAddress: null,
      symbol: t.token_symbol ?? nativeSymbol,
      decimals: nativeDecimals,
      tokenId: null,
      amount: t.value,
      spam: false,
    })
  }
  // No native transfer list but value moved: the transaction's own value is the flow.
  if (entry.native_transfers.length === 0 && entry.value !== '0') {
    flows.push({ kind: 'native', from: entry.from_address, to: entry.to_address, tokenAddress: null, symbol: nativeSymbol, decimals: nativeDecimals, tokenId: null, amount: entry.value, spam: false })
  }
  for (const t of entry.erc20_transfer) {
    flows.push({
      kind: 'erc20',
      from: t.from_address,
      to: t.to_address,
      tokenAddress: t.address,
      symbol: t.token_symbol,
      decimals: decimalsOf(t.token_decimals),
      tokenId: null,
      amount: t.value,
      spam: t.possible_spam === true,
    })
  }
  for (const t of entry.nft_transfers) {
    const type = (t.contract_type ?? '').toUpperCase()
    flows.push({
      kind: type === 'ERC721' ? 'erc721' : type === 'ERC1155' ? 'erc1155' : 'nft',
      from: t.from_address,
      to: t.to_address,
      tokenAddress: t.token_address,
      symbol: null,
      decimals: 0,
      tokenId: t.token_id,
      amount: t.amount ?? '1',
      spam: t.possible_spam === true,
    })
  }
  for (const t of entry.internal_transactions) {
    if (t.value === '0') continue
    const k = key(t.from, t.to, t.value)
    const seen = listed.get(k) ?? 0
    if (seen > 0) {
      listed.set(k, seen - 1)
      continue
    }
    flows.push({ kind: 'internal', from: t.from, to: t.to, tokenAddress: null, symbol: nativeSymbol, decimals: nativeDecimals, tokenId: null, amount: t.value, spam: false })
  }
  return flows
}

/** The fee in wei the wallet paid for this entry, or null when it did not send it (or nothing says). */
function feeWei(entry: TransactionEntry, wallet: string): bigint | null {
  if (lower(entry.from_address) !== wallet.toLowerCase()) return null
  if (entry.receipt_gas_used !== null && entry.gas_price !== null) return BigInt(entry.receipt_gas_used) * BigInt(entry.gas_price)
  if (entry.transaction_fee !== null && /^\d+(\.\d+)?$/.test(entry.transaction_fee)) {
    try {
      return parseUnits(entry.transaction_fee, 18)
    } catch {
      return null
    }
  }
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
  const fee = feeWei(entry, wallet)
  const nativeDecimals = getChainInfo(chain)?.nativeCurrency.decimals ?? 18
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
