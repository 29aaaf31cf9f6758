import { renderHook, waitFor } from '@testing-library/react'
import { createPublicClient, createWalletClient, http, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidParameterError, JsonRpcError } from '../../src/core/errors.js'
import { useRpc } from '../../src/react/useRpc.js'
import { startAnvil, type Anvil, minedReceipt } from '../support/anvil.js'
import { countingFetch, setup } from './support.js'

const devKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const dev = privateKeyToAccount(devKey)
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

let anvil: Anvil
let txHash: Hex

beforeAll(async () => {
  anvil = await startAnvil()
  const wallet = createWalletClient({ account: dev, chain: { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }, transport: http(anvil.rpcUrl) })
  txHash = await wallet.sendTransaction({ to: other, value: parseEther('1') })
  // anvil may answer eth_sendRawTransaction before the block is mined.
  await minedReceipt(createPublicClient({ transport: http(anvil.rpcUrl) }), txHash)
})
afterAll(() => anvil?.stop())

describe('useRpc against anvil', () => {
  it('reads block number, balance, block by number, receipt, logs and call', async () => {
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl } })
    const { result } = renderHook(
      () => ({
        blockNumber: useRpc({ method: 'eth_blockNumber' }),
        balance: useRpc({ method: 'eth_getBalance', params: [other, 'latest'], query: { select: (hex) => BigInt(hex) } }),
        block: useRpc({ method: 'eth_getBlockByNumber', params: ['0x1', false] }),
        receipt: useRpc({ method: 'eth_getTransactionReceipt', params: [txHash] }),
        logs: useRpc({ method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: '0x1' }] }),
        call: useRpc({ method: 'eth_call', params: [{ to: other, data: '0x' }, 'latest'] }),
      }),
      { wrapper },
    )
    await waitFor(() => expect(Object.values(result.current).every((q) => q.isSuccess)).toBe(true))
    const r = result.current
    expect(r.blockNumber.data).toBe('0x1')
    expect(r.balance.data).toBe(10_001_000_000_000_000_000_000n)
    expect(r.block.data?.transactions).toEqual([txHash])
    expect(r.receipt.data?.status).toBe('0x1')
    expect(r.receipt.data?.from).toBe(dev.address.toLowerCase())
    expect(r.logs.data).toEqual([])
    expect(r.call.data).toBe('0x')
  })

  it('puts JSON-RPC errors in `error` as JsonRpcError, without retrying at the TanStack layer', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const { result } = renderHook(
      () => useRpc({ method: 'eth_call', params: [{ to: other, data: '0x', gas: '0x1', value: '0xffffffffffffffffffffffffffff' }, 'latest'] }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(JsonRpcError)
    expect(counter.count('eth_call')).toBe(1)
  })

  it('waits without a request while required params are undefined', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const { result, rerender } = renderHook(({ addr }: { addr?: Hex }) => useRpc({ method: 'eth_getBalance', params: addr ? [addr] : undefined }), {
      wrapper,
      initialProps: {},
    })
    await new Promise((r) => setTimeout(r, 50))
    expect(result.current.fetchStatus).toBe('idle')
    expect(counter.count()).toBe(0)
    rerender({ addr: other })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(counter.count()).toBe(1)
  })
})

describe('batching and dedupe, counted at the fetch', () => {
  const slots = Array.from({ length: 50 }, (_, i) => `0x${i.toString(16)}` as const)

  it('50 hooks with distinct params and a batch cap of 50 send 1 HTTP request', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch, batch: { size: 50 } })
    const { result } = renderHook(() => slots.map((slot) => useRpc({ method: 'eth_getStorageAt', params: [other, slot, '0x1'] })), { wrapper })
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true))
    expect(counter.requests.map((r) => r.methods.length)).toEqual([50])
  })

  it('50 hooks with distinct params and the default cap of 20 send ceil(50/20) = 3 HTTP requests', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const { result } = renderHook(() => slots.map((slot) => useRpc({ method: 'eth_getStorageAt', params: [other, slot, '0x1'] })), { wrapper })
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true))
    expect(counter.requests.map((r) => r.methods.length)).toEqual([20, 20, 10])
  })

  it('100 hooks with identical params send 1 request with 1 call', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    // `[addr]` and `[addr, 'latest']` are one canonical request, so half of them are spelled differently.
    const { result } = renderHook(
      () => Array.from({ length: 100 }, (_, i) => useRpc({ method: 'eth_getBalance', params: i % 2 ? [other] : [other, 'latest'] })),
      { wrapper },
    )
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true))
    expect(counter.requests.map((r) => r.methods)).toEqual([['eth_getBalance']])
    expect(new Set(result.current.map((q) => q.data)).size).toBe(1)
  })
})

describe('method names that are Object.prototype members', () => {
  it.each(['constructor', '__proto__', 'toString'])('%s ends in InvalidParameterError naming method, with no request and no poller', async (name) => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const { result } = renderHook(() => useRpc({ method: name as 'eth_chainId', watch: true }), { wrapper })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(InvalidParameterError)
    expect((result.current.error as InvalidParameterError).parameter).toBe('method')
    expect(counter.count()).toBe(0)
  })
})
