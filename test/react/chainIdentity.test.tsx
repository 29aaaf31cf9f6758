import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { activeHeadPollers } from '../../src/core/live/headPoller.js'
import { useRpc } from '../../src/react/useRpc.js'
import { setup } from './support.js'

const wallet = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A node answering eth_blockNumber and eth_getBalance, counting each method; the RPC URL function records the spellings it was asked with. */
function fakeNode() {
  const calls: string[] = []
  const spellings: string[] = []
  const fetchFn: typeof fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
    const replies = [body].flat().map((c) => {
      calls.push(c.method)
      return { jsonrpc: '2.0', id: c.id, result: c.method === 'eth_blockNumber' ? '0x10' : '0x5' }
    })
    return Response.json(Array.isArray(body) ? replies : replies[0])
  }
  const rpc = (chain: string) => {
    spellings.push(chain)
    return 'https://node.test/'
  }
  return { fetchFn, rpc, calls, spellings }
}

describe('one chain, however it is spelled', () => {
  it('`eth` and `0x1` share one cache entry and one head poller; each request keeps its caller’s spelling', async () => {
    const node = fakeNode()
    const { wrapper, client, queryClient } = setup({ rpc: node.rpc, fetch: node.fetchFn, pollingIntervalMs: 60_000 })
    const { result } = renderHook(
      () => ({
        byName: useRpc({ method: 'eth_getBalance', params: [wallet, 'latest'], chain: 'eth', watch: true }),
        byHex: useRpc({ method: 'eth_getBalance', params: [wallet, 'latest'], chain: '0x1', watch: true }),
        head: useRpc({ method: 'eth_blockNumber', chain: '0X1', watch: true }),
      }),
      { wrapper },
    )
    await waitFor(() => expect(Object.values(result.current).every((q) => q.isSuccess)).toBe(true))
    expect(result.current.byName.data).toBe('0x5')
    expect(result.current.byHex.data).toBe('0x5')
    // One balance entry and one balance request for both spellings.
    const balances = queryClient.getQueryCache().findAll({ queryKey: ['blockfeed', 'rpc'] }).filter((q) => (q.queryKey[2] as { method: string }).method === 'eth_getBalance')
    expect(balances).toHaveLength(1)
    expect(node.calls.filter((m) => m === 'eth_getBalance')).toHaveLength(1)
    // Three watchers, one poller.
    expect(activeHeadPollers(client)).toBe(1)
    // The RPC URL was only ever asked for under spellings a caller gave.
    expect(new Set(node.spellings).size).toBeGreaterThan(0)
    for (const s of node.spellings) expect(['eth', '0x1', '0X1']).toContain(s)
  })
})
