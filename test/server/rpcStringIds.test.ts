import { createPublicClient, http, type Hex } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createProxyHandler } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, json, type FakeUpstream, type RecordedCall } from '../faults/support/fakeUpstream.js'
import { API_KEY } from '../faults/support/fixtures.js'
import { serveProxy } from './support.js'

// Some nodes and services answer a batch with the ids as text ("1" for 1). The proxy matched answers
// by numeric id only, so each call of such a batch got "the upstream service gave no answer".

type Call = { jsonrpc: '2.0'; id: number; method: string; params: unknown[] }

let upstream: FakeUpstream
let proxy: Awaited<ReturnType<typeof serveProxy>>
beforeAll(async () => {
  upstream = await startFakeUpstream()
  proxy = await serveProxy(createProxyHandler({ baseUrl: upstream.url, apiKey: API_KEY, rpc: { url: `${upstream.url}/rpc` } }))
})
afterAll(async () => {
  await proxy.close()
  await upstream.close()
})

/** A balance per address (its last byte in wei), each answer under its id as text, in reverse order. */
const textIds = (call: RecordedCall) =>
  [JSON.parse(call.body) as Call | Call[]]
    .flat()
    .map((c) => ({ jsonrpc: '2.0', id: String(c.id), result: `0x${String(c.params[0]).slice(-2)}` }))
    .reverse()

beforeEach(() => {
  upstream.reset()
  upstream.reply((call, res) => json(res, 200, textIds(call)))
})

const post = (body: unknown) =>
  fetch(`${proxy.url}/api/blockfeed/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('upstream batch answers whose ids are numbers written as text', () => {
  it('viem, batching through the proxy, gets every balance', async () => {
    const client = createPublicClient({ chain: mainnet, transport: http(`${proxy.url}/api/blockfeed/rpc`, { batch: true, retryCount: 0 }) })
    const addresses = ['0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000b2', '0x00000000000000000000000000000000000000c3'] as Hex[]
    const balances = await Promise.all(addresses.map((address) => client.getBalance({ address })))
    expect(balances).toEqual([0xa1n, 0xb2n, 0xc3n])
    // One batch went upstream: the answers were matched, not fetched again one by one.
    expect(upstream.calls).toHaveLength(1)
  })

  it('each answer comes back under the id the client sent (a number stays a number, text stays text)', async () => {
    const balance = (id: unknown, last: string) => ({ jsonrpc: '2.0', id, method: 'eth_getBalance', params: [`0x${'0'.repeat(38)}${last}`, 'latest'] })
    const response = await post([balance(1, '11'), balance('1', '22'), balance(12, '33'), balance('x', '44')])
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x11' },
      { jsonrpc: '2.0', id: '1', result: '0x22' },
      { jsonrpc: '2.0', id: 12, result: '0x33' },
      { jsonrpc: '2.0', id: 'x', result: '0x44' },
    ])
  })

  it('text that only looks like a number ("01", "1.0", " 1") is no id of a call: that call gets an error, not another call\'s answer', async () => {
    upstream.reply((call, res) => {
      const [first, second] = JSON.parse(call.body) as Call[]
      json(res, 200, [
        { jsonrpc: '2.0', id: `0${first!.id}`, result: '0x1' },
        { jsonrpc: '2.0', id: String(second!.id), result: '0x2' },
      ])
    })
    const balance = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_getBalance', params: [`0x${'0'.repeat(40)}`, 'latest'] })
    const replies = (await (await post([balance(5), balance(6)])).json()) as { id: unknown; result?: string; error?: { code: number } }[]
    expect(replies[0]).toMatchObject({ id: 5, error: { code: -32603 } })
    expect(replies[1]).toEqual({ jsonrpc: '2.0', id: 6, result: '0x2' })
  })
})
