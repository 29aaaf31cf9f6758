import { renderHook, waitFor } from '@testing-library/react'
import { createTestClient, http } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rpcQueryKey } from '../../src/core/query/rpc.js'
import { activeBlockNumberPollers } from '../../src/core/query/blockNumberPoller.js'
import { useRpc } from '../../src/react/useRpc.js'
import { startAnvil, type Anvil } from '../support/anvil.js'
import { countingFetch, setup } from './support.js'

const rich = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const fresh = '0x00000000000000000000000000000000000b10c4' as const

let anvil: Anvil
let testClient: ReturnType<typeof makeTestClient>
const makeTestClient = (url: string) => createTestClient({ chain: foundry, mode: 'anvil', transport: http(url) })

beforeAll(async () => {
  anvil = await startAnvil()
  testClient = makeTestClient(anvil.rpcUrl)
})
afterAll(() => anvil?.stop())

describe('watch: following the chain head', () => {
  it('a watched balance updates when a block is mined', async () => {
    const { wrapper, client, queryClient } = setup({ rpc: { url: anvil.rpcUrl } })
    const { result } = renderHook(() => useRpc({ method: 'eth_getBalance', params: [fresh], watch: true }), { wrapper })
    await waitFor(() => expect(result.current.data).toBe('0x0'))
    // Wait until the poller has its baseline block, so the next block counts as new.
    await waitFor(() => expect(queryClient.getQueryData(rpcQueryKey(client, { method: 'eth_blockNumber' }))).toBeDefined())

    await testClient.setBalance({ address: fresh, value: 12345n })
    await testClient.mine({ blocks: 1 })
    await waitFor(() => expect(result.current.data).toBe('0x3039'))
  })

  it('20 watched hooks share one eth_blockNumber poller, which stops with the last of them', async () => {
    const counter = countingFetch()
    const { wrapper, client, queryClient } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch, pollingIntervalMs: 20 })
    const addresses = Array.from({ length: 20 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}` as const)
    const hooks = renderHook(() => addresses.map((a) => useRpc({ method: 'eth_getBalance', params: [a], watch: true })), { wrapper })
    await waitFor(() => expect(hooks.result.current.every((q) => q.isSuccess)).toBe(true))
    expect(activeBlockNumberPollers(client)).toBe(1)

    // Let the poller tick for a while: one poller means at most one eth_blockNumber call in flight,
    // so every request carries exactly one such call.
    await waitFor(() => expect(counter.count('eth_blockNumber')).toBeGreaterThanOrEqual(5))
    const blockCalls = counter.requests.flatMap((r) => r.methods.filter((m) => m === 'eth_blockNumber'))
    expect(blockCalls.length).toBe(counter.count('eth_blockNumber'))

    // A new block refetches the 20 balances once each: one batch of 20, not 20 × 20.
    counter.reset()
    const before = queryClient.getQueryData(rpcQueryKey(client, { method: 'eth_blockNumber' }))
    expect(before).toBeDefined()
    await testClient.mine({ blocks: 1 })
    await waitFor(() => expect(counter.requests.flatMap((r) => r.methods).filter((m) => m === 'eth_getBalance').length).toBe(20))
    // A few more polls without a new block (waited for, not timed: a loaded machine polls slower)
    // bring no more balance reads.
    const polls = counter.count('eth_blockNumber')
    await waitFor(() => expect(counter.count('eth_blockNumber')).toBeGreaterThan(polls + 2))
    expect(counter.requests.flatMap((r) => r.methods).filter((m) => m === 'eth_getBalance').length).toBe(20)

    hooks.unmount()
    expect(activeBlockNumberPollers(client)).toBe(0)
    const after = counter.count('eth_blockNumber')
    await new Promise((r) => setTimeout(r, 100))
    expect(counter.count('eth_blockNumber')).toBeLessThanOrEqual(after + 1)
  })

  it('does not start a poller for immutable reads or without watch', async () => {
    const { wrapper, client } = setup({ rpc: { url: anvil.rpcUrl } })
    const { result } = renderHook(
      () => [
        useRpc({ method: 'eth_getBlockByNumber', params: ['0x0', false], watch: true }),
        useRpc({ method: 'eth_getBalance', params: [rich] }),
      ],
      { wrapper },
    )
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true))
    expect(activeBlockNumberPollers(client)).toBe(0)
  })
})

describe('watch: a hidden tab', () => {
  it('polls nothing while the tab is hidden, and catches up at once when it is shown', async () => {
    let state: DocumentVisibilityState = 'visible'
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
    try {
      const counter = countingFetch()
      const { wrapper, client, queryClient } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch, pollingIntervalMs: 20 })
      const { result } = renderHook(() => useRpc({ method: 'eth_getBalance', params: [fresh], watch: true }), { wrapper })
      await waitFor(() => expect(result.current.isSuccess).toBe(true))
      await waitFor(() => expect(queryClient.getQueryData(rpcQueryKey(client, { method: 'eth_blockNumber' }))).toBeDefined())

      state = 'hidden'
      await new Promise((r) => setTimeout(r, 60)) // a poll already on its way may finish
      counter.reset()
      await testClient.setBalance({ address: fresh, value: 777n })
      await testClient.mine({ blocks: 1 })
      await new Promise((r) => setTimeout(r, 200))
      expect(counter.requests).toHaveLength(0)

      state = 'visible'
      document.dispatchEvent(new Event('visibilitychange'))
      await waitFor(() => expect(result.current.data).toBe('0x309'))
    } finally {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    }
  })
})
