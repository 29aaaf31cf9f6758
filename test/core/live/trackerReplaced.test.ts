import { keccak256 } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from '../../../src/core/live/storage.js'
import { createTransactionTracker, type TransactionTracker } from '../../../src/core/live/tracker.js'
import { accounts, startHeldChain } from './support.js'

let chain: Awaited<ReturnType<typeof startHeldChain>>
const trackers: TransactionTracker[] = []
beforeAll(async () => void (chain = await startHeldChain()))
afterAll(async () => {
  for (const t of trackers) t.stop()
  await chain?.anvil.stop()
})

describe('tracked by hash and sender (as with wagmi), before this node has heard of it', () => {
  it('sped up in the wallet: the first is shown replaced by the one mined, not left pending until it counts as dropped', async () => {
    const tracker = createTransactionTracker({ client: chain.makeClient(), storage: memoryStorage(), pollingIntervalMs: 30, confirmations: 1 })
    trackers.push(tracker)
    const me = accounts[0]!
    const next = await chain.test.getTransactionCount({ address: me.address, blockTag: 'pending' })
    const sign = (nonce: number, tip: bigint) =>
      me.signTransaction({ chainId: foundry.id, type: 'eip1559', nonce, to: accounts[1]!.address, value: 1n, gas: 21_000n, maxFeePerGas: 100_000_000_000n + tip, maxPriorityFeePerGas: tip })
    // Stuck behind a missing lower nonce, so it waits in the pool while blocks pass.
    const slow = await sign(next + 1, 1_000_000_000n)
    const hash = keccak256(slow)
    // The wallet sent it through its own node; the app's node has not seen it yet when it is tracked.
    await tracker.track({ hash, chain: '0x7a69', from: me.address })
    await new Promise((r) => setTimeout(r, 100))
    await chain.test.sendRawTransaction({ serializedTransaction: slow })
    await chain.test.mine({ blocks: 1 })
    // A block later the tracker knows its nonce (from the node), as it needs to tell a replacement.
    await vi.waitFor(() => expect(tracker.get(hash)?.nonce).toBe(next + 1), { timeout: 15_000, interval: 20 })

    // Sped up (same nonce, higher tip), and the missing nonce arrives: both are mined.
    const fast = await chain.test.sendRawTransaction({ serializedTransaction: await sign(next + 1, 5_000_000_000n) })
    await chain.test.sendRawTransaction({ serializedTransaction: await sign(next, 5_000_000_000n) })
    await chain.test.mine({ blocks: 1 })
    expect((await chain.test.getTransactionReceipt({ hash: fast })).status).toBe('success')
    await vi.waitFor(() => expect(tracker.get(hash)).toMatchObject({ status: 'replaced', replacedBy: fast, final: true }), { timeout: 15_000, interval: 20 })
  })
})
