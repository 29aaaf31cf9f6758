import { renderHook, waitFor } from '@testing-library/react'
import { createPublicClient, createWalletClient, http, parseEther, type Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTransactionDetails } from '../../src/react/useTransactionDetails.js'
import { startAnvil, type Anvil, minedReceipt } from '../support/anvil.js'
import { countingFetch, setup } from './support.js'

// anvil's first two dev accounts (well-known test keys, no value anywhere).
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f7603b6b78690d')

let anvil: Anvil
let mined: Hash
let minedBlock: bigint
const node = () => createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
const wallet = () => createWalletClient({ account: alice, chain: foundry, transport: http(anvil.rpcUrl) })
const anvilRequest = (method: string, params: unknown[] = []) => node().request({ method: method as never, params: params as never })

beforeAll(async () => {
  anvil = await startAnvil()
  mined = await wallet().sendTransaction({ to: bob.address, value: parseEther('0.25') })
  minedBlock = (await minedReceipt(node(), mined)).blockNumber
}, 60_000)

afterAll(() => anvil?.stop())

describe('useTransactionDetails against anvil', () => {
  it('opening a final transaction costs one HTTP request; opening it again costs none', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const first = renderHook(() => useTransactionDetails({ hash: mined, blockNumber: minedBlock, watch: false }), { wrapper })
    await waitFor(() => expect(first.result.current.data?.status).toBe('success'))
    expect(counter.count()).toBe(1)
    expect(first.result.current.data!.value.formatted).toBe('0.25')
    first.unmount()
    const again = renderHook(() => useTransactionDetails({ hash: mined, watch: false }), { wrapper })
    expect(again.result.current.data?.hash).toBe(mined)
    expect(counter.count()).toBe(1)
  })

  it('sends nothing until enabled (the row’s details are first opened)', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const { result, rerender } = renderHook(({ open }: { open: boolean }) => useTransactionDetails({ hash: mined, enabled: open }), { wrapper, initialProps: { open: false } })
    expect(result.current.fetchStatus).toBe('idle')
    expect(counter.count()).toBe(0)
    rerender({ open: true })
    await waitFor(() => expect(result.current.data?.status).toBe('success'))
  })

  it('confirmations follow the head while watched, without asking for the details again', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const { result } = renderHook(() => useTransactionDetails({ hash: mined, blockNumber: minedBlock }), { wrapper })
    await waitFor(() => expect(result.current.data?.status).toBe('success'))
    const before = result.current.data!.confirmations
    await anvilRequest('anvil_mine', ['0x3'])
    await waitFor(() => expect(result.current.data!.confirmations).toBe(before + 3))
    expect(counter.count('eth_getTransactionReceipt')).toBe(1)
  })

  it('a pending transaction turns into a mined one at the next block', async () => {
    await anvilRequest('evm_setAutomine', [false])
    const pending = await wallet().sendTransaction({ to: bob.address, value: 1n })
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl } })
    const { result } = renderHook(() => useTransactionDetails({ hash: pending }), { wrapper })
    await waitFor(() => expect(result.current.data?.status).toBe('pending'))
    expect(result.current.data!.confirmations).toBe(0)
    expect(result.current.data!.fee).toBeNull()
    await anvilRequest('evm_mine')
    await anvilRequest('evm_setAutomine', [true])
    await waitFor(() => expect(result.current.data?.status).toBe('success'))
    expect(result.current.data!.confirmations).toBeGreaterThanOrEqual(1)
  })
})
