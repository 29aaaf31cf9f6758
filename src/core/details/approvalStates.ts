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
  /** What the approval did: the `*_all` kinds are read as operator approvals, the others as ERC-20 allowances. */
  kind: ApprovalKind
  /** The token (or collection) contract. */
  token: string
  /** Whose tokens. */
  owner: string
  /** Who may spend them (the operator for the `*_all` kinds). */
  spender: string
}

/** What {@link getApprovalStates} reads: the approvals to check, and the chain. */
export interface GetApprovalStatesParameters {
  /** The approvals to check (an {@link Approval} with its owner fits). */
  approvals: readonly ApprovalToCheck[]
  /** Which chain's RPC URL to read from. @defaultValue the client's `chain` */
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
 * Reads from the node whether approvals are still in effect: each one's allowance now, or whether the
 * operator is still approved for all.
 *
 * @param client - The client from `createClient`.
 * @param parameters - The approvals to check, and optionally the chain.
 * @param options - `signal` to cancel the reads.
 * @returns The head they were read at, and each approval (in the order asked) with its `current`
 * value: the allowance, true/false for the `*_all` kinds, or `null` when the call failed.
 * @throws {@link InvalidParameterError} When an approval's kind, token, owner or spender is malformed; nothing is sent.
 * @throws {@link JsonRpcError} When the node refuses `eth_blockNumber` (a failed `eth_call` only makes that approval's `current` null).
 * @throws {@link HttpStatusError} When the RPC URL answers `eth_blockNumber` with an HTTP error.
 * @throws {@link NetworkError} When the RPC URL cannot be reached.
 * @throws {@link TimeoutError} When the node takes longer than the client's `timeoutMs`.
 * @remarks One `eth_call` per approval at `latest` (`allowance` or `isApprovedForAll`) plus
 * `eth_blockNumber`, all sent together so the client's JSON-RPC batching makes them one HTTP
 * request (and, started in the same tick as `getTransactionDetails`, part of its request). Nothing
 * is cached here: see {@link approvalStatesQueryOptions}.
 * @example
 * ```ts
 * import { createClient, getApprovalStates } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const states = await getApprovalStates(client, { approvals: [{ kind: 'approval', token: '0x00000000000000000000000000000000000000a1', owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', spender: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }] })
 * console.log(states.headBlockNumber, states.approvals[0]?.current)
 * ```
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

/** The query key of approval states: `['blockfeed', 'approvalStates', { baseUrl, chain, approvals }]`. */
export type ApprovalStatesQueryKey = DataTag<
  readonly ['blockfeed', 'approvalStates', { baseUrl: string; chain: string | null; approvals: { forAll: boolean; token: string; owner: string; spender: string }[] }],
  ApprovalStates,
  Error
>

/**
 * Builds the query key of approval states, to read or invalidate them in your QueryClient:
 * `['blockfeed', 'approvalStates', { baseUrl, chain, approvals }]` (each kind only as ERC-20 or for-all).
 *
 * @param client - The client from `createClient`.
 * @param parameters - As for {@link getApprovalStates}.
 * @returns The key (typed with its data: {@link ApprovalStates}).
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { approvalStatesQueryKey, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * await queryClient.invalidateQueries({ queryKey: approvalStatesQueryKey(client, { approvals: [{ kind: 'approval', token: '0x00000000000000000000000000000000000000a1', owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', spender: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }] }) })
 * ```
 */
export function approvalStatesQueryKey(client: QueryKeyClient, { approvals, chain }: GetApprovalStatesParameters): ApprovalStatesQueryKey {
  const list = Array.isArray(approvals) ? approvals.map(({ kind, token, owner, spender }) => ({ forAll: forAll(kind), token, owner, spender })) : []
  return ['blockfeed', 'approvalStates', { baseUrl: client.baseUrl, chain: keyChain(client, chain), approvals: list }] as unknown as ApprovalStatesQueryKey
}

/** The options {@link approvalStatesQueryOptions} returns: key, query function, `retry` and `staleTime`. */
export interface ApprovalStatesQueryOptions {
  /** The query key. */
  queryKey: ApprovalStatesQueryKey
  /** Reads them (cancelled with the query). */
  queryFn: (context: QueryFunctionContext<ApprovalStatesQueryKey>) => Promise<ApprovalStates>
  /** No retry here: the client retries (its one retry layer). */
  retry: false
  /** How long the answer is fresh: `60000`: a minute at most (an allowance can change in any block). */
  staleTime: number
}

/**
 * Query options that read approval states with TanStack Query: for `useQuery`, `fetchQuery` or `prefetchQuery`.
 *
 * @param client - The client from `createClient`.
 * @param parameters - As for {@link getApprovalStates}.
 * @returns Options with the key, the query function, `retry: false` and `staleTime: 60000`.
 * @throws {@link InvalidParameterError} In `error`, when an approval's kind, token, owner or spender is malformed.
 * @throws {@link JsonRpcError} In `error`, when the node refuses `eth_blockNumber`.
 * @throws {@link HttpStatusError} In `error`, when the RPC URL answers with an HTTP error.
 * @throws {@link NetworkError} In `error`, when the RPC URL cannot be reached.
 * @throws {@link TimeoutError} In `error`, when the node takes longer than the client's `timeoutMs`.
 * @remarks As {@link getApprovalStates}: one batched HTTP request. Fresh until a block later than the
 * one they were read at is seen (invalidate them when {@link isApprovalStatesStale} says so), a minute
 * at most, never for good: an allowance can change in any block.
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/query-core'
 * import { approvalStatesQueryOptions, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const queryClient = new QueryClient()
 * const states = await queryClient.fetchQuery(approvalStatesQueryOptions(client, { approvals: [{ kind: 'approval', token: '0x00000000000000000000000000000000000000a1', owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', spender: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }] }))
 * ```
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

