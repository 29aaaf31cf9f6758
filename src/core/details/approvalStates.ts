import type { DataTag, QueryFunctionContext } from '@tanstack/query-core'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, erc721Abi, getAddress, isAddress, type Address } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import type { ChainInput } from '../chains.js'
import { InvalidParameterError } from '../errors.js'
import { keyChain } from '../query/keyChain.js'
import type { QueryKeyClient } from '../query/walletHistory.js'
import { clip } from '../text.js'
// Types only: this module loads apart from the details view (see RowDetails), so it shares no code with approvals.ts.
import type { ApprovalKind, ApprovalStates } from './types.js'

export type { ApprovalStates } from './types.js'

const forAll = (kind: ApprovalKind) => kind.endsWith('_all')

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


const KINDS: readonly unknown[] = ['approval', 'revoke', 'approval_for_all', 'revoke_all']

function checked(approvals: unknown): { kind: ApprovalKind; token: Address; owner: Address; spender: Address }[] {
  if (!Array.isArray(approvals)) throw new InvalidParameterError('approvals', 'expected an array of { kind, token, owner, spender }')
  return approvals.map((a: unknown, i) => {
    const field = (name: string) => {
      const v = a !== null && typeof a === 'object' && Object.hasOwn(a, name) ? (a as Record<string, unknown>)[name] : undefined
      const ok = name === 'kind' ? KINDS.includes(v) : typeof v === 'string' && isAddress(v, { strict: false })
      if (!ok) throw new InvalidParameterError(`approvals[${i}].${name}`, `expected ${name === 'kind' ? KINDS.join(', ') : 'an address'}, got ${clip(String(v))}`)
      return name === 'kind' ? (v as ApprovalKind) : getAddress(v as string)
    }
    return { kind: field('kind') as ApprovalKind, token: field('token') as Address, owner: field('owner') as Address, spender: field('spender') as Address }
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
    // allowance(owner, spender) or isApprovedForAll(owner, operator): the same two address arguments.
    const call = (forAll(a.kind) ? { abi: erc721Abi, functionName: 'isApprovedForAll' } : { abi: erc20Abi, functionName: 'allowance' }) as { abi: typeof erc20Abi; functionName: 'allowance' }
    try {
      const result = await client.rpc({ method: 'eth_call', params: [{ to: a.token, data: encodeFunctionData({ ...call, args: [a.owner, a.spender] }) }, 'latest'] }, rpcOptions)
      return decodeFunctionResult({ ...call, data: result })
    } catch (error) {
      // A cancelled read is not an answer; anything else (a revert, no such function, "0x") is "unknown".
      if (options?.signal?.aborted) throw error
      return null
    }
  }
  const [head, ...current] = await Promise.all([client.rpc({ method: 'eth_blockNumber' }, rpcOptions), ...approvals.map(read)])
  return { headBlockNumber: BigInt(head as string), approvals: approvals.map((a, i) => ({ forAll: forAll(a.kind), token: a.token, owner: a.owner, spender: a.spender, current: current[i] ?? null })) }
}

export type ApprovalStatesQueryKey = DataTag<
  readonly ['blockfeed', 'approvalStates', { baseUrl: string; chain: string | null; approvals: { forAll: boolean; token: string; owner: string; spender: string }[] }],
  ApprovalStates,
  Error
>

/** `['blockfeed', 'approvalStates', { baseUrl, chain, approvals }]`: what is read (the kind only as ERC-20 or for-all). */
export function approvalStatesQueryKey(client: QueryKeyClient, { approvals, chain }: GetApprovalStatesParameters): ApprovalStatesQueryKey {
  const list = Array.isArray(approvals) ? approvals.map(({ kind, token, owner, spender }) => ({ forAll: forAll(kind), token, owner, spender })) : []
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
      const { approvals } = queryKey[2]
      const list = approvals.map((a) => ({ kind: a.forAll ? ('approval_for_all' as const) : ('approval' as const), token: a.token, owner: a.owner, spender: a.spender }))
      // The key names the chain by its identity; the request keeps the caller's spelling.
      return getApprovalStates(client, { approvals: list, chain: parameters.chain }, { signal })
    },
    retry: false,
    // Whoever follows the head invalidates it on a new block (isApprovalStatesStale); without a head to compare, a minute at most.
    staleTime: 60_000,
  }
}

