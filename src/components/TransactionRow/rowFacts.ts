import type { NativeTransfer, TransactionEntry } from '../../core/history/schema.js'
import { nativeFlows } from '../../core/history/flows.js'
import { isDisplaySafeName } from '../../core/details/nameSafety.js'
import { displayAddress } from '../shared/address.js'
import { flowOf, isContractCreation, isFailed, sameAddress, transactionDirection, type FlowDirection } from '../shared/direction.js'
import { ownValue } from '../shared/lookup.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import { isHiddenTransfer, type HideRules } from '../shared/spam.js'
import { cleanText, clipText } from '../shared/text.js'

/**
 * What a row says a transaction did, as one verb. The service's `category` wins when it names one of
 * these (the generic "contract interaction" gives way to `approve` or `revoke` when the method is an
 * approval); otherwise it is read from the transfers. `other` titles the row with the service's own category.
 */
export type RowKind =
  | 'send' | 'receive' | 'self' | 'swap' | 'approve' | 'revoke' | 'mint' | 'burn' | 'airdrop'
  | 'deposit' | 'withdraw' | 'borrow' | 'buy' | 'sell' | 'call' | 'deploy' | 'failed' | 'other'

/** One amount that moved for the viewed wallet: what the trailing column shows. */
export interface Movement {
  kind: 'native' | 'erc20' | 'nft'
  direction: FlowDirection
  /** Raw integer text (smallest unit), or the NFT count. */
  value: string
  decimals: string | number | null
  formatted: string | null
  symbol: string | null
  logo: string | null
  spam: boolean
  /** NFTs only. */
  tokenId: string | null
}

/** Who the row is about: the other side for the viewed wallet. */
export interface Party {
  /** How the subtitle introduces it: "To …", "From …", or the party alone (a contract called). */
  role: 'to' | 'from' | 'at'
  /** The service's label, else a verified name, else the short address; untrusted text, cleaned and clipped. */
  text: string
  /** The full address, when the party is one (the tooltip). */
  address: string | null
}

export interface RowFacts {
  kind: RowKind
  direction: FlowDirection
  failed: boolean
  /** The service's category for `other` (cleaned, capitalized), and the method called for `call`. */
  detail: string | null
  party: Party | null
  /** Outgoing first, then incoming: a swap reads −500 USDC / +0.16 ETH. */
  movements: Movement[]
}

/** Verified names by lower-case address (the feed's `NamesContext`), used when the service gave no label. */
export type Names = ReadonlyMap<string, string> | null | undefined

// Moralis-style categories the hosted service sends, by the verb a row shows.
const SERVICE_KIND: Record<string, RowKind> = {
  send: 'send', 'token send': 'send', 'nft send': 'send',
  receive: 'receive', 'token receive': 'receive', 'nft receive': 'receive',
  'token swap': 'swap', swap: 'swap',
  approve: 'approve', approval: 'approve', 'token approval': 'approve', revoke: 'revoke',
  mint: 'mint', 'nft mint': 'mint', 'token mint': 'mint', burn: 'burn', 'nft burn': 'burn', 'token burn': 'burn',
  airdrop: 'airdrop', deposit: 'deposit', withdraw: 'withdraw', borrow: 'borrow',
  'nft purchase': 'buy', 'nft sale': 'sell',
  'contract interaction': 'call', 'contract creation': 'deploy',
}

const ZERO_ADDRESS = /^0x0{40}$/i
// approve(address,uint256) and setApprovalForAll(address,bool): approvals even when the service names no method.
const APPROVAL_SELECTORS = ['0x095ea7b3', '0xa22cb465']
// Approval(owner, spender, value) of ERC-20, Approval(owner, approved, tokenId) of ERC-721, ApprovalForAll(owner, operator, approved).
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const APPROVAL_FOR_ALL_TOPIC = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'
const ZERO_WORD = /^0x0{64}$/

/** A party's text: the service's label, a verified name that cannot pass for another, else the short address. */
export function partyText(address: string | null | undefined, label: string | null | undefined, names: Names): string | null {
  const verified = address ? names?.get(address.toLowerCase()) : undefined
  const name = cleanText(label) ?? (isDisplaySafeName(verified) ? verified : null)
  if (name) return clipText(name, 24).shown
  return address ? displayAddress(address).short : null
}

/** The native value of the transaction itself, when the service sent no native transfer for it. */
export function impliedNativeTransfer(tx: TransactionEntry): NativeTransfer | null {
  if (tx.native_transfers.length > 0 || BigInt(tx.value) === 0n) return null
  return {
    from_address: tx.from_address,
    from_address_label: tx.from_address_label,
    to_address: tx.to_address,
    to_address_label: tx.to_address_label,
    value: tx.value,
    value_formatted: null,
    direction: null,
    internal_transaction: false,
    token_symbol: null,
    token_logo: null,
  }
}

/** Every amount of the transaction that moved for the wallet (or every one, with no wallet), hidden transfers left out. */
function movementsOf(tx: TransactionEntry, wallet: string | undefined, chain: DisplayOptions['chain'], rules: HideRules): Movement[] {
  const native = nativeCurrency(chain)
  const implied = impliedNativeTransfer(tx)
  const natives = implied ? [implied] : tx.native_transfers
  const seen = (from: string | null | undefined, to: string | null | undefined, given?: string | null): FlowDirection =>
    wallet === undefined ? (given === 'incoming' ? 'in' : given === 'outgoing' ? 'out' : 'none') : flowOf(wallet, from, to)
  const all: Movement[] = []
  for (const f of nativeFlows(natives, tx.internal_transactions)) {
    const t = f.kind === 'native' ? f.transfer : null
    const from = t ? t.from_address : f.kind === 'internal' ? f.transaction.from : null
    const to = t ? t.to_address : f.kind === 'internal' ? f.transaction.to : null
    const value = t ? t.value : f.kind === 'internal' ? f.transaction.value : '0'
    if (!/^\d+$/.test(value) || BigInt(value) === 0n) continue
    all.push({
      kind: 'native', direction: seen(from, to, t?.direction), value, decimals: native.decimals,
      formatted: t?.value_formatted ?? null, symbol: t?.token_symbol ?? native.symbol ?? null, logo: t?.token_logo ?? null, spam: false, tokenId: null,
    })
  }
  for (const t of tx.erc20_transfer) {
    if (isHiddenTransfer(t, 'erc20', rules)) continue
    all.push({
      kind: 'erc20', direction: seen(t.from_address, t.to_address, t.direction), value: t.value, decimals: t.token_decimals,
      formatted: t.value_formatted ?? null, symbol: t.token_symbol ?? t.token_name ?? null, logo: t.token_logo ?? null, spam: t.possible_spam === true, tokenId: null,
    })
  }
  for (const t of tx.nft_transfers) {
    if (isHiddenTransfer(t, 'nft', rules)) continue
    all.push({
      kind: 'nft', direction: seen(t.from_address, t.to_address, t.direction), value: t.amount ?? '1', decimals: 0,
      formatted: null, symbol: cleanText((t as { token_symbol?: unknown }).token_symbol as string | null) ?? null, logo: null, spam: t.possible_spam === true, tokenId: t.token_id,
    })
  }
  const mine = wallet === undefined ? all : all.filter((m) => m.direction !== 'none')
  const rank = (d: FlowDirection) => (d === 'out' ? 0 : d === 'in' ? 1 : 2)
  return mine.sort((a, b) => rank(a.direction) - rank(b.direction))
}

function isApproval(tx: TransactionEntry): boolean {
  const method = cleanText(tx.method_label)?.toLowerCase()
  if (method === 'approve' || method === 'setapprovalforall' || method === 'increaseallowance') return true
  const input = typeof tx.input === 'string' ? tx.input.slice(0, 10).toLowerCase() : ''
  return APPROVAL_SELECTORS.includes(input)
}

/** Whether the entry's approval events all take a permission away: an allowance of 0, a cleared NFT approval, approval for all turned off. */
function revokesOnly(tx: TransactionEntry): boolean {
  const events = tx.logs.filter((l) => [APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC].includes(l.topic0?.toLowerCase() ?? ''))
  // An ERC-721 Approval indexes its token id (topic3) and names the approved address in topic2; the others say it in their data.
  return events.length > 0 && events.every((l) => ZERO_WORD.test((l.topic0!.toLowerCase() === APPROVAL_TOPIC && l.topic3 ? l.topic2 : l.data) ?? ''))
}

/** `approve` or `revoke` for a call that grants or withdraws an allowance and moves nothing; null for any other. */
function approvalKind(tx: TransactionEntry, movements: readonly Movement[]): 'approve' | 'revoke' | null {
  if (!isApproval(tx) || movements.length > 0) return null
  return revokesOnly(tx) ? 'revoke' : 'approve'
}

function derivedKind(tx: TransactionEntry, wallet: string | undefined, movements: readonly Movement[], direction: FlowDirection): RowKind {
  const outs = movements.filter((m) => m.direction === 'out')
  const ins = movements.filter((m) => m.direction === 'in')
  const minted = tx.nft_transfers.some((t) => ZERO_ADDRESS.test(t.from_address ?? '') && flowOf(wallet, t.from_address, t.to_address) === 'in')
    || tx.erc20_transfer.some((t) => ZERO_ADDRESS.test(t.from_address ?? '') && flowOf(wallet, t.from_address, t.to_address) === 'in')
  // Paying for a mint (ETH out) is still a mint; paying for an NFT someone had is a purchase, selling one a sale.
  if (minted && outs.every((o) => o.kind === 'native')) return 'mint'
  if (outs.length > 0 && ins.length > 0) {
    if (ins.every((i) => i.kind === 'nft') && outs.every((o) => o.kind !== 'nft')) return 'buy'
    if (outs.every((o) => o.kind === 'nft') && ins.every((i) => i.kind !== 'nft')) return 'sell'
    if (outs.some((o) => ins.every((i) => i.kind !== o.kind || i.symbol !== o.symbol))) return 'swap'
  }
  const approval = approvalKind(tx, movements)
  if (approval) return approval
  // Tokens sent to the wallet itself (a self-transfer through the token contract) moved nowhere.
  if (movements.length > 0 && movements.every((m) => m.direction === 'self')) return 'self'
  // A call that only brought value in (a claim, a withdrawal) reads as received, as wallets show it.
  if (direction === 'in' || (outs.length === 0 && ins.length > 0)) return 'receive'
  if (direction === 'self') return movements.length > 0 ? 'self' : 'call'
  if (direction === 'out') return outs.length > 0 || movements.length > 0 ? 'send' : 'call'
  return ins.length > 0 ? 'receive' : 'call'
}

function partyOf(tx: TransactionEntry, kind: RowKind, wallet: string | undefined, names: Names): Party | null {
  const make = (role: Party['role'], address: string | null | undefined, label: string | null | undefined): Party | null => {
    const text = partyText(address, label, names)
    // The tooltip gives the whole address as the Address component does: checksummed.
    return text === null ? null : { role, text, address: address ? displayAddress(address).text : null }
  }
  if (kind === 'deploy') return make('at', tx.receipt_contract_address, null)
  const transfers = [...tx.erc20_transfer, ...tx.nft_transfers, ...tx.native_transfers]
  const first = (flow: FlowDirection) => transfers.find((t) => flowOf(wallet, t.from_address, t.to_address) === flow)
  const firstIn = first('in')
  const firstOut = first('out')
  if (kind === 'receive' || kind === 'airdrop' || kind === 'withdraw' || kind === 'borrow' || kind === 'sell') {
    if (firstIn && !ZERO_ADDRESS.test(firstIn.from_address ?? '')) return make('from', firstIn.from_address, firstIn.from_address_label)
    return sameAddress(tx.to_address, wallet) ? make('from', tx.from_address, tx.from_address_label) : make('from', tx.to_address, tx.to_address_label ?? tx.to_address_entity)
  }
  if (kind === 'send' && firstOut) return make('to', firstOut.to_address, firstOut.to_address_label)
  if (kind === 'send') return make('to', tx.to_address, tx.to_address_label ?? tx.to_address_entity)
  if (kind === 'self') return null
  if (kind === 'failed' && sameAddress(tx.to_address, wallet)) return make('from', tx.from_address, tx.from_address_label)
  return make(kind === 'failed' ? 'to' : 'at', tx.to_address, tx.to_address_label ?? tx.to_address_entity)
}

/** The service's own category for display: cleaned, clipped and capitalized. */
function serviceCategory(category: string): string {
  const text = clipText(cleanText(category) ?? '', 32).shown
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The facts a row is drawn from (no words: the row words them): one kind, the wallet's direction,
 * the other party, and the amounts that moved for the wallet, outgoing first.
 */
export function rowFacts(tx: TransactionEntry, wallet: string | undefined, chain: DisplayOptions['chain'], rules: HideRules, names?: Names): RowFacts {
  const failed = isFailed(tx)
  const direction = transactionDirection(tx, wallet)
  const movements = movementsOf(tx, wallet, chain, rules)
  const category = cleanText(tx.category)?.toLowerCase()
  const named = category === undefined ? undefined : ownValue(SERVICE_KIND, category)
  // The generic "contract interaction" says nothing of what was called: an approval still reads as one.
  const fromService = named === 'call' ? (approvalKind(tx, movements) ?? named) : named
  const kind: RowKind = failed
    ? 'failed'
    : isContractCreation(tx)
      ? 'deploy'
      : fromService ?? (category ? 'other' : derivedKind(tx, wallet, movements, direction))
  const method = cleanText(tx.method_label)
  const detail = kind === 'other' ? serviceCategory(tx.category!) : kind === 'call' && method ? clipText(method, 24).shown : null
  // A failed transaction's party is the one it was for: read as the kind it would have been.
  const partyKind = kind === 'failed' ? (isContractCreation(tx) ? 'deploy' : derivedKind(tx, wallet, movements, direction)) : kind
  return { kind, direction, failed, detail, party: partyOf(tx, partyKind === 'deploy' && failed ? 'call' : partyKind, wallet, names), movements }
}
