import { maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { getTransactionDetails } from '../../../src/core/details/getTransactionDetails.js'
import { createClient, ResponseShapeError } from '../../../src/exports/index.js'
import * as F from './fixtures.js'

/** A real client whose fetch answers JSON-RPC (single or batched) from the fixtures, counting HTTP requests. */
function fixtureClient(fixtures: F.RpcFixture[]) {
  const node = F.fixtureRpc(fixtures)
  let requests = 0
  const answer = async (req: { id: number; method: string; params?: unknown[] }) => {
    try {
      return { jsonrpc: '2.0', id: req.id, result: await node.call({ method: req.method, params: req.params }) }
    } catch (e) {
      const err = e as { code?: number; rpcMessage?: string; data?: unknown }
      return { jsonrpc: '2.0', id: req.id, error: { code: err.code ?? -32603, message: err.rpcMessage ?? String(e), data: err.data } }
    }
  }
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    requests++
    const body = JSON.parse(String(init?.body))
    const reply = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body)
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } })
  }
  const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth', fetch, retry: false })
  return { client, requests: () => requests }
}

describe('getTransactionDetails on mainnet-shaped node replies', () => {
  it('a type-2 USDC transfer: fee from effectiveGasPrice, 20 confirmations, the block from a full-transactions reply', async () => {
    const f = F.usdcTransfer()
    const { client, requests } = fixtureClient([f])
    const d = (await getTransactionDetails(client, { hash: f.hash, blockNumber: 20_589_436 }))!
    expect(requests()).toBe(1)
    expect(d.type).toBe('eip1559')
    expect(d.status).toBe('success')
    expect(d.timestamp).toBe(Date.parse('2024-08-21T08:13:47Z') / 1000)
    expect(d.confirmations).toBe(20)
    expect(d.fee!.wei).toBe(0xa3d1n * 0x4a817c8een)
    // 41 937 gas × 20.000000238 gwei
    expect(d.fee!.formatted).toBe('0.000838740009981006')
    expect(d.method).toMatchObject({ name: 'transfer', selector: '0xa9059cbb' })
    expect(d.logs).toHaveLength(1)
    expect(d.logs[0]).toMatchObject({ decoded: true, eventName: 'Transfer', logIndex: 0x11, args: { value: 25_000_000n } })
  })

  it('a legacy contract creation: type legacy, no to, the created address, gas price as the effective price', async () => {
    const f = F.legacyCreation()
    const { client } = fixtureClient([f])
    const d = (await getTransactionDetails(client, { hash: f.hash }))!
    expect(d).toMatchObject({ type: 'legacy', to: null, contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3', nonce: 7 })
    expect(d.effectiveGasPrice).toBe(20_000_000_000n)
    expect(d.method.selector).toBeNull()
  })

  it('a failed router swap: reverted, its decoded method, the reason from the replayed call', async () => {
    const f = F.failedSwap()
    const { client } = fixtureClient([f])
    const d = (await getTransactionDetails(client, { hash: f.hash }))!
    expect(d.status).toBe('reverted')
    expect(d.method.name).toBe('swapExactTokensForTokens')
    expect(d.revertReason).toBe('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT')
  })

  it('approval and revoke, and an unknown contract whose log stays raw', async () => {
    const fixtures = [F.unlimitedApproval(), F.revokedApproval(), F.unknownContract()]
    const { client } = fixtureClient(fixtures)
    const [approve, revoke, unknown] = await Promise.all(fixtures.map((f) => getTransactionDetails(client, { hash: f.hash })))
    expect(approve!.logs[0]).toMatchObject({ eventName: 'Approval', args: { value: maxUint256 } })
    expect(revoke!.logs[0]).toMatchObject({ eventName: 'Approval', args: { value: 0n } })
    expect(unknown!.method).toEqual({ selector: '0xdeadbeef', name: null, source: null, args: null })
    expect(unknown!.logs[0]).toMatchObject({ decoded: false, eventName: null, data: '0x000000000000000000000000000000000000000000000000000000000000002a' })
    expect(unknown!.logs[0]!.topics).toHaveLength(2)
  })
})

describe('getTransactionDetails on replies that are not what was asked for', () => {
  it('a transaction or receipt for another hash, or not an object, is a ResponseShapeError naming the method', async () => {
    const other = F.usdcTransfer()
    const wrongTx = { ...other, tx: { ...other.tx, hash: `0x${'ee'.repeat(32)}` } }
    await expect(getTransactionDetails(F.fixtureRpc([wrongTx]), { hash: other.hash })).rejects.toThrow(/eth_getTransactionByHash result/)
    const wrongReceipt = { ...other, receipt: { ...other.receipt, transactionHash: `0x${'ee'.repeat(32)}` } }
    await expect(getTransactionDetails(F.fixtureRpc([wrongReceipt]), { hash: other.hash })).rejects.toThrow(ResponseShapeError)
    const garbage = { ...other, receipt: 'constructor' as never }
    await expect(getTransactionDetails(F.fixtureRpc([garbage]), { hash: other.hash })).rejects.toThrow(/eth_getTransactionReceipt result/)
    const noLogs = { ...other, receipt: { ...other.receipt, logs: 'none' } }
    await expect(getTransactionDetails(F.fixtureRpc([noLogs]), { hash: other.hash })).rejects.toThrow(ResponseShapeError)
  })
})
