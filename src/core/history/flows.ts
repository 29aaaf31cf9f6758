import { getChainInfo } from '../chains.js'
import type { TransactionEntry } from './schema.js'

/** What moved: the chain's own currency, a token, an NFT, or value sent by a contract call. */
export type FlowKind = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'nft' | 'internal' | 'none'

/** One money flow of a transaction, from the service's transfer lists. */
export interface Flow {
  kind: FlowKind
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

