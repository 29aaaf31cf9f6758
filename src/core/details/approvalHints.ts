import { isAddress, maxUint96 } from 'viem'
import type { ApprovalStates, TransactionDetails } from './types.js'

/**
 * Cheap looks at approvals before their code loads (it comes with the first transaction that has
 * any): whether there are some, the tokens the service named, and whether read states are stale.
 */

/**
 * True for an allowance at or above 2^96−1: max uint256, what is left of it after spends on tokens
 * that subtract even from max (OpenZeppelin 3.x–4.4), and the uint96 max UNI or COMP store for it.
 */
export const isUnlimitedAmount = (amount: unknown): boolean => typeof amount === 'bigint' && amount >= maxUint96

/** The service's `contract_interactions` lists, in the order they are read. */
export const APPROVAL_LISTS = ['approvals', 'revokes', 'set_approvals_all', 'set_revokes_all'] as const

export function own(o: unknown, key: string): unknown {
  return o !== null && typeof o === 'object' && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined
}

/** A listed token's `token_decimals` (number or digits, 0–255), else null. */
export function tokenDecimals(token: unknown): number | null {
  const v = own(token, 'token_decimals')
  const d = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null
  return d !== null && Number.isInteger(d) && d >= 0 && d <= 255 ? d : null
}

/** The items of an entry's approval lists. */
function listedItems(entry: unknown): unknown[] {
  const interactions = own(entry, 'contract_interactions')
  return APPROVAL_LISTS.flatMap((key) => {
    const items = own(interactions, key)
    return Array.isArray(items) ? items : []
  })
}

/** Whether an entry lists approvals (its `contract_interactions`). */
export function listsApprovals(entry: unknown): boolean {
  return listedItems(entry).length > 0
}

/** The tokens an entry's approval items name: address, symbol and decimals as the service sent them. */
export function listedTokens(entry: unknown): { address: string; symbol: unknown; decimals: number | null }[] {
  return listedItems(entry).flatMap((item) => {
    const token = own(item, 'token')
    const address = own(token, 'address')
    return typeof address === 'string' && isAddress(address, { strict: false }) ? [{ address, symbol: own(token, 'token_symbol'), decimals: tokenDecimals(token) }] : []
  })
}

/** Whether a receipt's decoded logs hold an `Approval` or `ApprovalForAll`. */
export function logsApprovals(details: Pick<TransactionDetails, 'logs'> | null | undefined): boolean {
  return !!details?.logs.some((l) => l.decoded && (l.eventName === 'Approval' || l.eventName === 'ApprovalForAll'))
}

/**
 * Tells whether approval states read earlier are out of date: true when `head` is past the block they
 * were read at, so it is time to read them again.
 *
 * @param states - States from {@link getApprovalStates} (or their query); `undefined` when not read yet.
 * @param head - The current head block number (bigint or hex text); `undefined` when not known.
 * @returns True when they should be read again; false when they are current or nothing can be compared.
 * @example
 * ```ts
 * import { createClient, getApprovalStates, isApprovalStatesStale } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const states = await getApprovalStates(client, { approvals: [{ kind: 'approval', token: '0x00000000000000000000000000000000000000a1', owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', spender: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }] })
 * const head = await client.rpc({ method: 'eth_blockNumber' })
 * if (isApprovalStatesStale(states, head)) console.log('read them again')
 * ```
 */
export function isApprovalStatesStale(states: Pick<ApprovalStates, 'headBlockNumber'> | undefined, head: bigint | string | undefined): boolean {
  if (!states || head === undefined) return false
  return BigInt(head) > states.headBlockNumber
}
