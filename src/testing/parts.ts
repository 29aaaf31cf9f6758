import { formatEther, formatUnits, numberToHex } from 'viem'
import type { ChainName } from '../core/chains.js'
import { LOGO_ORIGIN, erc20Tokens, nftCollections, tokenAddress, type Counterparty, type Erc20Key, type Erc20Token, type NftKey } from './catalogue.js'
import type { Rng } from './prng.js'
import { RawNumber } from './wire.js'

/**
 * The parts a fixture transaction is built from (amounts, labels, transfers), each with the
 * drift real deployments send: integers as numbers, flags as text, other direction words.
 */

export interface Ctx {
  rng: Rng
  chain: ChainName
  me: `0x${string}`
  index: number
  native: string
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
export const addressOfParty = (party: Counterparty | string) => (typeof party === 'string' ? party : party.address) as `0x${string}`
export const uint256Hex = (value: bigint) => numberToHex(value, { size: 32 })

export function nativeAmount(rng: Rng): bigint {
  return BigInt(rng.int(1, 4_000)) * 10n ** 15n + BigInt(rng.int(0, 999_999)) * 10n ** 9n
}

export function tokenAmount(rng: Rng, decimals: number): bigint {
  const whole = BigInt(rng.int(1, 25_000))
  if (decimals === 0) return BigInt(rng.int(1, 500))
  const fraction = BigInt(rng.int(0, 10 ** Math.min(decimals, 6) - 1)) * 10n ** BigInt(Math.max(0, decimals - 6))
  return whole * 10n ** BigInt(decimals) + fraction
}

export function labelsOf(prefix: 'from' | 'to', party: Counterparty | string | null): Record<string, unknown> {
  if (party === null) return { [`${prefix}_address`]: null, [`${prefix}_address_label`]: null }
  if (typeof party === 'string') return { [`${prefix}_address`]: party, [`${prefix}_address_label`]: null }
  return {
    [`${prefix}_address`]: party.address,
    [`${prefix}_address_label`]: party.label,
    [`${prefix}_address_entity`]: party.entity,
    [`${prefix}_address_entity_logo`]: party.entityLogo,
  }
}

/** Drift: every seventh entry sends its integers as JSON numbers. */
export function int(ctx: Ctx, value: bigint | number): string | number {
  const n = BigInt(value)
  return ctx.index % 7 === 3 && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString()
}

/** Drift: flags as booleans on odd entries and as text on even ones. */
export function flag(ctx: Ctx, value: boolean): boolean | string {
  return ctx.index % 2 === 0 ? String(value) : value
}

export function direction(ctx: Ctx, out: boolean): string {
  if (ctx.index % 4 === 1) return out ? 'send' : 'receive'
  return out ? 'outgoing' : 'incoming'
}

export function erc20Transfer(
  ctx: Ctx,
  token: Erc20Token,
  from: Counterparty | string,
  to: Counterparty | string,
  value: bigint | RawNumber,
  logIndex: number,
): Record<string, unknown> {
  const t: Record<string, unknown> = {
    token_name: token.name,
    token_symbol: token.symbol,
    token_decimals: ctx.index % 7 === 3 ? token.decimals : String(token.decimals),
    address: tokenAddress(ctx.chain, token.key),
    ...labelsOf('from', from),
    ...labelsOf('to', to),
    value: value instanceof RawNumber ? value : value.toString(),
    // The spec's table types these two as numbers.
    log_index: logIndex,
    possible_spam: flag(ctx, token.spam),
    verified_contract: flag(ctx, token.verified),
  }
  if (token.logo !== undefined) t.token_logo = token.logo
  if (!(value instanceof RawNumber)) t.value_formatted = formatUnits(value, token.decimals)
  return t
}

export function nativeTransfer(ctx: Ctx, from: Counterparty | string, to: Counterparty | string, value: bigint, internal: boolean): Record<string, unknown> {
  const out = addressOfParty(from) === ctx.me
  return {
    ...labelsOf('from', from),
    ...labelsOf('to', to),
    value: value.toString(),
    value_formatted: formatEther(value),
    direction: direction(ctx, out),
    internal_transaction: flag(ctx, internal),
    token_symbol: ctx.native,
    token_logo: `${LOGO_ORIGIN}/${ctx.native.toLowerCase()}.svg`,
  }
}

export function nftTransfer(
  ctx: Ctx,
  key: NftKey,
  tokenId: string,
  from: Counterparty | string,
  to: Counterparty | string,
  amount: number,
  logIndex: number,
  operator: string | null,
): Record<string, unknown> {
  const c = nftCollections[key]
  return {
    token_address: tokenAddress(ctx.chain, c.key),
    token_id: tokenId,
    ...labelsOf('from', from),
    ...labelsOf('to', to),
    value: '0',
    amount: ctx.index % 7 === 3 ? amount : String(amount),
    contract_type: c.contractType,
    transaction_type: 'Single',
    log_index: int(ctx, logIndex),
    operator,
    possible_spam: flag(ctx, c.spam),
    verified_collection: flag(ctx, c.verified),
    collection_name: c.name,
  }
}

export interface Draft {
  from: Counterparty | string
  to: Counterparty | string | null
  value: bigint
  gas: number
  input: string
  status?: '1' | '0'
  contractAddress?: string
  erc20?: Record<string, unknown>[]
  nft?: Record<string, unknown>[]
  native?: Record<string, unknown>[]
  internal?: { from: string; to: string; value: bigint }[]
  logs?: { address: string; topics: string[]; data: string }[]
  category: string
  summary: string
  method: string | null
  spam?: boolean
}

export const fmt = (value: bigint, decimals: number) => {
  const [w, f = ''] = formatUnits(value, decimals).split('.')
  const short = f.slice(0, 4).replace(/0+$/, '')
  return `${(w ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${short ? `.${short}` : ''}`
}

export function pickToken(ctx: Ctx): Erc20Token {
  const keys: Erc20Key[] = ['usdc', 'usdt', 'dai', 'weth', 'link', 'gold']
  return erc20Tokens[ctx.rng.pick(keys)]
}
