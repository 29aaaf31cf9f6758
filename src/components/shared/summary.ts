import type { ChainInput } from '../../core/chains.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { displayAddress } from './address.js'
import { flowOf, isContractCreation, isFailed, type DerivedCategory } from './direction.js'
import { formatDecimal, isDecimalText, isMaxUint256, readDecimals, toWholeUnits } from './format.js'
import { ownValue } from './lookup.js'
import { nativeCurrency } from './native.js'
import { isDisplaySafeName } from '../../core/details/nameSafety.js'
import { cleanText, clipText } from './text.js'

const CATEGORY_LABEL: Record<DerivedCategory, string> = {
  send: 'Send',
  receive: 'Receive',
  'token send': 'Token send',
  'token receive': 'Token receive',
  'nft send': 'NFT send',
  'nft receive': 'NFT receive',
  'contract interaction': 'Contract interaction',
  'contract creation': 'Contract creation',
}

/** A category for display: the derived ones by their label, the service's own cleaned and capitalized. */
export function categoryLabel(category: string): string {
  const derived = ownValue(CATEGORY_LABEL, category)
  if (derived !== undefined) return derived
  const text = clipText(cleanText(category) ?? 'Transaction', 32).shown
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Verified names by lower-case address (the feed's `NamesContext`), used when the service gave no label. */
type Names = ReadonlyMap<string, string> | null | undefined

function shortWith(names: Names) {
  return (address: string | null | undefined, label?: string | null): string => {
    // A verified name that could pass for another (hidden characters, capitals, mixed scripts) is no name: cleaning it would make it one.
    const verified = address ? names?.get(address.toLowerCase()) : undefined
    const name = cleanText(label) ?? (isDisplaySafeName(verified) ? verified : null)
    if (name) return clipText(name, 24).shown
    if (!address) return 'unknown'
    return displayAddress(address).short
  }
}

function symbolText(symbol: string | null | undefined): string {
  const s = cleanText(symbol)
  return s ? ` ${clipText(s, 12).shown}` : ''
}

function amountText(raw: string, decimals: number | null, formatted: string | null | undefined, locale: string | undefined): string {
  if (isMaxUint256(raw)) return 'unlimited'
  const exact = isDecimalText(formatted) ? formatted : decimals !== null ? toWholeUnits(raw, decimals) : raw
  return exact === null ? raw : formatDecimal(exact, locale)
}

/**
 * A one-line description for the viewed wallet when the service sends no `summary`:
 * "Sent 0.5 ETH to 0x12…ab", "Received 100 USDC from vitalik.eth", "Created a contract"…
 * A party is named by the service's label, else its verified name, else its short address (as `Address`).
 */
export function deriveSummary(tx: TransactionEntry, wallet: string | undefined, chain: ChainInput | number | undefined, locale: string | undefined, names?: Names): string {
  const short = shortWith(names)
  if (isContractCreation(tx)) {
    if (isFailed(tx)) return 'Contract creation failed'
    return tx.receipt_contract_address ? `Created contract ${short(tx.receipt_contract_address)}` : 'Created a contract'
  }
  const native = nativeCurrency(chain)
  // A reverted transaction moved nothing: its summary must not say it did.
  const failed = isFailed(tx)
  const verb = (flow: string) =>
    failed ? (flow === 'in' ? 'Did not receive' : flow === 'self' ? 'Tried to move' : 'Tried to send') : flow === 'in' ? 'Received' : flow === 'self' ? 'Moved' : 'Sent'
  const party = (flow: string, from: string | null, fromLabel: string | null, to: string | null, toLabel: string | null) =>
    flow === 'in' ? ` from ${short(from, fromLabel)}` : flow === 'out' ? ` to ${short(to, toLabel)}` : flow === 'self' ? ' to self' : ''

  const nfts = tx.nft_transfers.map((t) => ({ t, flow: flowOf(wallet, t.from_address, t.to_address) })).filter((m) => m.flow !== 'none')
  const tokens = tx.erc20_transfer.map((t) => ({ t, flow: flowOf(wallet, t.from_address, t.to_address) })).filter((m) => m.flow !== 'none')
  const more = (n: number) => (n > 1 ? ` and ${n - 1} more` : '')
  const count = nfts.length + tokens.length

  const nft = nfts[0]
  if (nft) {
    const id = clipText(nft.t.token_id, 14).shown
    return `${verb(nft.flow)} NFT #${id}${party(nft.flow, nft.t.from_address, nft.t.from_address_label, nft.t.to_address, nft.t.to_address_label)}${more(count)}`
  }
  const token = tokens[0]
  if (token) {
    const t = token.t
    const amount = amountText(t.value, readDecimals(t.token_decimals), t.value_formatted, locale)
    return `${verb(token.flow)} ${amount}${symbolText(t.token_symbol ?? t.token_name)}${party(token.flow, t.from_address, t.from_address_label, t.to_address, t.to_address_label)}${more(count)}`
  }
  const flow = flowOf(wallet, tx.from_address, tx.to_address)
  const nativeIn = tx.native_transfers.find((n) => flowOf(wallet, n.from_address, n.to_address) === 'in')
  if (BigInt(tx.value) > 0n && flow !== 'none') {
    const amount = amountText(tx.value, native.decimals, null, locale)
    return `${verb(flow)} ${amount}${symbolText(native.symbol)}${party(flow, tx.from_address, tx.from_address_label, tx.to_address, tx.to_address_label)}`
  }
  if (nativeIn) {
    const amount = amountText(nativeIn.value, native.decimals, nativeIn.value_formatted, locale)
    return `${verb('in')} ${amount}${symbolText(nativeIn.token_symbol ?? native.symbol)}${party('in', nativeIn.from_address, nativeIn.from_address_label, null, null)}`
  }
  const method = cleanText(tx.method_label)
  const target = short(tx.to_address, tx.to_address_label ?? tx.to_address_entity)
  return method ? `Called ${clipText(method, 32).shown} on ${target}` : `Interacted with ${target}`
}
