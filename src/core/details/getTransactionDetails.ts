import {
  decodeFunctionData,
  formatBlock,
  formatTransaction,
  formatTransactionReceipt,
  formatUnits,
  getAddress,
  isAddress,
  isHash,
  isHex,
  numberToHex,
  parseEventLogs,
  type Abi,
  type Address,
  type Hex,
  type RpcLog,
  type Transaction,
  type TransactionReceipt,
} from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import { getChainInfo } from '../chains.js'
import { InvalidParameterError, ResponseShapeError } from '../errors.js'
import { clip } from '../text.js'
import { knownAbi, knownAbis } from './abis.js'
import type { GetTransactionDetailsParameters, TransactionAmount, TransactionDetails, TransactionDetailsLog, TransactionMethod } from './types.js'

export type { GetTransactionDetailsParameters, TransactionAmount, TransactionDetails, TransactionDetailsLog, TransactionMethod } from './types.js'


/**
 * Reads everything about one transaction from the node: status, block and time, confirmations, fee,
 * value, the decoded method and logs, and for a reverted one the revert reason.
 *
 * @param client - The client from `createClient` (its JSON-RPC URLs are used).
 * @param parameters - The hash, and optionally the chain, the block number it is in, the service's method label and your ABIs.
 * @param options - `signal` to cancel the reads.
 * @returns The details, or `null` when the node does not know the hash.
 * @throws {@link InvalidParameterError} When the hash, block number, method label or ABI is malformed; nothing is sent.
 * @throws {@link JsonRpcError} When the node refuses one of the calls.
 * @throws {@link HttpStatusError} When the RPC URL answers with an HTTP error.
 * @throws {@link NetworkError} When the RPC URL cannot be reached.
 * @throws {@link TimeoutError} When the node takes longer than the client's `timeoutMs`.
 * @throws {@link ResponseShapeError} When the node's transaction, receipt or logs are not what was asked for (another hash, a missing field).
 * @remarks `eth_getTransactionByHash`, `eth_getTransactionReceipt`, `eth_blockNumber` and, with
 * `blockNumber`, `eth_getBlockByNumber`, asked for together so the client's JSON-RPC batching sends
 * them as one HTTP request; without `blockNumber` (or when it is wrong) the block follows by
 * `eth_getBlockByHash` in a second one. A reverted transaction adds one `eth_call` (replayed on its
 * parent block) for the reason. Nothing is cached here: {@link transactionDetailsQueryOptions} keeps
 * a mined transaction's details for good.
 * @example
 * ```ts
 * import { createClient, getTransactionDetails } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const details = await getTransactionDetails(client, {
 *   hash: '0x2a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809',
 *   blockNumber: 12,
 * })
 * if (details) console.log(details.status, details.fee?.formatted, details.nativeSymbol, details.method.name)
 * ```
 */
export async function getTransactionDetails(
  client: Pick<BlockfeedClient, 'rpc' | 'chain'>,
  parameters: GetTransactionDetailsParameters,
  options?: { signal?: AbortSignal | undefined },
): Promise<TransactionDetails | null> {
  const { hash, chain, methodLabel, abi } = checkParameters(parameters)
  const hint = blockHint(parameters.blockNumber)
  const rpcOptions = { chain, signal: options?.signal }
  const [rawTx, rawReceipt, hintedBlock, head] = await Promise.all([
    client.rpc({ method: 'eth_getTransactionByHash', params: [hash] }, rpcOptions),
    client.rpc({ method: 'eth_getTransactionReceipt', params: [hash] }, rpcOptions),
    hint === null ? Promise.resolve(null) : client.rpc({ method: 'eth_getBlockByNumber', params: [numberToHex(hint), false] }, rpcOptions),
    client.rpc({ method: 'eth_blockNumber' }, rpcOptions),
  ])
  if (rawTx == null) return null
  const requested = (v: unknown) => String(v).toLowerCase() === hash
  const tx = read('eth_getTransactionByHash', () => formatTransaction(rawTx) as Transaction, { hash: requested, from: isAddressText, input: isHex, value: isBigint, gas: isBigint, nonce: Number.isSafeInteger })
  const receipt =
    rawReceipt == null
      ? null
      : read('eth_getTransactionReceipt', () => formatTransactionReceipt(rawReceipt) as TransactionReceipt, { transactionHash: requested, blockHash: isHash, logs: Array.isArray, gasUsed: isBigint })
  // Each log as the node sent it: what decoding and display rely on.
  ;(receipt ? (rawReceipt!.logs as unknown[]) : []).forEach((log, i) => checkFields('eth_getTransactionReceipt', log, { address: isAddressText, topics: isTopics, data: isHex, logIndex: isHex }, ['logs', i]))
  // The hint may be wrong (a reorg, a stale entry): the receipt's block hash decides.
  let block = hintedBlock && receipt && hintedBlock.hash === receipt.blockHash ? formatBlock(hintedBlock) : null
  if (receipt && !block) {
    const raw = await client.rpc({ method: 'eth_getBlockByHash', params: [receipt.blockHash, false] }, rpcOptions)
    block = raw ? formatBlock(raw) : null
  }

  const info = getChainInfo(chain ?? client.chain)
  const decimals = info?.nativeCurrency.decimals ?? 18
  const amount = (wei: bigint): TransactionAmount => ({ wei, formatted: formatUnits(wei, decimals) })
  const headBlockNumber = BigInt(head)
  const blockNumber = receipt?.blockNumber ?? null
  // Some nodes leave `effectiveGasPrice` out of receipts; the mined transaction's `gasPrice` is then the price paid.
  const effectiveGasPrice = receipt ? (receipt.effectiveGasPrice ?? tx.gasPrice ?? null) : null
  const fee = receipt && effectiveGasPrice !== null ? receipt.gasUsed * effectiveGasPrice + (receipt.blobGasUsed ?? 0n) * (receipt.blobGasPrice ?? 0n) : null
  const searchAbi: Abi = abi ? [...abi, ...knownAbi] : knownAbi

  return {
    hash: tx.hash,
    // A pre-Byzantium receipt has a state `root` instead of a status: mined, outcome not recorded.
    status: receipt ? (receipt.status ?? 'unknown') : 'pending',
    chain: chain ?? client.chain ?? null,
    blockNumber,
    blockHash: receipt?.blockHash ?? null,
    timestamp: block ? Number(block.timestamp) : null,
    headBlockNumber,
    confirmations: confirmationsAt(blockNumber, headBlockNumber),
    from: getAddress(tx.from),
    to: tx.to ? getAddress(tx.to) : null,
    contractAddress: receipt?.contractAddress ? getAddress(receipt.contractAddress) : null,
    nonce: tx.nonce,
    type: tx.type,
    gasLimit: tx.gas,
    gasUsed: receipt?.gasUsed ?? null,
    effectiveGasPrice,
    fee: fee === null ? null : amount(fee),
    value: amount(tx.value),
    nativeSymbol: info?.nativeCurrency.symbol ?? 'ETH',
    input: tx.input,
    method: decodeMethod(tx, methodLabel, searchAbi),
    logs: receipt ? decodeLogs(rawReceipt!.logs as RpcLog[], searchAbi) : [],
    // Loaded only for a failed transaction: most are not.
    revertReason: receipt?.status === 'reverted' ? await (await import('./revertReason.js')).revertReason(client, tx, rpcOptions) : null,
  }
}

/** A node reply formatted by viem, or a ResponseShapeError naming the method and the first field that is not what was asked for. */
function read<T>(method: string, format: () => T, checks: Record<string, (v: never) => boolean>): T {
  let value: T
  try {
    value = format()
  } catch (error) {
    throw new ResponseShapeError(`${method} result`, [{ path: [], message: error instanceof Error ? clip(error.message, 120) : 'unreadable' }])
  }
  checkFields(method, value, checks)
  return value
}

const isBigint = (v: unknown) => typeof v === 'bigint'
const isAddressText = (v: string) => isAddress(v, { strict: false })
const isTopics = (v: unknown) => Array.isArray(v) && v.every(isHash)

/** A ResponseShapeError naming the first field of a node reply that is missing or not what it should be. */
function checkFields(method: string, value: unknown, checks: Record<string, (v: never) => boolean>, at: (string | number)[] = []): void {
  for (const field in checks) {
    const v = (value as Record<string, unknown> | null)?.[field]
    if (!checks[field]!(v as never)) throw new ResponseShapeError(`${method} result`, [{ path: [...at, field], message: v == null ? 'missing' : 'unexpected value' }])
  }
}

/**
 * Counts a transaction's confirmations at a given head: 1 in its own block, 0 while pending (or when
 * the head is behind it).
 *
 * @param blockNumber - The block the transaction is in (`details.blockNumber`); `null` while pending.
 * @param head - The head block number.
 * @returns The number of confirmations.
 * @example
 * ```ts
 * import { confirmationsAt } from 'blockfeed'
 *
 * console.log(confirmationsAt(100n, 111n)) // 12
 * console.log(confirmationsAt(null, 111n)) // 0
 * ```
 */
export function confirmationsAt(blockNumber: bigint | null, head: bigint): number {
  if (blockNumber === null || head < blockNumber) return 0
  return Number(head - blockNumber + 1n)
}

function checkParameters(p: GetTransactionDetailsParameters) {
  if (p === null || typeof p !== 'object') throw new InvalidParameterError('parameters', 'expected { hash, chain? }')
  if (typeof p.hash !== 'string' || !isHash(p.hash)) {
    throw new InvalidParameterError('hash', `expected a 32-byte transaction hash (0x + 64 hex digits), got ${clip(String(p.hash))}`)
  }
  if (p.methodLabel != null && typeof p.methodLabel !== 'string') throw new InvalidParameterError('methodLabel', 'expected text')
  if (p.abi !== undefined && !Array.isArray(p.abi)) throw new InvalidParameterError('abi', 'expected an ABI array')
  return { hash: p.hash.toLowerCase() as Hex, chain: p.chain, methodLabel: p.methodLabel?.trim() || null, abi: p.abi }
}

function blockHint(value: GetTransactionDetailsParameters['blockNumber']): bigint | null {
  if (value == null || value === '') return null
  if (typeof value === 'bigint') return value >= 0n ? value : bad(value)
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : bad(value)
  if (typeof value === 'string' && /^(\d+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value)
  return bad(value)
}

function bad(value: unknown): never {
  throw new InvalidParameterError('blockNumber', `expected a block number (a non-negative integer, decimal or 0x text), got ${clip(String(value))}`)
}

function decodeMethod(tx: Transaction, label: string | null, abi: Abi): TransactionMethod {
  const selector = tx.to && tx.input.length >= 10 ? (tx.input.slice(0, 10).toLowerCase() as Hex) : null
  let decoded: { functionName: string; args: readonly unknown[] | undefined } | null = null
  if (selector) {
    try {
      decoded = decodeFunctionData({ abi, data: tx.input })
    } catch {
      decoded = null
    }
  }
  return {
    selector,
    name: label ?? decoded?.functionName ?? null,
    source: label ? 'service' : decoded ? 'abi' : null,
    args: decoded?.args ?? null,
  }
}

function decodeLogs(logs: RpcLog[], abi: Abi): TransactionDetailsLog[] {
  let parsed: { logIndex: number | string; eventName?: string; args?: unknown }[]
  try {
    // Matched back by position, not by the node's logIndex: a repeated or missing index must not lend one log another's decoding.
    parsed = parseEventLogs({ abi, logs: logs.map((l, i) => ({ ...l, logIndex: numberToHex(i) })), strict: true }) as unknown as typeof parsed
  } catch {
    parsed = []
  }
  // viem before 2.4x leaves an RPC log's index as hex text; later versions give a number.
  const byPosition = new Map(parsed.map((l) => [Number(l.logIndex), l]))
  return logs.map((raw, i) => {
    // Older viem tries only the first event of a shared topic (ERC-20's Transfer before ERC-721's):
    // a log left over is tried against each ABI on its own.
    const hit = byPosition.get(i) ?? (abi === knownAbi ? decodeAlone(raw) : undefined)
    const base = { address: getAddress(raw.address), logIndex: Number(raw.logIndex), topics: raw.topics as Hex[], data: raw.data }
    return hit
      ? { ...base, decoded: true as const, eventName: hit.eventName ?? '', args: (hit.args ?? {}) as Record<string, unknown> }
      : { ...base, decoded: false as const, eventName: null, args: null }
  })
}

function decodeAlone(log: RpcLog): { eventName?: string; args?: unknown } | undefined {
  for (const one of knownAbis) {
    try {
      const [hit] = parseEventLogs({ abi: one, logs: [log], strict: true }) as unknown as { eventName?: string; args?: unknown }[]
      if (hit) return hit
    } catch {
      // Not this ABI's event.
    }
  }
  return undefined
}
