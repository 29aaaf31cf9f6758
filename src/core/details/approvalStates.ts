import type { DataTag, QueryFunctionContext } from '@tanstack/query-core'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, erc721Abi, getAddress, isAddress, maxUint256, type Address, type Hex } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import type { ChainInput } from '../chains.js'
import { InvalidParameterError } from '../errors.js'
import { keyChain } from '../query/rpc.js'
import type { QueryKeyClient } from '../query/walletHistory.js'
import { clip } from '../text.js'
import type { Approval, ApprovalKind } from './approvals.js'

/** One approval to check: ERC-20 kinds read `allowance(owner, spender)`, the `*_all` kinds `isApprovedForAll(owner, operator)`. */
export interface ApprovalToCheck {
  kind: ApprovalKind
  token: string
  owner: string
  spender: string
}

export interface GetApprovalStatesParameters {
  approvals: readonly ApprovalToCheck[]
  chain?: ChainInput | undefined
}

export interface ApprovalStates {
  /** The head when these were read (asked in the same batch): a later block may have changed them. */
  headBlockNumber: bigint
  /**
   * In the order asked, each with what the node says now: the allowance (ERC-20 kinds), whether the
   * operator is approved for all (`*_all`), or null when the call failed or answered nothing readable.
   */
  approvals: { forAll: boolean; token: Address; owner: Address; spender: Address; current: bigint | boolean | null }[]
}

/** What `states` read for this approval (same token, owner, spender and kind of read); undefined when it was not asked. */
export function currentOf(states: ApprovalStates | null | undefined, approval: Pick<Approval, 'kind' | 'token' | 'owner' | 'spender'>): bigint | boolean | null | undefined {
  if (!states || !approval.owner) return undefined
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const hit = states.approvals.find((s) => s.forAll === forAll(approval.kind) && same(s.token, approval.token) && same(s.owner, approval.owner!) && same(s.spender, approval.spender))
  return hit?.current
}

const forAll = (kind: ApprovalKind) => kind === 'approval_for_all' || kind === 'revoke_all'

function checked(approvals: unknown): { kind: ApprovalKind; token: Address; owner: Address; spender: Address }[] {
  if (!Array.isArray(approvals)) throw new InvalidParameterError('approvals', 'expected an array of { kind, token, owner, spender }')
  return approvals.map((a: unknown, i) => {
    const field = (name: string): Address => {
      const v = a !== null && typeof a === 'object' && Object.hasOwn(a, name) ? (a as Record<string, unknown>)[name] : undefined
      if (typeof v !== 'string' || !isAddress(v, { strict: false })) throw new InvalidParameterError(`approvals[${i}].${name}`, `expected an address, got ${clip(String(v))}`)
      return getAddress(v)
    }
    const kind = a !== null && typeof a === 'object' && Object.hasOwn(a, 'kind') ? (a as { kind: unknown }).kind : undefined
    if (kind !== 'approval' && kind !== 'revoke' && kind !== 'approval_for_all' && kind !== 'revoke_all') {
      throw new InvalidParameterError(`approvals[${i}].kind`, `expected approval, revoke, approval_for_all or revoke_all, got ${clip(String(kind))}`)
    }
    return { kind, token: field('token'), owner: field('owner'), spender: field('spender') }
  })
}

/**
 * Whether approvals are still in effect, read from the node: one `eth_call` each at `latest` plus
 * `eth_blockNumber`, all sent together so the client's JSON-RPC batching makes them one HTTP
 * request (and, started in the same tick as `getTransactionDetails`, part of its request).
 */
export async function getApprovalStates(
  client: Pick<BlockfeedClient, 'rpc'>,
  parameters: GetApprovalStatesParameters,
  options?: { signal?: AbortSignal | undefined },
): Promise<ApprovalStates> {
  const approvals = checked(parameters?.approvals)
  const rpcOptions = { chain: parameters.chain, signal: options?.signal }
  const read = async (a: (typeof approvals)[number]): Promise<bigint | boolean | null> => {
    const data: Hex = forAll(a.kind)
      ? encodeFunctionData({ abi: erc721Abi, functionName: 'isApprovedForAll', args: [a.owner, a.spender] })
      : encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [a.owner, a.spender] })
    try {
      const result = await client.rpc({ method: 'eth_call', params: [{ to: a.token, data }, 'latest'] }, rpcOptions)
      return forAll(a.kind)
        ? decodeFunctionResult({ abi: erc721Abi, functionName: 'isApprovedForAll', data: result })
        : decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data: result })
    } catch (error) {
      // A cancelled read is not an answer; anything else (a revert, no such function, "0x") is "unknown".
      if (options?.signal?.aborted) throw error
      return null
    }
  }
  const [head, ...current] = await Promise.all([client.rpc({ method: 'eth_blockNumber' }, rpcOptions), ...approvals.map(read)])
  return { headBlockNumber: BigInt(head as string), approvals: approvals.map((a, i) => ({ forAll: forAll(a.kind), token: a.token, owner: a.owner, spender: a.spender, current: current[i] ?? null })) }
}

/** What an approval amounts to now. */
export type ApprovalStatus =
  /** As the transaction left it (an approval still in effect, or a revoke still standing). */
  | { state: 'active' }
  /** Revoked or spent since: nothing left. */
  | { state: 'inactive' }
  /** Another amount now (spent in part, or approved again); `remaining` is the allowance, true/false for `*_all`. */
  | { state: 'changed'; remaining: bigint | boolean }
  /** The node could not say (the call failed). */
  | { state: 'unknown' }

/** Compares an approval with what the node reads now. */
export function approvalStatus(approval: Pick<Approval, 'kind' | 'amount'>, current: bigint | boolean | null | undefined): ApprovalStatus {
  if (current === null || current === undefined) return { state: 'unknown' }
  switch (approval.kind) {
    case 'approval_for_all':
      return current === true ? { state: 'active' } : { state: 'inactive' }
    case 'revoke_all':
      return current === false ? { state: 'active' } : { state: 'changed', remaining: current }
    case 'revoke':
      return current === 0n ? { state: 'active' } : { state: 'changed', remaining: current }
    case 'approval':
      if (current === 0n) return { state: 'inactive' }
      return approval.amount !== null && current === approval.amount ? { state: 'active' } : { state: 'changed', remaining: current }
  }
}

/** A "Revoke" is offered only for an unlimited approval the node still reports in full. */
export function isRevocable(approval: Pick<Approval, 'kind' | 'amount' | 'unlimited'>, current: bigint | boolean | null | undefined): boolean {
  if (!approval.unlimited) return false
  if (approval.kind === 'approval_for_all') return current === true
  return approval.kind === 'approval' && current === maxUint256
}

export type ApprovalStatesQueryKey = DataTag<
  readonly ['blockfeed', 'approvalStates', { baseUrl: string; chain: string | null; approvals: { forAll: boolean; token: string; owner: string; spender: string }[] }],
  ApprovalStates,
  Error
>

/** `['blockfeed', 'approvalStates', { baseUrl, chain, approvals }]`: what is read (the kind only as ERC-20 or for-all). */
export function approvalStatesQueryKey(client: QueryKeyClient, { approvals, chain }: GetApprovalStatesParameters): ApprovalStatesQueryKey {
  const list = Array.isArray(approvals)
    ? approvals.map((a) => ({ forAll: forAll(a.kind), token: String(a.token).toLowerCase(), owner: String(a.owner).toLowerCase(), spender: String(a.spender).toLowerCase() }))
    : []
  return ['blockfeed', 'approvalStates', { baseUrl: client.baseUrl, chain: keyChain(client, chain), approvals: list }] as unknown as ApprovalStatesQueryKey
}

export interface ApprovalStatesQueryOptions {
  queryKey: ApprovalStatesQueryKey
  queryFn: (context: QueryFunctionContext<ApprovalStatesQueryKey>) => Promise<ApprovalStates>
  retry: false
  staleTime: number
}

/**
 * Query options for approval states, cached with the head: fresh until a block later than the one
 * they were read at is seen (`isApprovalStatesStale`), never for good — an allowance can change in any block.
 */
export function approvalStatesQueryOptions(client: BlockfeedClient, parameters: GetApprovalStatesParameters): ApprovalStatesQueryOptions {
  return {
    queryKey: approvalStatesQueryKey(client, parameters),
    queryFn: ({ queryKey, signal }) => {
      const { chain, approvals } = queryKey[2]
      const list = approvals.map((a) => ({ kind: a.forAll ? ('approval_for_all' as const) : ('approval' as const), token: a.token, owner: a.owner, spender: a.spender }))
      return getApprovalStates(client, { approvals: list, chain: chain ?? undefined }, { signal })
    },
    retry: false,
    // Whoever follows the head invalidates it on a new block; without a head to compare, a minute at most.
    staleTime: APPROVAL_STATES_STALE_MS,
  }
}

export const APPROVAL_STATES_STALE_MS = 60_000

/** True when `head` is past the block the states were read at: time to read them again. */
export function isApprovalStatesStale(states: Pick<ApprovalStates, 'headBlockNumber'> | undefined, head: bigint | string | undefined): boolean {
  if (!states || head === undefined) return false
  return BigInt(head) > states.headBlockNumber
}
