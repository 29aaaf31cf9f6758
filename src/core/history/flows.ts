import { getChainInfo } from '../chains.js'
import type { InternalTransaction, NativeTransfer, TransactionEntry } from './schema.js'

/** What a flow moved: the chain's own currency, an ERC-20 token, an NFT (ERC-721, ERC-1155, or of unknown standard), value sent by a contract call, or nothing. */
export type FlowKind = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'nft' | 'internal' | 'none'

/** One movement of value in a transaction (who sent what to whom), read from the service's transfer lists. */
export interface Flow {
  /** What moved. */
  kind: FlowKind
  /** The sender's address, when the service gave one. */
  from: string | null
  /** The recipient's address, when the service gave one. */
  to: string | null
  /** The token or NFT contract; null for the chain's currency. */
  tokenAddress: string | null
  /** The token's symbol (the chain's currency symbol for native and internal flows); null when unknown or for an NFT. */
  symbol: string | null
  /** The token's decimals (0 for an NFT); null when the service gave none. */
  decimals: number | null
  /** The NFT's token id; null for other kinds. */
  tokenId: string | null
  /** The amount in base units (wei, the token's smallest unit, or the NFT count), as decimal text. */
  amount: string
  /** Whether the service marked the token `possible_spam`. */
  spam: boolean
}

const lower = (a: string | null | undefined) => (a ? a.toLowerCase() : null)
const sameAddress = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a.toLowerCase() === b.toLowerCase()

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
 * Lists what moved in one transaction: each native, token, NFT and internal transfer once, in the
 * order the feed's rows show them.
 *
 * An internal payment the service lists twice (as a native transfer and as an internal
 * transaction) is one flow; internal calls that move no value are not flows. A transaction with no
 * native transfer list but a `value` gets that value as its native flow. The CSV export and the
 * filters read these flows.
 *
 * @param entry - A transaction of a wallet's history.
 * @param chain - Its chain, for the native currency's symbol and decimals (18 when unknown).
 * @returns The flows, natives first, then ERC-20, then NFTs, then internal payments.
 * @example
 * ```ts
 * import { createClient, entryFlows } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const page = await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * for (const flow of page.result.flatMap((entry) => entryFlows(entry, 'eth'))) {
 *   console.log(flow.kind, flow.amount, flow.symbol)
 * }
 * ```
 */
export function entryFlows(entry: TransactionEntry, chain: string | undefined): Flow[] {
  const native = getChainInfo(chain)?.nativeCurrency
  const nativeSymbol = native?.symbol ?? null
  const nativeDecimals = native?.decimals ?? 18
  const flows: Flow[] = []
  // No native transfer list but value moved: the transaction's own value is the flow.
  const natives: readonly NativeTransfer[] =
    entry.native_transfers.length === 0 && entry.value !== '0'
      ? [{ from_address: entry.from_address, to_address: entry.to_address, value: entry.value, token_symbol: null, internal_transaction: false } as NativeTransfer]
      : entry.native_transfers
  const paired = nativeFlows(natives, entry.internal_transactions)
  // Token and NFT lines come after the native ones; internal calls that repeat no native transfer after them.
  const nativeLine = (f: NativeFlow): Flow | null => {
    if (f.kind === 'native') {
      const t = f.transfer
      return { kind: t.internal_transaction ? 'internal' : 'native', from: t.from_address, to: t.to_address, tokenAddress: null, symbol: t.token_symbol ?? nativeSymbol, decimals: nativeDecimals, tokenId: null, amount: t.value, spam: false }
    }
    const t = f.transaction
    // An internal call that moves no value is no money flow.
    if (t.value === '0') return null
    return { kind: 'internal', from: t.from, to: t.to, tokenAddress: null, symbol: nativeSymbol, decimals: nativeDecimals, tokenId: null, amount: t.value, spam: false }
  }
  for (const f of paired.slice(0, natives.length)) {
    const line = nativeLine(f)
    if (line) flows.push(line)
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
  for (const f of paired.slice(natives.length)) {
    const line = nativeLine(f)
    if (line) flows.push(line)
  }
  return flows
}

/** One native-value flow of a transaction, as the row shows it: the native transfer's line or the internal call's. */
export type NativeFlow =
  | { kind: 'native'; transfer: NativeTransfer; index: number }
  | { kind: 'internal'; transaction: InternalTransaction; index: number }

const isSet = (v: unknown) => v != null && v !== ''

/** What a native transfer line shows beyond the amount: names, symbol, logo, the service's own amount text. */
function nativeDetail(t: NativeTransfer): number {
  return [t.from_address_label, t.to_address_label, t.token_symbol, t.token_logo, t.value_formatted].filter(isSet).length
}

/** What an internal call line shows beyond the amount: its call type. */
function internalDetail(t: InternalTransaction): number {
  return isSet(t.type) ? 1 : 0
}

const sameValue = (a: string, b: string) => a === b || (/^\d+$/.test(a) && /^\d+$/.test(b) && BigInt(a) === BigInt(b))

/**
 * The native transfers and internal calls of a transaction, each money flow once. With
 * `include_internal_transactions` the service lists an internal payment in both lists; a pair
 * matching on from, to and value is one flow, shown by whichever line carries more detail
 * (the native transfer on a tie). Pairs match one to one, so two equal payments stay two.
 * The first `native.length` flows take the native transfers' places; unmatched calls follow.
 */
export function nativeFlows(native: readonly NativeTransfer[], internal: readonly InternalTransaction[]): NativeFlow[] {
  const flows: NativeFlow[] = native.map((transfer, index) => ({ kind: 'native', transfer, index }))
  const taken = new Set<number>()
  internal.forEach((call, index) => {
    const match = native.findIndex(
      (t, i) => !taken.has(i) && sameAddress(t.from_address, call.from) && sameAddress(t.to_address, call.to) && sameValue(t.value, call.value),
    )
    if (match === -1) {
      flows.push({ kind: 'internal', transaction: call, index })
      return
    }
    taken.add(match)
    if (internalDetail(call) > nativeDetail(native[match]!)) flows[match] = { kind: 'internal', transaction: call, index }
  })
  return flows
}
