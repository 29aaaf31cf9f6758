import { getAddress, isAddress, type Address, type Hex } from 'viem'
import { isUnlimitedAmount, own } from './approvalHints.js'
import type { ApprovalKind, TransactionDetails } from './types.js'

// The approvals a transaction's receipt records (its `Approval` and `ApprovalForAll` logs), after the shapes every
// approval reader shares. They share a file because the reference documents a type on the page of the first function
// of its file: approvalsFromLogs.

/** One approval a transaction made or removed: who may spend whose tokens, and how much. */
export interface Approval {
  /** What it did: approve, revoke, or approve or revoke an operator for all. */
  kind: ApprovalKind
  /** The token (or collection) contract. */
  token: Address
  /** The token's symbol as the service sent it (untrusted text); null when unknown. */
  tokenSymbol: string | null
  /** The token's name as the service sent it (untrusted text); null when unknown. */
  tokenName: string | null
  /** The token's decimals; null when unknown. */
  tokenDecimals: number | null
  /** Who may spend (the operator for the `*_all` kinds). */
  spender: Address
  /** The service's label for the spender (untrusted text); null when none. */
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

/** What an approval amounts to now, by what the node reads: `active`, `inactive` (revoked or spent), `changed` (with what remains) or `unknown`. */
export type ApprovalStatus =
  /** As the transaction left it (an approval still in effect, or a revoke still standing). */
  | { state: 'active' }
  /** Revoked or spent since: nothing left. */
  | { state: 'inactive' }
  /** Another amount now (spent in part, or approved again); `remaining` is the allowance, true for `*_all`. */
  | { state: 'changed'; remaining: bigint | boolean }
  /** The node could not say (the call failed). */
  | { state: 'unknown' }

/** A transaction request for your app's wallet to sign: blockfeed never holds keys. */
export interface RevokeRequest {
  /** The token contract. */
  to: Address
  /** The calldata: `approve(spender, 0)` or `setApprovalForAll(operator, false)`. */
  data: Hex
  /** No value is sent. */
  value: 0n
}

/** An address in any letter case, checksummed; null for anything else (the service's list and the logs are read so). */
export const addr = (v: unknown): Address | null => (typeof v === 'string' && isAddress(v, { strict: false }) ? getAddress(v) : null)

// What a transaction calls to grant an allowance itself (approve, increaseAllowance, EIP-2612 permit, DAI's permit), by
// selector: then its Approval logs at that token are approvals, never spends.
const GRANTS = new Set(['0x095ea7b3', '0x39509351', '0xd505accf', '0x8fcbaf0c'])

/** What reading approvals takes of a transaction's details: its logs, and when known its sender, target, input and status. */
export type Receipt = Pick<TransactionDetails, 'logs'> & Partial<Pick<TransactionDetails, 'from' | 'to' | 'input' | 'status'>>

/** The token whose approve/increaseAllowance/permit the transaction calls; null for any other call. */
function grantedToken(details: Receipt): Address | null {
  return details.to && typeof details.input === 'string' && GRANTS.has(details.input.slice(0, 10).toLowerCase()) ? getAddress(details.to) : null
}

/** `token:from` of every ERC-20 Transfer in the receipt: an Approval of that token by that owner beside one is an allowance being spent. */
function transfersOut(logs: Receipt['logs']): Set<string> {
  const out = new Set<string>()
  for (const l of logs) {
    const from = l.decoded && l.eventName === 'Transfer' && typeof own(l.args, 'value') === 'bigint' ? addr(own(l.args, 'from')) : null
    if (from) out.add(`${getAddress(l.address)}:${from}`)
  }
  return out
}

/**
 * Lists the approvals a transaction's own receipt records, for entries the service did not describe
 * (the devnet's, other indexers').
 *
 * @param details - The transaction's details from {@link getTransactionDetails}.
 * @param wallet - The wallet being viewed, when it may not be the sender (a smart account).
 * @returns The approvals of the sender, of `wallet`, or granted by the call itself.
 * @remarks No request. ERC-20 `Approval` and `ApprovalForAll` logs, owned by
 * the log's `owner`: the sender's, `wallet`'s (a smart account the sender acted for), or those the
 * call itself grants (approve/permit on the token: a relayed permit is its signer's). For
 * entries without the service's `contract_interactions` (the devnet's, other indexers').
 * An `Approval` next to a `Transfer` of the same token out of the same owner is an allowance being
 * spent (OpenZeppelin's `transferFrom` emits the remainder), not one granted, and is left out —
 * unless the transaction itself calls approve/increaseAllowance/permit on that token.
 * @example
 * ```ts
 * import { approvalsFromLogs, createClient, getTransactionDetails } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const details = await getTransactionDetails(client, { hash: '0x2a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809' })
 * if (details) console.log(approvalsFromLogs(details))
 * ```
 */
export function approvalsFromLogs(details: Receipt & Partial<Pick<TransactionDetails, 'from'>>, wallet?: string | undefined): Approval[] {
  // Whose approvals: the sender's, the viewed wallet's (a smart account the sender acted for), and
  // any the call itself makes on a token (a relayed permit). A contract's own approvals inside the
  // call (a router approving a pool) are not the user's.
  const owners = new Set([addr(details.from), addr(wallet)].filter((a): a is Address => a !== null))
  const granted = grantedToken(details)
  const spent = transfersOut(details.logs)
  const out: Approval[] = []
  for (const log of details.logs) {
    if (!log.decoded) continue
    const args = log.args
    const owner = addr(own(args, 'owner'))
    const token = getAddress(log.address)
    // The transaction's own approve/permit call on this token (a relayed permit names its signer) counts whoever owns it.
    if (!owner || (!owners.has(owner) && token !== granted)) continue
    const base = { token, tokenSymbol: null, tokenName: null, tokenDecimals: null, spenderLabel: null, owner }
    if (log.eventName === 'Approval') {
      const value = own(args, 'value')
      const spender = addr(own(args, 'spender'))
      // ERC-721's Approval (owner, approved, tokenId) is one item's, not an allowance.
      if (!spender || typeof value !== 'bigint') continue
      if (token !== granted && spent.has(`${token}:${owner}`)) continue
      out.push({ ...base, kind: value === 0n ? 'revoke' : 'approval', spender, amount: value, unlimited: isUnlimitedAmount(value) })
    } else if (log.eventName === 'ApprovalForAll') {
      const operator = addr(own(args, 'operator'))
      const approved = own(args, 'approved')
      if (!operator || typeof approved !== 'boolean') continue
      out.push({ ...base, kind: approved ? 'approval_for_all' : 'revoke_all', spender: operator, amount: null, unlimited: approved })
    }
  }
  return out
}
