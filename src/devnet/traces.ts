import { hexToBigInt, type Hash, type Hex } from 'viem'
import type { NodeRequest } from './node.js'

/** A callTracer frame (geth's `callTracer` output; viem has no type for it). */
export interface CallFrame {
  type: string; from: Hex; to?: Hex | undefined; value?: Hex | undefined; gas?: Hex | undefined; gasUsed?: Hex | undefined
  input?: Hex | undefined; output?: Hex | undefined; error?: string; calls?: CallFrame[]
}

/** A native-currency move that really happened (reverted frames excluded). */
export interface NativeMove { from: string; to: string; value: bigint; internal: boolean }

/** One flat trace of `trace_block` (Parity/OpenEthereum format). */
interface ParityTrace {
  type: string
  action: { from?: Hex; to?: Hex; callType?: string; value?: Hex; gas?: Hex; input?: Hex; init?: Hex; address?: Hex; refundAddress?: Hex; balance?: Hex }
  result?: { gasUsed?: Hex; output?: Hex; address?: Hex; code?: Hex } | null
  error?: string
  traceAddress: number[]
  transactionHash?: Hex
}

export type TracingMethod = 'parity' | 'block' | 'transaction'

/**
 * Call traces per block as callTracer trees. `trace_block` first: anvil answers it from
 * recorded traces, about 25 times faster than re-executing for `debug_traceBlockByNumber`.
 * Then callTracer per block, then per transaction; none when the node traces nothing.
 * A method that fails once is not tried again.
 */
export class BlockTracer {
  private method: TracingMethod | 'none'

  constructor(private readonly request: NodeRequest, first: TracingMethod = 'parity') {
    this.method = first
  }

  async trace(blocks: readonly { number: Hex; transactions: readonly Hash[] }[]): Promise<(CallFrame | undefined)[][]> {
    const tracer = { tracer: 'callTracer' }
    if (this.method === 'parity') {
      try {
        const out = (await Promise.all(blocks.map((b) => this.request('trace_block', [b.number])))) as ParityTrace[][]
        return out.map((traces, i) => fromParityTraces(traces, blocks[i]!.transactions))
      } catch {
        this.method = 'block'
      }
    }
    if (this.method === 'block') {
      try {
        const out = (await Promise.all(
          blocks.map((b) => this.request('debug_traceBlockByNumber', [b.number, tracer])),
        )) as { result: CallFrame }[][]
        return out.map((list) => list.map((t) => t.result))
      } catch {
        this.method = 'transaction'
      }
    }
    if (this.method === 'transaction') {
      try {
        return await Promise.all(
          blocks.map((b) =>
            Promise.all(b.transactions.map((h) => this.request('debug_traceTransaction', [h, tracer]) as Promise<CallFrame>)),
          ),
        )
      } catch {
        this.method = 'none'
      }
    }
    return blocks.map(() => [])
  }
}

/** Parity-style flat traces (in call order) rebuilt as one callTracer tree per transaction. */
function fromParityTraces(traces: ParityTrace[], txs: readonly Hash[]): (CallFrame | undefined)[] {
  const roots = new Map<string, CallFrame>()
  const frames = new Map<string, CallFrame>()
  for (const t of traces) {
    if (!t.transactionHash) continue
    const a = t.action
    const frame: CallFrame = t.type === 'suicide'
      ? { type: 'SELFDESTRUCT', from: a.address!, to: a.refundAddress, value: a.balance }
      : {
          type: t.type === 'call' ? (a.callType ?? 'call').toUpperCase() : t.type.toUpperCase(),
          from: a.from!,
          to: a.to ?? t.result?.address,
          value: a.value,
          gas: a.gas,
          gasUsed: t.result?.gasUsed,
          input: a.input ?? a.init,
          output: t.result?.output ?? t.result?.code,
        }
    if (t.error) frame.error = t.error
    const key = `${t.transactionHash}/${t.traceAddress.join('.')}`
    frames.set(key, frame)
    if (t.traceAddress.length === 0) roots.set(t.transactionHash, frame)
    else {
      const parent = frames.get(`${t.transactionHash}/${t.traceAddress.slice(0, -1).join('.')}`)
      if (parent) (parent.calls ??= []).push(frame)
    }
  }
  return txs.map((hash) => roots.get(hash))
}

/**
 * The spec's `internal_transactions` of one transaction (every inner call, failed ones with
 * their error) and the native moves among them that really happened.
 */
export function internalCalls(
  trace: CallFrame | undefined,
  tx: { hash: Hex; blockNumber: string; blockHash: Hex; succeeded: boolean },
): { internalTransactions: Record<string, unknown>[]; moves: NativeMove[] } {
  const internalTransactions: Record<string, unknown>[] = []
  const moves: NativeMove[] = []
  const walk = (frame: CallFrame, reverted: boolean) => {
    for (const call of frame.calls ?? []) {
      const failed = reverted || call.error !== undefined
      const value = call.value ? hexToBigInt(call.value) : 0n
      const callTo = call.to?.toLowerCase() ?? null
      internalTransactions.push({
        transaction_hash: tx.hash,
        block_number: tx.blockNumber,
        block_hash: tx.blockHash,
        type: call.type,
        from: call.from.toLowerCase(),
        to: callTo,
        value: value.toString(),
        gas: call.gas ? hexToBigInt(call.gas).toString() : null,
        gas_used: call.gasUsed ? hexToBigInt(call.gasUsed).toString() : null,
        input: call.input ?? '0x',
        output: call.output ?? '0x',
        ...(call.error ? { error: call.error } : {}),
      })
      if (!failed && value > 0n && callTo) moves.push({ from: call.from.toLowerCase(), to: callTo, value, internal: true })
      walk(call, failed)
    }
  }
  if (trace) walk(trace, !tx.succeeded)
  return { internalTransactions, moves }
}
