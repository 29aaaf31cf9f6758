import { ownValue } from './lookup.js'
import type { TransactionEntry } from '../../core/history/schema.js'

/** How a transfer or transaction moves value for the viewed wallet: into it, out of it, from it to itself, or not through it. */
export type FlowDirection = 'in' | 'out' | 'self' | 'none'

/** The sign an amount takes for the viewed wallet: + in, a real minus (U+2212) out, none otherwise. */
const FLOW_SIGN: Record<FlowDirection, string> = { in: '+', out: '\u2212', self: '', none: '' }

/** The sign for a direction; anything that is not a known direction (a prop from untyped code) has none. */
export function flowSign(direction: string | null | undefined): string {
  return ownValue(FLOW_SIGN, direction) ?? ''
}

/**
 * Address equality as the chain sees it: case-insensitive hex. Runs for every entry of a long
 * feed, so it compares in place; a non-hex string (never a valid address) falls back to toLowerCase.
 */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null || a.length !== b.length) return false
  if (a === b) return true
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x === y) continue
    // Setting bit 5 lowercases A–F and X and leaves digits alone: exact for hex text only.
    if (!isHexChar(x) || !isHexChar(y)) return a.toLowerCase() === b.toLowerCase()
    if ((x | 32) !== (y | 32)) return false
  }
  return true
}

function isHexChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102) || c === 120 || c === 88
}

export function flowOf(wallet: string | undefined, from: string | null | undefined, to: string | null | undefined): FlowDirection {
  const out = sameAddress(from, wallet)
  const inc = sameAddress(to, wallet)
  return out && inc ? 'self' : out ? 'out' : inc ? 'in' : 'none'
}

/** Every value movement of a transaction as (from, to) pairs, for direction and category. */
function movements(tx: TransactionEntry) {
  return [
    ...tx.native_transfers.map((t) => ({ kind: 'native' as const, from: t.from_address, to: t.to_address })),
    ...tx.erc20_transfer.map((t) => ({ kind: 'erc20' as const, from: t.from_address, to: t.to_address })),
    ...tx.nft_transfers.map((t) => ({ kind: 'nft' as const, from: t.from_address, to: t.to_address })),
  ]
}

/** Direction for the viewed wallet: it sent the transaction (out/self), or value reached it (in). */
export function transactionDirection(tx: TransactionEntry, wallet: string | undefined): FlowDirection {
  const own = flowOf(wallet, tx.from_address, tx.to_address)
  if (own === 'self' || own === 'in') return own
  const flows = movements(tx).map((m) => flowOf(wallet, m.from, m.to))
  if (own === 'out') {
    // A call that sent no value and only brought value in (a mint, a claim) reads as incoming, as wallets show it.
    return /^0+$/.test(tx.value) && flows.includes('in') && !flows.includes('out') ? 'in' : 'out'
  }
  if (flows.includes('in')) return 'in'
  if (flows.includes('out')) return 'out'
  if (flows.includes('self')) return 'self'
  return 'none'
}

/** The categories derived when the service sends none (the service's own are shown as sent). */
export type DerivedCategory =
  | 'send'
  | 'receive'
  | 'token send'
  | 'token receive'
  | 'nft send'
  | 'nft receive'
  | 'contract interaction'
  | 'contract creation'

export function isContractCreation(tx: TransactionEntry): boolean {
  return tx.to_address == null
}

export function isFailed(tx: TransactionEntry): boolean {
  return tx.receipt_status === '0'
}

export function deriveCategory(tx: TransactionEntry, wallet: string | undefined): DerivedCategory {
  if (isContractCreation(tx)) return 'contract creation'
  const moves = movements(tx)
    .map((m) => ({ kind: m.kind, flow: flowOf(wallet, m.from, m.to) }))
    .filter((m) => m.flow !== 'none')
  const pick = (kind: 'native' | 'erc20' | 'nft') => moves.find((m) => m.kind === kind)
  const nft = pick('nft')
  if (nft) return nft.flow === 'in' ? 'nft receive' : 'nft send'
  const token = pick('erc20')
  if (token) return token.flow === 'in' ? 'token receive' : 'token send'
  const direction = transactionDirection(tx, wallet)
  if (direction === 'in') return 'receive'
  if ((direction === 'out' || direction === 'self') && BigInt(tx.value) > 0n) return 'send'
  return 'contract interaction'
}
