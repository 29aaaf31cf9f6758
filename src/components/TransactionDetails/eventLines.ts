import { formatUnits } from 'viem'
import type { TransactionDetailsLog } from '../../core/details/getTransactionDetails.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { isUnlimitedAmount, listedTokens } from '../../core/details/approvalHints.js'
import type { Catalogue } from '../../i18n/types.js'
import { formatDecimal } from '../shared/format.js'
import { cleanText } from '../shared/text.js'

export interface TokenInfo {
  symbol: string | null
  decimals: number | null
}

/**
 * What fills one placeholder of a line: text (already in the reader's language, or data such as an
 * id), an address (rendered with `Address`), untrusted token text, or an amount (a line of its own,
 * shown isolated).
 */
export type Segment = { text: string } | { address: string } | { untrusted: string; max?: number } | { amount: Line }

/** One sentence: a catalogue message with `{placeholders}`, and what fills each. */
export interface Line {
  message: string
  parts: Readonly<Record<string, Segment>>
}

type EventMessages = Catalogue['events']

/** Token symbol and decimals by lower-case contract address, from what the service sent with the entry. */
export function tokensOf(entry: TransactionEntry | undefined): Map<string, TokenInfo> {
  const tokens = new Map<string, TokenInfo>()
  if (!entry) return tokens
  for (const t of entry.erc20_transfer ?? []) {
    tokens.set(t.address.toLowerCase(), { symbol: cleanText(t.token_symbol), decimals: t.token_decimals == null ? null : Number(t.token_decimals) })
  }
  for (const t of listedTokens(entry)) {
    const key = t.address.toLowerCase()
    if (!tokens.has(key)) tokens.set(key, { symbol: typeof t.symbol === 'string' ? cleanText(t.symbol) : null, decimals: t.decimals })
  }
  return tokens
}

function amount(value: unknown, token: TokenInfo | undefined, m: EventMessages, locale: string | undefined): Segment {
  if (typeof value !== 'bigint') return { text: String(value) }
  const tokenPart = symbol(token, m)
  if (isUnlimitedAmount(value)) return { amount: { message: m.unlimitedAmount, parts: { token: tokenPart } } }
  if (token?.decimals != null) return { amount: { message: m.amount, parts: { amount: { text: formatDecimal(formatUnits(value, token.decimals), locale) }, token: tokenPart } } }
  // Raw units: the exact integer, as the chain has it.
  return { amount: { message: m.rawAmount, parts: { amount: { text: value.toString() }, token: tokenPart } } }
}

function symbol(token: TokenInfo | undefined, m: EventMessages): Segment {
  return token?.symbol ? { untrusted: token.symbol } : { text: m.theToken }
}

const arg = (args: unknown, name: string): unknown =>
  args !== null && typeof args === 'object' && !Array.isArray(args) && Object.hasOwn(args, name) ? (args as Record<string, unknown>)[name] : undefined

/**
 * A decoded log as a sentence a person reads ("Transfer 25 USDC from A to B", "Approval: B may
 * spend unlimited USDT"), one catalogue message (`events`) with its parts; an event the package
 * has no line for is named with its arguments, as data.
 */
export function eventLine(log: TransactionDetailsLog, tokens: Map<string, TokenInfo>, m: EventMessages, locale?: string): Line {
  const token = tokens.get(log.address.toLowerCase())
  if (!log.decoded) return { message: m.notDecoded, parts: { address: { address: log.address } } }
  const a = log.args
  const addr = (name: string): Segment => ({ address: String(arg(a, name)) })
  // Ids and item counts are shown exactly as the chain has them.
  const raw = (name: string): Segment => ({ text: String(arg(a, name)) })
  const ether: TokenInfo = { symbol: 'ETH', decimals: 18 }
  switch (log.eventName) {
    case 'Transfer':
      if (arg(a, 'tokenId') !== undefined) return { message: m.transferItem, parts: { id: raw('tokenId'), from: addr('from'), to: addr('to') } }
      return { message: m.transfer, parts: { amount: amount(arg(a, 'value'), token, m, locale), from: addr('from'), to: addr('to') } }
    case 'Approval':
      if (arg(a, 'tokenId') !== undefined) return { message: m.approvalItem, parts: { spender: addr('approved'), id: raw('tokenId') } }
      if (arg(a, 'value') === 0n) return { message: m.approvalRevoked, parts: { spender: addr('spender'), token: symbol(token, m) } }
      return { message: m.approval, parts: { spender: addr('spender'), amount: amount(arg(a, 'value'), token, m, locale) } }
    case 'ApprovalForAll':
      return arg(a, 'approved') === true
        ? { message: m.approvalForAll, parts: { operator: addr('operator'), owner: addr('owner') } }
        : { message: m.approvalForAllRevoked, parts: { operator: addr('operator') } }
    case 'TransferSingle':
      return { message: m.transferItems, parts: { value: raw('value'), id: raw('id'), from: addr('from'), to: addr('to') } }
    case 'TransferBatch':
      return { message: m.transferBatch, parts: { from: addr('from'), to: addr('to') } }
    case 'Deposit':
      return { message: m.wrap, parts: { amount: amount(arg(a, 'wad'), ether, m, locale) } }
    case 'Withdrawal':
      return { message: m.unwrap, parts: { amount: amount(arg(a, 'wad'), ether, m, locale) } }
    default:
      // Argument values come from the chain (an event's `string` is whatever the contract emitted): untrusted text.
      return { message: '{event}', parts: { event: { untrusted: `${log.eventName}(${argsText(a)})`, max: 160 } } }
  }
}

/** Decoded arguments as text: numbers in full, tuples and arrays as JSON (String() would give "[object Object]"). */
function argsText(args: object): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}: ${v !== null && typeof v === 'object' ? JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? String(x) : x)) : String(v)}`)
    .join(', ')
}
