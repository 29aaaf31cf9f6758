import { getAddress, isAddress, maxUint96, type Address } from 'viem'
import type { TransactionEntry } from '../history/schema.js'
import type { ApprovalKind, ApprovalStates, TransactionDetails } from './types.js'

/**
 * The approvals a history entry lists, read as the rows and the details view need them first. The
 * rest (the receipt's approvals, what they amount to now, the revoke request) is `approvals.ts`,
 * which loads with the first transaction that has any.
 */

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
  /**
   * Whose tokens: the log's `owner`, the service item's `owner`, else the sender (a smart account's
   * or a relayed permit's owner is not the one who sent the transaction); null when unknown.
   */
  owner: Address | null
  /** Smallest units as given by the service; null for the `*_all` kinds. */
  amount: bigint | null
  /** An amount at or above 2^96−1 (`isUnlimitedAmount`), or a set-approval-for-all: the spender may take everything. */
  unlimited: boolean
}

/**
 * True for an allowance at or above 2^96−1: max uint256, what is left of it after spends on tokens
 * that subtract even from max (OpenZeppelin 3.x–4.4), and the uint96 max UNI or COMP store for it.
 */
export const isUnlimitedAmount = (amount: unknown): boolean => typeof amount === 'bigint' && amount >= maxUint96

const lists: readonly [string, ApprovalKind][] = [
  ['approvals', 'approval'],
  ['revokes', 'revoke'],
  ['set_approvals_all', 'approval_for_all'],
  ['set_revokes_all', 'revoke_all'],
]

export function own(o: unknown, key: string): unknown {
  return o !== null && typeof o === 'object' && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined
}
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
export const addr = (v: unknown): Address | null => (typeof v === 'string' && isAddress(v, { strict: false }) ? getAddress(v) : null)
// Decimal text, or a JSON number that is a safe integer (the JSON reader quotes larger ones).
export const amountOf = (v: unknown): bigint | null =>
  typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : null

/** The service's items, each with whether the item itself named its owner (else the owner is the entry's sender). */
export function listedApprovals(entry: Record<string, unknown>): { approval: Approval; ownerGiven: boolean }[] {
  const interactions = own(entry, 'contract_interactions')
  const out: { approval: Approval; ownerGiven: boolean }[] = []
  for (const [key, kind] of lists) {
    const items = own(interactions, key)
    if (!Array.isArray(items)) continue
    for (const item of items) {
      const token = own(item, 'token')
      const spender = own(item, 'spender')
      const tokenAddress = addr(own(token, 'address'))
      const spenderAddress = addr(own(spender, 'address'))
      if (!tokenAddress || !spenderAddress) continue
      const amount = amountOf(own(item, 'value'))
      const decimals = own(token, 'token_decimals')
      const d = typeof decimals === 'number' ? decimals : typeof decimals === 'string' && /^\d+$/.test(decimals) ? Number(decimals) : null
      const forAll = kind === 'approval_for_all' || kind === 'revoke_all'
      // `owner` as an address or as `{ address }`, like `spender`.
      const itemOwner = addr(own(item, 'owner')) ?? addr(own(own(item, 'owner'), 'address'))
      out.push({
        ownerGiven: itemOwner !== null,
        approval: {
          kind,
          token: tokenAddress,
          tokenSymbol: str(own(token, 'token_symbol')),
          tokenName: str(own(token, 'token_name')),
          tokenDecimals: d !== null && d <= 255 ? d : null,
          spender: spenderAddress,
          spenderLabel: str(own(spender, 'address_label')),
          owner: itemOwner ?? addr(own(entry, 'from_address')),
          amount: forAll ? null : kind === 'revoke' ? (amount ?? 0n) : amount,
          unlimited: kind === 'approval_for_all' || (kind === 'approval' && isUnlimitedAmount(amount)),
        },
      })
    }
  }
  return out
}

/**
 * The approvals a history entry made or removed, from its `contract_interactions` object
 * (`approvals`, `revokes`, `set_approvals_all`, `set_revokes_all`); items it cannot read
 * (no token or spender address) are left out. Empty for an entry without the object.
 * The owner is the item's `owner` when it has one, else the entry's sender.
 */
export function readApprovals(entry: Partial<Pick<TransactionEntry, 'category' | 'from_address'>> & Record<string, unknown>): Approval[] {
  return listedApprovals(entry).map((l) => l.approval)
}

/** True when `head` is past the block the states were read at: time to read them again. */
export function isApprovalStatesStale(states: Pick<ApprovalStates, 'headBlockNumber'> | undefined, head: bigint | string | undefined): boolean {
  if (!states || head === undefined) return false
  return BigInt(head) > states.headBlockNumber
}

/** Whether an entry lists approvals (its `contract_interactions`): cheap, before anything is read. */
export function listsApprovals(entry: unknown): boolean {
  const interactions = own(entry, 'contract_interactions')
  return lists.some(([key]) => {
    const items = own(interactions, key)
    return Array.isArray(items) && items.length > 0
  })
}

/** Whether a receipt's decoded logs hold an `Approval` or `ApprovalForAll`. */
export function logsApprovals(details: Pick<TransactionDetails, 'logs'> | null | undefined): boolean {
  return !!details?.logs.some((l) => l.decoded && (l.eventName === 'Approval' || l.eventName === 'ApprovalForAll'))
}
