/**
 * Following an EIP-5792 bundle through `wallet_getCallsStatus`, against wallets that answer it in
 * the ways wallets do: a non-atomic bundle reported as a success at its first mined call (wagmi's
 * own mock connector does so), an atomic bundle with one receipt for all its calls, a failure.
 */
import { createClient, custom, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { followCalls } from '../../src/wagmi/followCalls.js'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex
const receipt = (n: number) => ({ blockHash: hash(100 + n), blockNumber: '0x1', gasUsed: '0x5208', logs: [], status: '0x1', transactionHash: hash(n) })

/** A wallet whose answers to `wallet_getCallsStatus` are `answers`, one per ask (the last repeats). */
function wallet(answers: { status: number; atomic: boolean; receipts: number[] }[]) {
  let asked = 0
  const client = createClient({
    transport: custom({
      request: async ({ method }: { method: string }) => {
        if (method !== 'wallet_getCallsStatus') throw new Error(`unexpected ${method}`)
        const a = answers[Math.min(asked++, answers.length - 1)]!
        return { version: '2.0.0', id: '0xb', chainId: '0x1', atomic: a.atomic, status: a.status, receipts: a.receipts.map(receipt) }
      },
    }),
  })
  return { client, asks: () => asked }
}

async function follow(answers: Parameters<typeof wallet>[0], callCount: number) {
  const w = wallet(answers)
  const found: [string, number][] = []
  await followCalls(w.client, '0xb', callCount, (h, i) => found.push([h, i]), new AbortController().signal)
  return { found, asks: w.asks() }
}

describe('followCalls', () => {
  it('a non-atomic bundle called a success at its first mined call: asks again until every call has its receipt, each hash once', async () => {
    const { found, asks } = await follow([{ status: 200, atomic: false, receipts: [1] }, { status: 200, atomic: false, receipts: [1, 2] }], 2)
    expect(found).toEqual([[hash(1), 0], [hash(2), 1]])
    expect(asks).toBe(2)
  })

  it('an atomic bundle: one receipt for its three calls ends it', async () => {
    const { found, asks } = await follow([{ status: 100, atomic: true, receipts: [] }, { status: 200, atomic: true, receipts: [7] }], 3)
    expect(found).toEqual([[hash(7), 0]])
    expect(asks).toBe(2)
  })

  it('a failed bundle ends with the receipts it has', async () => {
    const { found, asks } = await follow([{ status: 500, atomic: false, receipts: [1] }], 2)
    expect(found).toEqual([[hash(1), 0]])
    expect(asks).toBe(1)
  })

  it('stops asking once its signal aborts', async () => {
    const w = wallet([{ status: 100, atomic: false, receipts: [] }])
    const controller = new AbortController()
    const following = followCalls(w.client, '0xb', 1, () => {}, controller.signal)
    controller.abort()
    await following
    expect(w.asks()).toBe(1)
  })
})
