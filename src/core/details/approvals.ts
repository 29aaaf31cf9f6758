import { encodeFunctionData, erc20Abi, erc721Abi, getAddress, isAddress, maxUint256, type Address, type Hex } from 'viem'
import { InvalidParameterError } from '../errors.js'
import type { TransactionEntry } from '../history/schema.js'
import type { ApprovalKind, ApprovalStates, TransactionDetails } from './types.js'
import { clip } from '../text.js'

export type { ApprovalKind } from './types.js'

export interface Approval {
  kind: ApprovalKind
  /** The token (or collection) contract. */
  token: Address
  tokenSymbol: string | null
  tokenName: string | null
  tokenDecimals: number | null
  spender: Address
  spenderLabel: string | null
  /** Whose tokens: the entry's (or transaction's) sender, or the log's `owner`; null when unknown. */
  owner: Address | null
  /** Smallest units as given by the service; null for the `*_all` kinds. */
  amount: bigint | null
  /** Max uint256 (or a set-approval-for-all): the spender may take everything. */
  unlimited: boolean
}

const lists: readonly [string, ApprovalKind][] = [
  ['approvals', 'approval'],
  ['revokes', 'revoke'],
  ['set_approvals_all', 'approval_for_all'],
  ['set_revokes_all', 'revoke_all'],
]

function own(o: unknown, key: string): unknown {
  return o !== null && typeof o === 'object' && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined
}
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
const addr = (v: unknown): Address | null => (typeof v === 'string' && isAddress(v, { strict: false }) ? getAddress(v) : null)

/**
 * The approvals a history entry made or removed, from its `contract_interactions` object
 * (`approvals`, `revokes`, `set_approvals_all`, `set_revokes_all`); items it cannot read
 * (no token or spender address) are left out. Empty for an entry without the object.
 */
export function readApprovals(entry: Partial<Pick<TransactionEntry, 'category' | 'from_address'>> & Record<string, unknown>): Approval[] {
  const interactions = own(entry, 'contract_interactions')
  const out: Approval[] = []
  for (const [key, kind] of lists) {
    const items = own(interactions, key)
    if (!Array.isArray(items)) continue
    for (const item of items) {
      const token = own(item, 'token')
      const spender = own(item, 'spender')
      const tokenAddress = addr(own(token, 'address'))
      const spenderAddress = addr(own(spender, 'address'))
      if (!tokenAddress || !spenderAddress) continue
      const rawValue = own(item, 'value')
      const amount = typeof rawValue === 'string' && /^\d+$/.test(rawValue) ? BigInt(rawValue) : null
      const decimals = own(token, 'token_decimals')
      const d = typeof decimals === 'number' ? decimals : typeof decimals === 'string' && /^\d+$/.test(decimals) ? Number(decimals) : null
      const forAll = kind === 'approval_for_all' || kind === 'revoke_all'
      out.push({
        kind,
        token: tokenAddress,
        tokenSymbol: str(own(token, 'token_symbol')),
        tokenName: str(own(token, 'token_name')),
        tokenDecimals: d !== null && d <= 255 ? d : null,
        spender: spenderAddress,
        spenderLabel: str(own(spender, 'address_label')),
        owner: addr(own(entry, 'from_address')),
        amount: forAll ? null : kind === 'revoke' ? (amount ?? 0n) : amount,
        unlimited: kind === 'approval_for_all' || (kind === 'approval' && amount === maxUint256),
      })
    }
  }
  return out
}

/** A transaction request for the app's wallet to sign: blockfeed never holds keys. */
export interface RevokeRequest {
  to: Address
  data: Hex
  value: 0n
}

/**
 * The request that removes an approval: ERC-20 `approve(spender, 0)`, or for an
 * approval-for-all `setApprovalForAll(operator, false)`.
 */
export function revokeApprovalRequest(approval: Pick<Approval, 'token' | 'spender'> & { kind?: ApprovalKind }): RevokeRequest {
  const token = approval?.token
  const spender = approval?.spender
  if (typeof token !== 'string' || !isAddress(token, { strict: false })) throw new InvalidParameterError('token', `expected a contract address, got ${clip(String(token))}`)
  if (typeof spender !== 'string' || !isAddress(spender, { strict: false })) throw new InvalidParameterError('spender', `expected an address, got ${clip(String(spender))}`)
  const data =
    approval.kind === 'approval_for_all'
      ? encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [getAddress(spender), false] })
      : encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [getAddress(spender), 0n] })
  return { to: getAddress(token), data, value: 0n }
}

/**
 * The approvals a transaction's own receipt records (ERC-20 `Approval`, `ApprovalForAll`) where the
 * owner is its sender: the ones that sender's wallet can revoke. For entries without the service's
 * `contract_interactions` (the devnet's, other indexers').
 */
export function approvalsFromLogs(details: Pick<TransactionDetails, 'from' | 'logs'>): Approval[] {
  const out: Approval[] = []
  for (const log of details.logs) {
    if (!log.decoded) continue
    const args = log.args
    const owner = addr(own(args, 'owner'))
    if (!owner || owner !== getAddress(details.from)) continue
    const base = { token: log.address, tokenSymbol: null, tokenName: null, tokenDecimals: null, spenderLabel: null, owner }
    if (log.eventName === 'Approval') {
      const value = own(args, 'value')
      const spender = addr(own(args, 'spender'))
      // ERC-721's Approval (owner, approved, tokenId) is one item's, not an allowance.
      if (!spender || typeof value !== 'bigint') continue
      out.push({ ...base, kind: value === 0n ? 'revoke' : 'approval', spender, amount: value, unlimited: value === maxUint256 })
    } else if (log.eventName === 'ApprovalForAll') {
      const operator = addr(own(args, 'operator'))
      const approved = own(args, 'approved')
      if (!operator || typeof approved !== 'boolean') continue
      out.push({ ...base, kind: approved ? 'approval_for_all' : 'revoke_all', spender: operator, amount: null, unlimited: approved })
    }
  }
  return out
}

/** The approvals to show for an entry and its details: the service's list when it sent one, else the receipt's. */
export function approvalsOf(entry: (Record<string, unknown> & Partial<Pick<TransactionEntry, 'from_address'>>) | undefined, details: Pick<TransactionDetails, 'from' | 'logs'> | null | undefined): Approval[] {
  const listed = entry ? readApprovals(entry) : []
  if (listed.length > 0) return details ? listed.map((a) => ({ ...a, owner: getAddress(details.from) })) : listed
  return details ? approvalsFromLogs(details) : []
}

/** ERC-721/1155 style (`isApprovedForAll`) rather than an ERC-20 allowance. */
export const forAll = (kind: ApprovalKind): boolean => kind.endsWith('_all')

/** What `states` read for this approval (same token, owner, spender and kind of read); undefined when it was not asked. */
export function currentOf(states: ApprovalStates | null | undefined, approval: Pick<Approval, 'kind' | 'token' | 'owner' | 'spender'>): bigint | boolean | null | undefined {
  // Both sides hold checksummed addresses (getAddress), so plain equality is enough.
  return states?.approvals.find((s) => s.forAll === forAll(approval.kind) && s.token === approval.token && s.owner === approval.owner && s.spender === approval.spender)?.current
}

/** What an approval amounts to now. */
export type ApprovalStatus =
  /** As the transaction left it (an approval still in effect, or a revoke still standing). */
  | { state: 'active' }
  /** Revoked or spent since: nothing left. */
  | { state: 'inactive' }
  /** Another amount now (spent in part, or approved again); `remaining` is the allowance, true for `*_all`. */
  | { state: 'changed'; remaining: bigint | boolean }
  /** The node could not say (the call failed). */
  | { state: 'unknown' }

/** Compares an approval with what the node reads now (`currentOf`). */
export function approvalStatus(approval: Pick<Approval, 'kind' | 'amount'>, current: bigint | boolean | null | undefined): ApprovalStatus {
  if (current == null) return { state: 'unknown' }
  const none = current === 0n || current === false
  if (approval.kind.startsWith('revoke')) return none ? { state: 'active' } : { state: 'changed', remaining: current }
  if (none) return { state: 'inactive' }
  return current === true || current === approval.amount ? { state: 'active' } : { state: 'changed', remaining: current }
}

/** A "Revoke" is offered only for an unlimited approval the node still reports in full. */
export function isRevocable(approval: Pick<Approval, 'kind' | 'amount' | 'unlimited'>, current: bigint | boolean | null | undefined): boolean {
  return approval.unlimited && approvalStatus(approval, current).state === 'active'
}

/** True when `head` is past the block the states were read at: time to read them again. */
export function isApprovalStatesStale(states: Pick<ApprovalStates, 'headBlockNumber'> | undefined, head: bigint | string | undefined): boolean {
  if (!states || head === undefined) return false
  return BigInt(head) > states.headBlockNumber
}
