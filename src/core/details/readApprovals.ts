import type { TransactionEntry } from '../history/schema.js'
import { APPROVAL_LISTS, isUnlimitedAmount, own, tokenDecimals } from './approvalHints.js'
import { addr, type Approval } from './approvalsFromLogs.js'
import type { ApprovalKind } from './types.js'

// The approvals the service lists in an entry's `contract_interactions`.

const KINDS: Readonly<Record<(typeof APPROVAL_LISTS)[number], ApprovalKind>> = {
  approvals: 'approval',
  revokes: 'revoke',
  set_approvals_all: 'approval_for_all',
  set_revokes_all: 'revoke_all',
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
// Decimal text, or a JSON number that is a safe integer (the JSON reader quotes larger ones).
const amountOf = (v: unknown): bigint | null =>
  typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : null

/** The service's items, each with whether the item itself named its owner (else the owner is the entry's sender). */
export function listedApprovals(entry: Record<string, unknown>): { approval: Approval; ownerGiven: boolean }[] {
  const interactions = own(entry, 'contract_interactions')
  const out: { approval: Approval; ownerGiven: boolean }[] = []
  for (const key of APPROVAL_LISTS) {
    const kind = KINDS[key]
    const items = own(interactions, key)
    if (!Array.isArray(items)) continue
    for (const item of items) {
      const token = own(item, 'token')
      const spender = own(item, 'spender')
      const tokenAddress = addr(own(token, 'address'))
      const spenderAddress = addr(own(spender, 'address'))
      if (!tokenAddress || !spenderAddress) continue
      const amount = amountOf(own(item, 'value'))
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
          tokenDecimals: tokenDecimals(token),
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
 * Lists the approvals a history entry made or removed, as the service describes them in its
 * `contract_interactions` object (`approvals`, `revokes`, `set_approvals_all`, `set_revokes_all`).
 *
 * Items it cannot read (no token or spender address) are left out. The owner is the item's
 * `owner` when it has one, else the entry's sender.
 *
 * @param entry - A history entry.
 * @returns The approvals; empty for an entry without the object.
 * @remarks No request.
 * @example
 * ```ts
 * import { createClient, readApprovals } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const page = await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * for (const entry of page.result) for (const a of readApprovals(entry)) console.log(entry.hash, a.kind, a.spender, a.unlimited)
 * ```
 */
export function readApprovals(entry: Partial<Pick<TransactionEntry, 'category' | 'from_address'>> & Record<string, unknown>): Approval[] {
  return listedApprovals(entry).map((l) => l.approval)
}
