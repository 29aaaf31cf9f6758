import { act, renderHook, waitFor } from '@testing-library/react'
import { parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JsonRpcError } from '../../src/core/errors.js'
import { useRpc } from '../../src/react/useRpc.js'
import { useSendRawTransaction } from '../../src/react/useSendRawTransaction.js'
import { startAnvil, type Anvil } from '../support/anvil.js'
import { countingFetch, setup } from './support.js'

const dev = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const recipient = '0x000000000000000000000000000000000000dEaD' as const

let anvil: Anvil
beforeAll(async () => void (anvil = await startAnvil()))
afterAll(() => anvil?.stop())

const sign = (nonce: number, value: bigint): Promise<Hex> =>
  dev.signTransaction({ chainId: 31337, type: 'eip1559', to: recipient, value, nonce, gas: 21_000n, maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1n })

describe('useSendRawTransaction against anvil', () => {
  it('sends a viem-signed transaction, then the balance hook shows the new balance; immutable reads are not refetched', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const { result } = renderHook(
      () => ({
        // At `pending`: anvil may answer eth_sendRawTransaction before the block is mined, as a real node does.
        balance: useRpc({ method: 'eth_getBalance', params: [recipient, 'pending'], query: { select: BigInt } }),
        genesis: useRpc({ method: 'eth_getBlockByNumber', params: ['0x0', false] }),
        send: useSendRawTransaction(),
      }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.balance.data).toBeDefined())
    await waitFor(() => expect(result.current.genesis.isSuccess).toBe(true))
    const before = result.current.balance.data!
    const genesisCalls = counter.requests.flatMap((r) => r.methods).filter((m) => m === 'eth_getBlockByNumber').length

    let hash: Hex | undefined
    await act(async () => {
      hash = await result.current.send.mutateAsync({ serializedTransaction: await sign(0, parseEther('0.5')) })
    })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await waitFor(() => expect(result.current.balance.data).toBe(before + parseEther('0.5')))
    expect(counter.requests.flatMap((r) => r.methods).filter((m) => m === 'eth_getBlockByNumber').length).toBe(genesisCalls)
  })

  it('a rejected transaction reaches `error` as JsonRpcError and invalidates nothing', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const { result } = renderHook(
      () => ({ balance: useRpc({ method: 'eth_getBalance', params: [recipient] }), send: useSendRawTransaction() }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.balance.isSuccess).toBe(true))
    act(() => result.current.send.mutate({ serializedTransaction: '0x02f86b' }))
    await waitFor(() => expect(result.current.send.isError).toBe(true))
    expect(result.current.send.error).toBeInstanceOf(JsonRpcError)
    expect(counter.requests.map((r) => r.methods)).toEqual([['eth_getBalance'], ['eth_sendRawTransaction']])
  })
})
