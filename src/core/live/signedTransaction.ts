import {
  decodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
  type Hex,
  type TransactionSerialized,
} from 'viem'
import { getChainInfo } from '../chains.js'
import { InvalidParameterError } from '../errors.js'
import { clip } from '../text.js'
import type { TrackedTokenTransfer, TrackedTransaction } from './record.js'

/** What a signed transaction tells of itself, before any node is asked. */
export type SignedTransactionFields = Pick<TrackedTransaction, 'from' | 'nonce' | 'to' | 'value' | 'tokenTransfer' | 'raw'>

/** Whole bytes of 0x-prefixed hex (at least one). */
export function isHexBytes(text: string): boolean {
  return /^0x(?:[0-9a-fA-F]{2})+$/.test(text)
}

/** A value as an error message quotes it. */
export function describeValue(value: unknown): string {
  return typeof value === 'string' ? `"${clip(value)}"` : value === undefined ? 'nothing' : typeof value
}

/** From, nonce, to, value and ERC-20 calldata of a signed transaction, checked against its hash; no request. */
export async function decodeSignedTransaction(raw: unknown, hash: string, chain: string): Promise<SignedTransactionFields> {
  if (typeof raw !== 'string' || !isHexBytes(raw)) throw new InvalidParameterError('raw', `expected the signed transaction as 0x-prefixed hex, got ${describeValue(raw)}`)
  const serialized = raw.toLowerCase() as Hex
  if (keccak256(serialized) !== hash) throw new InvalidParameterError('raw', `is not the signed transaction of ${hash} (its hash is ${keccak256(serialized)})`)
  let tx: ReturnType<typeof parseTransaction>
  let from: Address
  try {
    tx = parseTransaction(serialized)
    // viem types a signed transaction by its leading type byte (0x02…, a branded legacy one), which text from the
    // caller cannot carry in its type; parseTransaction has just read it as one, so the assertion says what is known.
    from = await recoverTransactionAddress({ serializedTransaction: serialized as TransactionSerialized })
  } catch (error) {
    const why = error instanceof Error ? (error as { shortMessage?: string }).shortMessage ?? error.message : String(error)
    throw new InvalidParameterError('raw', `could not be decoded as a signed transaction: ${clip(why, 120)}`)
  }
  // A transaction signed for another chain would show in this chain's feed: refused, so chains never mix.
  const expected = getChainInfo(chain)?.chainId
  if (tx.chainId !== undefined && expected !== undefined && tx.chainId !== expected) {
    throw new InvalidParameterError('raw', `is signed for chain id ${tx.chainId}, not ${clip(chain)} (chain id ${expected})`)
  }
  const to = tx.to ? getAddress(tx.to) : null
  return {
    from,
    nonce: tx.nonce ?? 0,
    to,
    value: (tx.value ?? 0n).toString(),
    tokenTransfer: decodeTokenTransfer(from, to, tx.data),
    raw: serialized,
  }
}

/**
 * Reads an ERC-20 `transfer` or `transferFrom` out of a transaction's calldata, so you can say
 * "Sending 25 USDC to 0x…" before the transaction is mined.
 *
 * @param from - The sender of the transaction (the token owner for `transfer`).
 * @param to - The transaction's `to`: the token contract; `null` for a contract creation.
 * @param data - The calldata.
 * @returns The token, owner, recipient and raw amount (decimal text), or `null` for any other calldata.
 * @remarks No request: decoded locally with viem's `erc20Abi`.
 * @example
 * ```ts
 * import { decodeTokenTransfer } from 'blockfeed'
 * import { encodeFunctionData, erc20Abi } from 'viem'
 *
 * const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', 25_000_000n] })
 * const transfer = decodeTokenTransfer('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x00000000000000000000000000000000000000a1', data)
 * console.log(transfer?.amount) // '25000000'
 * ```
 */
export function decodeTokenTransfer(from: Address, to: Address | null, data: Hex | undefined): TrackedTokenTransfer | null {
  if (!to || !data || data.length < 10) return null
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (call.functionName === 'transfer') {
      const [recipient, amount] = call.args
      return { token: to, from, to: getAddress(recipient), amount: amount.toString() }
    }
    if (call.functionName === 'transferFrom') {
      const [owner, recipient, amount] = call.args
      return { token: to, from: getAddress(owner), to: getAddress(recipient), amount: amount.toString() }
    }
  } catch {
    // Not ERC-20 calldata: shown as a plain contract call.
  }
  return null
}
