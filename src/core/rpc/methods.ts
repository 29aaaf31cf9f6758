import { isAddress, type PublicRpcSchema, type WalletRpcSchema } from 'viem'
import { InvalidParameterError } from '../errors.js'
import { clip } from '../text.js'

// One file over 300 lines on purpose: it is the spec's method table. The 28 names, their types, their shape rules
// and their checkers read side by side in the spec's order, each table checked against the list (`satisfies`).

/** The 28 `eth_` JSON-RPC methods the service offers, in the spec's order: the only ones `client.rpc` and `useRpc` send. */
export const rpcMethods = [
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockReceipts',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
] as const

/** One of the 28 JSON-RPC method names, e.g. `eth_getBalance`. */
export type RpcMethod = (typeof rpcMethods)[number]

type Schema = PublicRpcSchema[number] | Extract<WalletRpcSchema[number], { Method: 'eth_sendRawTransaction' }>
type Entry<M extends RpcMethod> = Extract<Schema, { Method: M }>

type DropLast<T> = T extends readonly [...infer Head, unknown] ? Head : T
/** Methods whose last parameter the spec marks optional (a block tag, or reward percentiles). */
type OptionalLast =
  | 'eth_getBalance' | 'eth_getCode' | 'eth_getProof' | 'eth_getStorageAt'
  | 'eth_getTransactionCount' | 'eth_feeHistory'

type ViemParamsRaw<M extends RpcMethod> = Entry<M> extends { Parameters: infer P } ? P : Entry<M> extends { Parameters?: infer P } ? P : never
/** viem also types node extensions the spec does not list (state and block overrides), which the run-time check refuses. */
type ViemParams<M extends RpcMethod> = M extends 'eth_call' | 'eth_estimateGas' | 'eth_createAccessList'
  ? Exclude<ViemParamsRaw<M>, readonly [unknown, unknown, unknown, ...unknown[]]>
  : ViemParamsRaw<M>

/** The positional params of a method, typed from viem's `PublicRpcSchema` (a trailing block tag the spec marks optional may be left off). */
export type RpcParameters<M extends RpcMethod> = [ViemParams<M>] extends [undefined]
  ? readonly []
  : M extends OptionalLast
    ? NonNullable<ViemParams<M>> | DropLast<NonNullable<ViemParams<M>>>
    : NonNullable<ViemParams<M>>

/** The raw JSON-RPC result of a method (hex quantities, RPC blocks…), typed from viem. */
export type RpcReturnType<M extends RpcMethod> = Entry<M>['ReturnType']

/** One JSON-RPC call, `{ method, params }`, typed per method; `params` may be left off for methods that take none. */
export type RpcRequest<M extends RpcMethod = RpcMethod> = M extends RpcMethod
  ? RpcParameters<M> extends readonly [] ? { method: M; params?: readonly [] } : { method: M; params: RpcParameters<M> }
  : never

/**
 * Tells whether a value is one of the 28 JSON-RPC methods the service offers.
 *
 * @param value - Anything, e.g. a method name from a form.
 * @returns True when it is an {@link RpcMethod}, narrowing it.
 * @example
 * ```ts
 * import { isRpcMethod } from 'blockfeed'
 *
 * isRpcMethod('eth_getBalance') // true
 * isRpcMethod('debug_traceTransaction') // false
 * ```
 */
export function isRpcMethod(value: unknown): value is RpcMethod {
  // methodRules has exactly the 28 names as keys (its type says so), so no second list is needed here.
  return typeof value === 'string' && Object.hasOwn(methodRules, value)
}

// ---- run-time checks of params, one checker a position ----

type Check = (value: unknown, at: string) => unknown

const HEX = /^0x[0-9a-fA-F]*$/
const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/
const HASH32 = /^0x[0-9a-fA-F]{64}$/
const TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized']

const bad = (at: string, why: string): never => {
  throw new InvalidParameterError(at, why)
}

const address: Check = (v, at) =>
  typeof v === 'string' && isAddress(v, { strict: false }) ? v : bad(at, 'expected an address (0x + 40 hex)')
const quantity: Check = (v, at) =>
  typeof v === 'string' && QUANTITY.test(v) ? v : bad(at, 'expected a hex quantity such as 0x1a (no leading zeros)')
const hash32: Check = (v, at) =>
  typeof v === 'string' && HASH32.test(v) ? v : bad(at, 'expected a 32-byte hash (0x + 64 hex)')
const hexData: Check = (v, at) =>
  typeof v === 'string' && HEX.test(v) && v.length % 2 === 0 ? v : bad(at, 'expected hex data (0x + an even number of hex characters)')
const bool: Check = (v, at) => (typeof v === 'boolean' ? v : bad(at, 'expected true or false'))
const blockTag: Check = (v, at) =>
  typeof v === 'string' && (TAGS.includes(v) || QUANTITY.test(v))
    ? v
    : bad(at, 'expected a hex block number or one of latest, earliest, pending, safe, finalized')
const blockRef: Check = (v, at) => {
  // EIP-1898 block identifiers are accepted as viem types them.
  if (v !== null && typeof v === 'object') {
    const o = v as { blockHash?: unknown; blockNumber?: unknown }
    if (o.blockHash !== undefined) return hash32(o.blockHash, `${at}.blockHash`), v
    if (o.blockNumber !== undefined) return quantity(o.blockNumber, `${at}.blockNumber`), v
  }
  return blockTag(v, at)
}
const blockOrHash: Check = (v, at) => (typeof v === 'string' && HASH32.test(v) ? v : blockTag(v, at))

const callObject: Check = (v, at) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return bad(at, 'expected a call object { to, data, … }')
  const o = v as Record<string, unknown>
  if (o.to !== undefined && o.to !== null) address(o.to, `${at}.to`)
  if (o.from !== undefined) address(o.from, `${at}.from`)
  for (const k of ['gas', 'gasPrice', 'value', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce'] as const) {
    if (o[k] !== undefined) quantity(o[k], `${at}.${k}`)
  }
  if (o.data !== undefined) hexData(o.data, `${at}.data`)
  if (o.input !== undefined) hexData(o.input, `${at}.input`)
  return v
}

const filter: Check = (v, at) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return bad(at, 'expected a filter object { fromBlock, toBlock, address, topics }')
  // The spec allows block numbers as JSON numbers here; nodes want hex quantities.
  const o = { ...(v as Record<string, unknown>) }
  for (const k of ['fromBlock', 'toBlock'] as const) {
    if (typeof o[k] === 'number') {
      const n = o[k] as number
      if (!Number.isSafeInteger(n) || n < 0) return bad(`${at}.${k}`, 'expected a non-negative integer block number')
      o[k] = `0x${n.toString(16)}`
    }
    if (o[k] !== undefined) blockTag(o[k], `${at}.${k}`)
  }
  if (o.blockHash !== undefined) hash32(o.blockHash, `${at}.blockHash`)
  if (Array.isArray(o.address)) o.address.forEach((a, i) => address(a, `${at}.address[${i}]`))
  else if (o.address !== undefined) address(o.address, `${at}.address`)
  if (o.topics !== undefined) {
    if (!Array.isArray(o.topics)) return bad(`${at}.topics`, 'expected an array of topics')
    o.topics.forEach((t, i) => {
      if (t === null) return
      if (Array.isArray(t)) t.forEach((x, j) => hash32(x, `${at}.topics[${i}][${j}]`))
      else hash32(t, `${at}.topics[${i}]`)
    })
  }
  return o
}

const hashList: Check = (v, at) => {
  if (!Array.isArray(v)) return bad(at, 'expected an array of 32-byte keys')
  v.forEach((k, i) => hash32(k, `${at}[${i}]`))
  return v
}
const percentiles: Check = (v, at) => {
  if (!Array.isArray(v) || v.some((p, i) => typeof p !== 'number' || p < 0 || p > 100 || (i > 0 && p < (v[i - 1] as number)))) {
    return bad(at, 'expected ascending numbers from 0 to 100')
  }
  return v
}

interface MethodRule {
  /** How many params the method takes; those at or after `required` may be left off. */
  arity: number
  required: number
  /** What an omitted trailing block tag means ('latest', as the spec says for eth_call). */
  defaultBlock?: true
  /**
   * When the result can never change. `'always'`: it is addressed by hash (or is the chain id).
   * A number `i`: when the block in `params[i]` is a block hash, or a block number at or below
   * the settled depth (see `requestFreshness`). `'filterSettled'`: the same for the log filter
   * in `params[0]` (its `blockHash`, or both bounds). Absent: never (a read at the head).
   */
  immutableWhen?: 'always' | 'filterSettled' | number
}

const none: MethodRule = { arity: 0, required: 0 }
const always = 'always' as const

/**
 * The shape rules of the 28 methods, from the spec's method table: all that query keys and
 * freshness need, without the checkers (so the hooks bundle leaves them to the client). Null
 * prototype: a method name is caller text, and `methodRules.constructor` must not find Object's.
 */
export const methodRules: Readonly<Record<RpcMethod, MethodRule>> = Object.assign(Object.create(null) as Record<RpcMethod, MethodRule>, {
  eth_blockNumber: none,
  eth_call: { arity: 2, required: 1, defaultBlock: true, immutableWhen: 1 },
  eth_chainId: { arity: 0, required: 0, immutableWhen: always },
  eth_createAccessList: { arity: 2, required: 1, defaultBlock: true, immutableWhen: 1 },
  eth_estimateGas: { arity: 2, required: 1 },
  eth_feeHistory: { arity: 3, required: 2, immutableWhen: 1 },
  eth_gasPrice: none,
  eth_getBalance: { arity: 2, required: 1, defaultBlock: true, immutableWhen: 1 },
  eth_getBlockByHash: { arity: 2, required: 2, immutableWhen: always },
  eth_getBlockByNumber: { arity: 2, required: 2, immutableWhen: 0 },
  eth_getBlockTransactionCountByHash: { arity: 1, required: 1, immutableWhen: always },
  eth_getBlockTransactionCountByNumber: { arity: 1, required: 1, immutableWhen: 0 },
  eth_getBlockReceipts: { arity: 1, required: 1, immutableWhen: 0 },
  eth_getCode: { arity: 2, required: 1, defaultBlock: true, immutableWhen: 1 },
  eth_getLogs: { arity: 1, required: 1, immutableWhen: 'filterSettled' },
  eth_getProof: { arity: 3, required: 2, defaultBlock: true, immutableWhen: 2 },
  eth_getStorageAt: { arity: 3, required: 2, defaultBlock: true, immutableWhen: 2 },
  eth_getTransactionByHash: { arity: 1, required: 1, immutableWhen: always },
  eth_getTransactionByBlockHashAndIndex: { arity: 2, required: 2, immutableWhen: always },
  eth_getTransactionByBlockNumberAndIndex: { arity: 2, required: 2, immutableWhen: 0 },
  eth_getTransactionCount: { arity: 2, required: 1, defaultBlock: true, immutableWhen: 1 },
  eth_getTransactionReceipt: { arity: 1, required: 1, immutableWhen: always },
  eth_getUncleByBlockHashAndIndex: { arity: 2, required: 2, immutableWhen: always },
  eth_getUncleByBlockNumberAndIndex: { arity: 2, required: 2, immutableWhen: 0 },
  eth_getUncleCountByBlockHash: { arity: 1, required: 1, immutableWhen: always },
  eth_getUncleCountByBlockNumber: { arity: 1, required: 1, immutableWhen: 0 },
  eth_maxPriorityFeePerGas: none,
  eth_sendRawTransaction: { arity: 1, required: 1 },
} satisfies Record<RpcMethod, MethodRule>)

/** The checker of each position, per method. Marked pure so bundles that only build keys drop it. */
const paramChecks: Readonly<Record<RpcMethod, readonly Check[]>> = /* @__PURE__ */ Object.assign(Object.create(null) as Record<RpcMethod, readonly Check[]>, {
  eth_blockNumber: [],
  eth_call: [callObject, blockRef],
  eth_chainId: [],
  eth_createAccessList: [callObject, blockRef],
  eth_estimateGas: [callObject, blockTag],
  eth_feeHistory: [quantity, blockTag, percentiles],
  eth_gasPrice: [],
  eth_getBalance: [address, blockRef],
  eth_getBlockByHash: [hash32, bool],
  eth_getBlockByNumber: [blockTag, bool],
  eth_getBlockTransactionCountByHash: [hash32],
  eth_getBlockTransactionCountByNumber: [blockTag],
  eth_getBlockReceipts: [blockOrHash],
  eth_getCode: [address, blockRef],
  eth_getLogs: [filter],
  eth_getProof: [address, hashList, blockRef],
  eth_getStorageAt: [address, quantity, blockRef],
  eth_getTransactionByHash: [hash32],
  eth_getTransactionByBlockHashAndIndex: [hash32, quantity],
  eth_getTransactionByBlockNumberAndIndex: [blockTag, quantity],
  eth_getTransactionCount: [address, blockRef],
  eth_getTransactionReceipt: [hash32],
  eth_getUncleByBlockHashAndIndex: [hash32, quantity],
  eth_getUncleByBlockNumberAndIndex: [blockTag, quantity],
  eth_getUncleCountByBlockHash: [hash32],
  eth_getUncleCountByBlockNumber: [blockTag],
  eth_maxPriorityFeePerGas: [],
  eth_sendRawTransaction: [hexData],
} satisfies Record<RpcMethod, readonly Check[]>)

/**
 * A request's params in canonical form, unchecked: trailing `undefined`s removed, a null or
 * omitted block tag filled with `latest` (so `[addr]` and `[addr, 'latest']` are one request
 * and one cache entry).
 */
export function canonicalRpcParams(method: RpcMethod, raw: readonly unknown[]): unknown[] {
  const { arity, defaultBlock } = methodRules[method]
  const params = [...raw]
  // The spec: a null block tag means latest.
  if (defaultBlock && params.length === arity && params[params.length - 1] === null) params.pop()
  while (params.length > 0 && params[params.length - 1] === undefined) params.pop()
  if (defaultBlock && params.length === arity - 1) params.push('latest')
  return params
}

/**
 * Checks a JSON-RPC call the way `client.rpc` does before sending it, and returns it in the form
 * it is sent.
 *
 * Canonical form: trailing `undefined`s removed, an omitted or null block tag filled with
 * `latest` (so `[addr]` and `[addr, 'latest']` are one request and one cache entry), block
 * numbers given as JSON numbers in an `eth_getLogs` filter turned into hex.
 *
 * @param request - `{ method, params }`, from any source.
 * @returns The method and its params, checked and canonical.
 * @throws {@link InvalidParameterError} When the method is not one of the 28, `params` is not an
 *   array, there are too few or too many, or one is malformed; `parameter` names it (e.g. `params[0].to`).
 * @remarks No request.
 * @example
 * ```ts
 * import { normalizeRpcRequest } from 'blockfeed'
 *
 * const { params } = normalizeRpcRequest({ method: 'eth_getBalance', params: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] })
 * // ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'latest']
 * ```
 */
export function normalizeRpcRequest(request: { method: unknown; params?: unknown }): { method: RpcMethod; params: unknown[] } {
  if (request === null || typeof request !== 'object') throw new InvalidParameterError('request', 'expected { method, params }')
  const { method } = request
  if (!isRpcMethod(method)) {
    throw new InvalidParameterError(
      'method',
      `${typeof method === 'string' ? `"${clip(method, 60)}"` : 'it'} is not one of the 28 methods of the Blockchain Data Service Interface v2.2`,
    )
  }
  const { arity, required } = methodRules[method]
  const raw = request.params ?? []
  if (!Array.isArray(raw)) throw new InvalidParameterError('params', 'expected a positional array')
  const params = canonicalRpcParams(method, raw)
  if (params.length < required) {
    throw new InvalidParameterError(`params[${params.length}]`, `${method} takes at least ${required} parameter(s), got ${params.length}`)
  }
  if (params.length > arity) {
    throw new InvalidParameterError(`params[${arity}]`, `${method} takes at most ${arity} parameter(s)`)
  }
  const checks = paramChecks[method]
  for (let i = 0; i < params.length; i++) params[i] = checks[i]!(params[i], `params[${i}]`)
  return { method, params }
}

/**
 * How a read's result can change, from its canonical params:
 * - `'immutable'`: addressed by hash, the chain id, or the genesis block: cache forever;
 * - `{ block }`: pinned to a block number; final only once `block` is settled (at or below the
 *   finalized block, or the head minus the chain's reorg depth), until then it follows the head;
 * - `'head'`: at a tag (`latest`, `pending`, `safe`, `finalized`…) or at no block: follows the head;
 * - `'write'`: not a read (`eth_sendRawTransaction`).
 */
export type RequestFreshness = 'immutable' | 'head' | 'write' | { block: bigint }

export function requestFreshness(method: RpcMethod, params: readonly unknown[]): RequestFreshness {
  const when = methodRules[method].immutableWhen
  if (when === undefined) return method === 'eth_sendRawTransaction' ? 'write' : 'head'
  if (when === 'always') return 'immutable'
  const isFilter = when === 'filterSettled'
  const p = params[isFilter ? 0 : when]
  if (typeof p === 'string' && HASH32.test(p)) return 'immutable'
  const o = (p !== null && typeof p === 'object' ? p : {}) as { blockHash?: unknown; blockNumber?: unknown; fromBlock?: unknown; toBlock?: unknown }
  if (typeof o.blockHash === 'string') return 'immutable'
  // A filter's omitted bound is `latest`; its later bound decides when the whole range has settled.
  const [a, b] = isFilter ? [num(o.fromBlock), num(o.toBlock)] : [num(typeof p === 'string' ? p : o.blockNumber), 0n]
  if (a === undefined || b === undefined) return 'head'
  const n = a > b ? a : b
  // The genesis block is never replaced, so block 0 needs no head to be final.
  return n === 0n ? 'immutable' : { block: n }
}

// Keys hold params unchecked, so a filter bound may still be the spec's JSON number.
const num = (b: unknown): bigint | undefined =>
  typeof b === 'string' ? (QUANTITY.test(b) ? BigInt(b) : undefined) : Number.isSafeInteger(b) && (b as number) >= 0 ? BigInt(b as number) : undefined

/**
 * Whether a result can never change: addressed by hash, or at a block number at or below
 * `settled` (the highest block no reorg is expected to replace; unknown → not final).
 */
export function isImmutableRequest(method: RpcMethod, params: readonly unknown[], settled?: bigint | undefined): boolean {
  const f = requestFreshness(method, params)
  return f === 'immutable' || (typeof f === 'object' && settled !== undefined && f.block <= settled)
}

/** Whether a read can change with the next block: at a tag, at no block, or pinned to a block not yet settled. */
export function followsHead(method: RpcMethod, params: readonly unknown[], settled?: bigint | undefined): boolean {
  return method !== 'eth_sendRawTransaction' && !isImmutableRequest(method, params, settled)
}
