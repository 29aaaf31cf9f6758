import { isUnlimitedAmount } from './approvalHints.js'
import type { Approval, ApprovalStatus } from './approvalsFromLogs.js'
import type { ApprovalKind, ApprovalStates } from './types.js'

// An approval beside what the node reads now: still as the transaction left it, revoked or spent, changed; and whether to offer Revoke.

/** ERC-721/1155 style (`isApprovedForAll`) rather than an ERC-20 allowance. */
export const forAll = (kind: ApprovalKind): boolean => kind.endsWith('_all')

/** What `states` read for this approval (same token, owner, spender and kind of read); undefined when it was not asked. */
export function currentOf(states: ApprovalStates | null | undefined, approval: Pick<Approval, 'kind' | 'token' | 'owner' | 'spender'>): bigint | boolean | null | undefined {
  // Both sides hold checksummed addresses (getAddress), so plain equality is enough.
  return states?.approvals.find((s) => s.forAll === forAll(approval.kind) && s.token === approval.token && s.owner === approval.owner && s.spender === approval.spender)?.current
}

/** Compares an approval with what the node reads now (`currentOf`). */
export function approvalStatus(approval: Pick<Approval, 'kind' | 'amount'>, current: bigint | boolean | null | undefined): ApprovalStatus {
  if (current == null) return { state: 'unknown' }
  const none = current === 0n || current === false
  if (approval.kind.startsWith('revoke')) return none ? { state: 'active' } : { state: 'changed', remaining: current }
  if (none) return { state: 'inactive' }
  // Unlimited then and now (max less a spend, or a token's uint96 max) is the same approval.
  const same = current === true || current === approval.amount || (isUnlimitedAmount(approval.amount) && isUnlimitedAmount(current))
  return same ? { state: 'active' } : { state: 'changed', remaining: current }
}

/**
 * A "Revoke" is offered for an unlimited approval (`unlimited`) while the node reads anything left
 * of it: still unlimited, spent down to a limited amount, or set to another non-zero amount since —
 * a live allowance is a live risk. Never for a limited approval, a revoke, or a zero, unread or
 * unreadable allowance.
 */
export function isRevocable(approval: Pick<Approval, 'kind' | 'amount' | 'unlimited'>, current: bigint | boolean | null | undefined): boolean {
  return approval.unlimited && !approval.kind.startsWith('revoke') && (current === true || (typeof current === 'bigint' && current > 0n))
}
