import { encodeFunctionData, erc20Abi, erc721Abi, getAddress, isAddress, type Address, type Hex } from 'viem'
import { InvalidParameterError } from '../errors.js'
import type { TransactionEntry } from '../history/schema.js'
import { clip } from '../text.js'
import { APPROVAL_LISTS, isUnlimitedAmount, own, tokenDecimals } from './approvalHints.js'
import type { ApprovalKind, ApprovalStates, TransactionDetails } from './types.js'

export type { ApprovalKind } from './types.js'
export { isApprovalStatesStale, isUnlimitedAmount } from './approvalHints.js'


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


const KINDS: Readonly<Record<(typeof APPROVAL_LISTS)[number], ApprovalKind>> = {
  approvals: 'approval',
  revokes: 'revoke',
  set_approvals_all: 'approval_for_all',
  set_revokes_all: 'revoke_all',
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
const addr = (v: unknown): Address | null => (typeof v === 'string' && isAddress(v, { strict: false }) ? getAddress(v) : null)
// Decimal text, or a JSON number that is a safe integer (the JSON reader quotes larger ones).
const amountOf = (v: unknown): bigint | null =>
  typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : null

/** The service's items, each with whether the item itself named its owner (else the owner is the entry's sender). */
function listedApprovals(entry: Record<string, unknown>): { approval: Approval; ownerGiven: boolean }[] {
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

/** A transaction request for your app's wallet to sign: blockfeed never holds keys. */
export interface RevokeRequest {
  /** The token contract. */
  to: Address
  /** The calldata: `approve(spender, 0)` or `setApprovalForAll(operator, false)`. */
  data: Hex
  /** No value is sent. */
  value: 0n
}

/**
 * Builds the transaction that removes an approval, for your user's wallet to send: ERC-20
 * `approve(spender, 0)`, or for an approval-for-all `setApprovalForAll(operator, false)`.
 *
 * @param approval - The token and spender, and the kind (`approval_for_all` revokes an operator).
 * @returns `{ to, data, value: 0n }`, ready for viem's or wagmi's `sendTransaction`.
 * @throws {@link InvalidParameterError} When the token or spender is not an address.
 * @remarks No request: the calldata is encoded locally.
 * @example
 * ```ts
 * import { revokeApprovalRequest } from 'blockfeed'
 *
 * const request = revokeApprovalRequest({
 *   token: '0x00000000000000000000000000000000000000a1',
 *   spender: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
 *   kind: 'approval',
 * })
 * console.log(request.to, request.data)
 * ```
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

// What a transaction calls to grant an allowance itself (approve, increaseAllowance, EIP-2612 permit, DAI's permit), by
// selector: then its Approval logs at that token are approvals, never spends.
const GRANTS = new Set(['0x095ea7b3', '0x39509351', '0xd505accf', '0x8fcbaf0c'])

type Receipt = Pick<TransactionDetails, 'logs'> & Partial<Pick<TransactionDetails, 'from' | 'to' | 'input' | 'status'>>

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

/** ERC-721/1155 style (`isApprovedForAll`) rather than an ERC-20 allowance. */
export const forAll = (kind: ApprovalKind): boolean => kind.endsWith('_all')

/** What `states` read for this approval (same token, owner, spender and kind of read); undefined when it was not asked. */
export function currentOf(states: ApprovalStates | null | undefined, approval: Pick<Approval, 'kind' | 'token' | 'owner' | 'spender'>): bigint | boolean | null | undefined {
  // Both sides hold checksummed addresses (getAddress), so plain equality is enough.
  return states?.approvals.find((s) => s.forAll === forAll(approval.kind) && s.token === approval.token && s.owner === approval.owner && s.spender === approval.spender)?.current
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

