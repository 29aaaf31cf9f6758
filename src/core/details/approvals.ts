import { getAddress, type Address } from 'viem'
import type { TransactionEntry } from '../history/schema.js'
import { isUnlimitedAmount, own } from './approvalHints.js'
import { addr, approvalsFromLogs, type Approval, type Receipt } from './approvalsFromLogs.js'
import { forAll } from './approvalStatus.js'
import { listedApprovals } from './readApprovals.js'
import type { TransactionDetails } from './types.js'

// The approvals to show for a transaction: the service's list, else its receipt's. Reading each, the revoke
// request and the comparison with what the node reads now are beside this file and re-exported here.
export type { ApprovalKind } from './types.js'
export { isApprovalStatesStale, isUnlimitedAmount } from './approvalHints.js'
export { approvalsFromLogs, type Approval, type ApprovalStatus, type RevokeRequest } from './approvalsFromLogs.js'
export { approvalStatus, currentOf, forAll, isRevocable } from './approvalStatus.js'
export { readApprovals } from './readApprovals.js'
export { revokeApprovalRequest } from './revokeApprovalRequest.js'

/**
 * Whose allowance a listed approval is, from the receipt: the owner of an `Approval` (or
 * `ApprovalForAll`) log of the same token and spender, one with the same amount first.
 */
function ownerInLogs(logs: Receipt['logs'], a: Approval): Address | null {
  const all = forAll(a.kind)
  let first: Address | null = null
  for (const log of logs) {
    if (!log.decoded || log.eventName !== (all ? 'ApprovalForAll' : 'Approval') || getAddress(log.address) !== a.token) continue
    const owner = addr(own(log.args, 'owner'))
    const value = own(log.args, all ? 'approved' : 'value')
    if (!owner || addr(own(log.args, all ? 'operator' : 'spender')) !== a.spender || typeof value !== (all ? 'boolean' : 'bigint')) continue
    const same = all ? value === (a.kind === 'approval_for_all') : value === a.amount || (a.unlimited && isUnlimitedAmount(value))
    if (same) return owner
    first ??= owner
  }
  return first
}

/**
 * Lists the approvals to show for a transaction: the service's list when it sent one, else the
 * receipt's.
 *
 * @param entry - The history entry, when you have one.
 * @param details - Its details from {@link getTransactionDetails}, when read.
 * @param wallet - The wallet being viewed, when it may not be the sender (a smart account).
 * @returns The approvals; empty once the details say the transaction reverted.
 * @remarks No request. A listed approval's owner is the item's `owner`, else the owner of the receipt's matching
 * log, else the transaction's sender. None once the details say the transaction reverted: whatever a
 * list says it approved did not happen.
 * @example
 * ```ts
 * import { approvalsOf, createClient, getTransactionDetails } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const page = await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', limit: 1 })
 * const entry = page.result[0]
 * const details = entry ? await getTransactionDetails(client, { hash: entry.hash as `0x${string}` }) : null
 * console.log(approvalsOf(entry, details))
 * ```
 */
export function approvalsOf(
  entry: (Record<string, unknown> & Partial<Pick<TransactionEntry, 'from_address'>>) | undefined,
  details: (Receipt & Pick<TransactionDetails, 'from'>) | null | undefined,
  /** The wallet being viewed, when it may not be the sender (a smart account): its approvals in the receipt count too. */
  wallet?: string | undefined,
): Approval[] {
  if (details?.status === 'reverted') return []
  const listed = entry ? listedApprovals(entry) : []
  if (listed.length > 0) {
    if (!details) return listed.map((l) => l.approval)
    return listed.map(({ approval, ownerGiven }) => (ownerGiven ? approval : { ...approval, owner: ownerInLogs(details.logs, approval) ?? getAddress(details.from) }))
  }
  return details ? approvalsFromLogs(details, wallet) : []
}
