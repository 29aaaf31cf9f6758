import { formatUnits } from 'viem'
import type { TransactionDetailsLog } from '../../core/details/getTransactionDetails.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { isUnlimitedAmount, listedTokens } from '../../core/details/approvalHints.js'
import { formatDecimal } from '../shared/format.js'
import { cleanText } from '../shared/text.js'

export interface TokenInfo {
  symbol: string | null
  decimals: number | null
}

/** One piece of a readable line: text, an address (rendered with `Address`), or untrusted token text. */
export type Segment = { text: string } | { address: string } | { untrusted: string; max?: number }

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

function amount(value: unknown, token: TokenInfo | undefined, locale: string | undefined): Segment[] {
  if (typeof value !== 'bigint') return [{ text: String(value) }]
  if (isUnlimitedAmount(value)) return [{ text: 'unlimited ' }, ...symbol(token)]
  if (token?.decimals != null) return [{ text: `${formatDecimal(formatUnits(value, token.decimals), locale)} ` }, ...symbol(token)]
  return [{ text: `${value.toString()} units of ` }, ...symbol(token)]
}

function symbol(token: TokenInfo | undefined): Segment[] {
  return token?.symbol ? [{ untrusted: token.symbol }] : [{ text: 'the token' }]
}

const arg = (args: unknown, name: string): unknown =>
  args !== null && typeof args === 'object' && !Array.isArray(args) && Object.hasOwn(args, name) ? (args as Record<string, unknown>)[name] : undefined

/**
 * A decoded log as a sentence a person reads ("Transfer 25 USDC from A to B", "Approval: B may
 * spend unlimited USDT"); an event the package has no line for is named with its arguments.
 */
export function eventLine(log: TransactionDetailsLog, tokens: Map<string, TokenInfo>, locale?: string): Segment[] {
  const token = tokens.get(log.address.toLowerCase())
  if (!log.decoded) return [{ text: 'Event not decoded, from ' }, { address: log.address }]
  const a = log.args
  const addr = (name: string): Segment => ({ address: String(arg(a, name)) })
  switch (log.eventName) {
    case 'Transfer':
      if (arg(a, 'tokenId') !== undefined) return [{ text: `Transfer item #${String(arg(a, 'tokenId'))} from ` }, addr('from'), { text: ' to ' }, addr('to')]
      return [{ text: 'Transfer ' }, ...amount(arg(a, 'value'), token, locale), { text: ' from ' }, addr('from'), { text: ' to ' }, addr('to')]
    case 'Approval':
      if (arg(a, 'tokenId') !== undefined) return [{ text: 'Approval: ' }, addr('approved'), { text: ` may move item #${String(arg(a, 'tokenId'))}` }]
      if (arg(a, 'value') === 0n) return [{ text: 'Approval revoked: ' }, addr('spender'), { text: ' may no longer spend ' }, ...symbol(token)]
      return [{ text: 'Approval: ' }, addr('spender'), { text: ' may spend ' }, ...amount(arg(a, 'value'), token, locale)]
    case 'ApprovalForAll':
      return arg(a, 'approved') === true
        ? [{ text: 'Approval for all: ' }, addr('operator'), { text: ' may move every item of ' }, addr('owner')]
        : [{ text: 'Approval for all revoked: ' }, addr('operator')]
    case 'TransferSingle':
      return [{ text: `Transfer ${String(arg(a, 'value'))} of item #${String(arg(a, 'id'))} from ` }, addr('from'), { text: ' to ' }, addr('to')]
    case 'TransferBatch':
      return [{ text: 'Transfer of several items from ' }, addr('from'), { text: ' to ' }, addr('to')]
    case 'Deposit':
      return [{ text: 'Wrap ' }, ...amount(arg(a, 'wad'), { symbol: 'ETH', decimals: 18 }, locale)]
    case 'Withdrawal':
      return [{ text: 'Unwrap ' }, ...amount(arg(a, 'wad'), { symbol: 'ETH', decimals: 18 }, locale)]
    default:
      // Argument values come from the chain (an event's `string` is whatever the contract emitted): untrusted text.
      return [{ untrusted: `${log.eventName}(${argsText(a)})`, max: 160 }]
  }
}

/** Decoded arguments as text: numbers in full, tuples and arrays as JSON (String() would give "[object Object]"). */
function argsText(args: object): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}: ${v !== null && typeof v === 'object' ? JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? String(x) : x)) : String(v)}`)
    .join(', ')
}
