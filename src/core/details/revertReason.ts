import { decodeErrorResult, numberToHex, type Hex, type Transaction } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import type { ChainInput } from '../chains.js'
import type { JsonRpcError } from '../errors.js'

/** Replays a reverted call on its parent block and reads `Error(string)` / `Panic(uint256)` from the node's answer. */
export async function revertReason(
  client: Pick<BlockfeedClient, 'rpc'>,
  tx: Transaction,
  options: { chain?: ChainInput | undefined; signal?: AbortSignal | undefined },
): Promise<string | null> {
  if (tx.blockNumber == null || tx.blockNumber === 0n) return null
  const call = { from: tx.from, to: tx.to ?? undefined, data: tx.input, value: numberToHex(tx.value), gas: numberToHex(tx.gas) }
  try {
    await client.rpc({ method: 'eth_call', params: [call, numberToHex(tx.blockNumber - 1n)] }, options)
    return null
  } catch (error) {
    // By name, not instanceof: importing the class would pull errors.ts into a chunk of its own, loaded with every page.
    if (!(error instanceof Error) || error.name !== 'JsonRpcError') return null
    const { data: errorData, rpcMessage } = error as JsonRpcError
    const data = findRevertData(errorData)
    if (data) {
      try {
        const { errorName, args } = decodeErrorResult({ abi: [], data })
        if (errorName === 'Error') return String(args?.[0] ?? '')
        if (errorName === 'Panic') return `panic ${String(args?.[0] ?? '')}`
      } catch {
        return `custom error ${data.slice(0, 10)}`
      }
    }
    // Some nodes put the reason only in the message ("execution reverted: low balance").
    const m = /execution reverted:?\s*(.*)$/i.exec(rpcMessage)
    return m?.[1]?.trim() || null
  }
}

function findRevertData(data: unknown): Hex | null {
  if (typeof data === 'string' && /^0x[0-9a-fA-F]{8,}$/.test(data)) return data as Hex
  if (data !== null && typeof data === 'object' && Object.hasOwn(data, 'data')) return findRevertData((data as { data: unknown }).data)
  return null
}
