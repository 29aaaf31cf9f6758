import { numberToHex, type Address, type Hex } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import {
  checkedBlockTransactions,
  checkedReceipt,
  checkedTransaction,
  checkedTransactionCount,
  type NodeBlockTransaction,
  type NodeReceipt,
  type NodeTransaction,
} from './nodeAnswers.js'

/** A read that went well, or why not: the tracker waits for the next block rather than throw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

export const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }))

/** A wrong answer settles as a failed read does, so it moves nothing and is asked again at the next block. */
const checked = <A, T>(answer: Promise<A>, check: (answer: A) => T | undefined): Promise<Settled<T>> =>
  answer.then(
    (received) => {
      const value = check(received)
      return value === undefined ? { ok: false as const, error: 'not an answer to what was asked' } : { ok: true as const, value }
    },
    (error: unknown) => ({ ok: false as const, error }),
  )

/** The four reads the tracker makes, each answer checked against what was asked (./nodeAnswers.ts). */
export interface NodeReads {
  /** A receipt is checked against the head its tick runs at. */
  receipt(chain: string, hash: string, head: bigint): Promise<Settled<NodeReceipt | null>>
  transaction(chain: string, hash: string): Promise<Settled<NodeTransaction | null>>
  /** The sender's next nonce at `head`. */
  nonce(chain: string, sender: string, head: bigint): Promise<Settled<number>>
  blockTransactions(chain: string, block: bigint): Promise<Settled<NodeBlockTransaction[]>>
}

// No AbortSignal: one per call would add a listener per call to one signal; after stop() replies are ignored instead.
export function createNodeReads(client: BlockfeedClient): NodeReads {
  return {
    receipt: (chain, hash, head) =>
      checked(client.rpc({ method: 'eth_getTransactionReceipt', params: [hash as Hex] }, { chain }), (a) => checkedReceipt(a, hash, head)),
    transaction: (chain, hash) =>
      checked(client.rpc({ method: 'eth_getTransactionByHash', params: [hash as Hex] }, { chain }), (a) => checkedTransaction(a, hash)),
    nonce: (chain, sender, head) =>
      checked(client.rpc({ method: 'eth_getTransactionCount', params: [sender as Address, numberToHex(head)] }, { chain }), checkedTransactionCount),
    blockTransactions: (chain, block) =>
      checked(client.rpc({ method: 'eth_getBlockByNumber', params: [numberToHex(block), true] }, { chain }), (a) => checkedBlockTransactions(a, block)),
  }
}
