import { renderHook, waitFor } from '@testing-library/react'
import { createPublicClient, createWalletClient, http, numberToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useRpc } from '../../src/react/useRpc.js'
import { startAnvil, type Anvil, minedReceipt } from '../support/anvil.js'
import { setup } from './support.js'

const dev = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
// Init code PUSH1 0 PUSH1 0 LOG0: a contract creation that emits one log and deploys nothing.
const EMIT_LOG: Hex = '0x60006000a0'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(() => anvil?.stop())

describe('useRpc: a read up to a block above the head follows the head', () => {
  it('eth_getLogs to head + 10 with watch shows the log mined into the range', async () => {
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl } })
    const range = { fromBlock: '0x0', toBlock: numberToHex(10) } as const
    const { result } = renderHook(() => useRpc({ method: 'eth_getLogs', params: [range], watch: true }), { wrapper })
    await waitFor(() => expect(result.current.data).toEqual([]))

    const wallet = createWalletClient({ account: dev, chain: { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }, transport: http(anvil.rpcUrl) })
    const hash = await wallet.sendTransaction({ data: EMIT_LOG })
    const receipt = await minedReceipt(createPublicClient({ transport: http(anvil.rpcUrl) }), hash)

    await waitFor(() => expect(result.current.data?.map((l) => l.transactionHash)).toEqual([hash]))
    expect(result.current.data?.[0]?.blockNumber).toBe(numberToHex(receipt.blockNumber))
  })
})
