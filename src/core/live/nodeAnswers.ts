import { getAddress, isAddress, isHash, isHex, type Address, type Hash, type TransactionBase, type TransactionReceipt } from 'viem'
import type { RpcReturnType } from '../rpc/methods.js'

// The node answers the tracker believes, checked against what was asked (a buggy provider, or a cache
// that mixes answers up, can return another transaction's receipt, or numbers no chain has). Each
// function returns the checked value, null where the node rightly says it has none, or undefined for
// a wrong answer: the tracker then treats the read as failed, moves nothing and asks at the next block.

/**
 * How far past the head a tick runs at a receipt's block may be. The head is read first and the
 * receipt a moment later (or a polling interval later, when the tick was queued behind a slow one),
 * and blocks are mined meanwhile: 16 is one default interval (4 s) on the fastest spec chain
 * (Arbitrum, ~4 blocks a second). A receipt further ahead is only put off, not lost: a later tick
 * runs at a head read after it.
 */
export const BLOCKS_PAST_HEAD = 16

/** The fields of a transaction the tracker uses (from `eth_getTransactionByHash`), as viem formats them. */
export type NodeTransaction = Pick<TransactionBase, 'hash' | 'from' | 'nonce' | 'to' | 'value' | 'input'>

/** The fields of a transaction the block search uses (from `eth_getBlockByNumber`). */
export type NodeBlockTransaction = Pick<NodeTransaction, 'hash' | 'from' | 'nonce'>

/**
 * The fields of a receipt the tracker uses. `status` null: a pre-Byzantium receipt, with a state
 * `root` instead of a status: mined, its outcome not recorded (EIP-658), so it counts as confirmed.
 */
export type NodeReceipt = Pick<TransactionReceipt<number, number, 'success' | 'reverted' | null>, 'transactionHash' | 'blockNumber' | 'status' | 'from' | 'to'> & {
  /** As the node sent them: `receiptTransfers` reads each log and skips those that do not decode. */
  logs: readonly unknown[]
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
/** A hex quantity of at most 256 bits (leading zeros tolerated). */
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

/** `eth_getTransactionReceipt` for `hash`, checked; `head`: the head the tick runs at. */
export function checkedReceipt(answer: RpcReturnType<'eth_getTransactionReceipt'>, hash: string, head: bigint): NodeReceipt | null | undefined {
  if (answer === null) return null
  const r = fieldsOf(answer)
  if (!r || !sameHash(r.transactionHash, hash) || !Array.isArray(r.logs)) return undefined
  const status = r.status === '0x1' ? 'success' : r.status === '0x0' ? 'reverted' : r.status == null && typeof r.root === 'string' && isHash(r.root) ? null : undefined
  const blockNumber = safeQuantity(r.blockNumber)
  const from = address(r.from)
  const to = r.to == null ? null : address(r.to)
  if (status === undefined || blockNumber === undefined || BigInt(blockNumber) > head + BigInt(BLOCKS_PAST_HEAD) || !from || to === undefined) return undefined
  return { transactionHash: hash.toLowerCase() as Hash, status, blockNumber, from, to, logs: r.logs }
}

/** `eth_getTransactionByHash` for `hash`, checked. */
export function checkedTransaction(answer: RpcReturnType<'eth_getTransactionByHash'>, hash: string): NodeTransaction | null | undefined {
  if (answer === null) return null
  const t = blockTransaction(answer)
  const tx = fieldsOf(answer)
  if (!t || !tx || t.hash !== hash.toLowerCase()) return undefined
  const to = tx.to == null ? null : address(tx.to)
  const value = typeof tx.value === 'string' && QUANTITY.test(tx.value) ? BigInt(tx.value) : undefined
  if (to === undefined || value === undefined || typeof tx.input !== 'string' || !isHex(tx.input)) return undefined
  return { ...t, to, value, input: tx.input }
}

/** `eth_getTransactionCount`: the sender's next nonce, checked. */
export function checkedTransactionCount(answer: RpcReturnType<'eth_getTransactionCount'>): number | undefined {
  return safeQuantity(answer)
}

/** `eth_getBlockByNumber` for block `number` with transaction objects: its transactions, checked (the block must be the one asked for, and exist: it is at or below the head). */
export function checkedBlockTransactions(answer: RpcReturnType<'eth_getBlockByNumber'>, number: bigint): NodeBlockTransaction[] | undefined {
  const b = fieldsOf(answer)
  if (!b || safeQuantity(b.number) !== Number(number) || !Array.isArray(b.transactions)) return undefined
  const out: NodeBlockTransaction[] = []
  for (const t of b.transactions as unknown[]) {
    // A hash alone is not what was asked for (transaction objects).
    const checked = blockTransaction(t)
    if (!checked) return undefined
    out.push(checked)
  }
  return out
}

function blockTransaction(answer: unknown): NodeBlockTransaction | undefined {
  const t = fieldsOf(answer as RpcReturnType<'eth_getTransactionByHash'>)
  const from = address(t?.from)
  const nonce = safeQuantity(t?.nonce)
  if (!t || typeof t.hash !== 'string' || !isHash(t.hash) || !from || nonce === undefined) return undefined
  return { hash: t.hash.toLowerCase() as Hash, from, nonce }
}

/** An answer's fields, each unknown until checked (the node may send anything in their place). */
function fieldsOf<T>(answer: T): { readonly [K in keyof NonNullable<T> | 'root']?: unknown } | undefined {
  return answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? answer : undefined
}

function sameHash(value: unknown, hash: string): boolean {
  return typeof value === 'string' && isHash(value) && value.toLowerCase() === hash.toLowerCase()
}

function address(value: unknown): Address | undefined {
  return typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : undefined
}

/** A hex quantity that is a safe integer (a block number, a nonce); not decimal text, a JSON number or 2^200. */
function safeQuantity(value: unknown): number | undefined {
  if (typeof value !== 'string' || !QUANTITY.test(value)) return undefined
  const n = BigInt(value)
  return n <= MAX_SAFE ? Number(n) : undefined
}
