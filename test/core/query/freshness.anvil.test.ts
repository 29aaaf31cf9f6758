import { QueryClient } from '@tanstack/query-core'
import { createTestClient, createWalletClient, http, numberToHex, publicActions, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, type BlockfeedClient } from '../../../src/core/client.js'
import { rpcQueryOptions } from '../../../src/core/query/rpc.js'
import { DEFAULT_REORG_DEPTH } from '../../../src/core/rpc/head.js'
import { startAnvil, type Anvil, minedReceipt } from '../../support/anvil.js'

// anvil's first dev account (a well-known test key, no value anywhere).
const dev = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
// Init code PUSH1 0 PUSH1 0 LOG0: a contract creation that emits one log and deploys nothing.
const EMIT_LOG: Hex = '0x60006000a0'

let anvil: Anvil
let client: BlockfeedClient
let calls: string[]
let chainClient: ReturnType<typeof makeChainClient>
const makeChainClient = (url: string) =>
  createTestClient({ chain: foundry, mode: 'anvil', transport: http(url) }).extend(publicActions)

beforeAll(async () => {
  anvil = await startAnvil()
  chainClient = makeChainClient(anvil.rpcUrl)
  calls = []
  client = createClient({
    baseUrl: 'https://freshness.test',
    rpc: { url: anvil.rpcUrl },
    retry: false,
    fetch: (input, init) => {
      const body = JSON.parse(String(init?.body)) as { method: string } | { method: string }[]
      calls.push(...[body].flat().map((c) => c.method))
      return fetch(input, init)
    },
  })
})
afterAll(() => anvil?.stop())

async function mineLog(): Promise<bigint> {
  const wallet = createWalletClient({ account: dev, chain: { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }, transport: http(anvil.rpcUrl) })
  const hash = await wallet.sendTransaction({ data: EMIT_LOG })
  return (await minedReceipt(chainClient, hash)).blockNumber
}

describe('eth_getLogs up to a block above the head (real anvil)', () => {
  it('an empty answer near the head is not kept forever: the log mined into the range shows on the next read', async () => {
    const qc = new QueryClient()
    const head = await client.rpc({ method: 'eth_blockNumber' })
    // From the head (anvil refuses a start above it) to 5 blocks past it.
    const range = { fromBlock: head, toBlock: numberToHex(BigInt(head) + 5n) }
    const options = () => rpcQueryOptions(client, { method: 'eth_getLogs', params: [range] })
    expect(await qc.fetchQuery(options())).toEqual([])

    const block = await mineLog()
    expect(block).toBe(BigInt(head) + 1n)
    const logs = await qc.fetchQuery(options())
    expect(logs.map((l) => l.blockNumber)).toEqual([numberToHex(block)])
  })

  it('once the range is below the head minus the reorg depth, one more read settles it and later reads send nothing', async () => {
    const qc = new QueryClient()
    const range = { fromBlock: '0x1', toBlock: '0x5' } as const
    const options = () => rpcQueryOptions(client, { method: 'eth_getLogs', params: [range] })
    await qc.fetchQuery(options())

    await chainClient.mine({ blocks: DEFAULT_REORG_DEPTH + 10 })
    // The client learns the head from a reply it gets anyway (here a plain block-number read).
    await client.rpc({ method: 'eth_blockNumber' })
    calls.length = 0
    // Fetched before the range settled: read once more…
    const settled = await qc.fetchQuery(options())
    expect(calls).toEqual(['eth_getLogs'])
    // …and from then on the answer is final.
    expect(await qc.fetchQuery(options())).toEqual(settled)
    expect(await qc.fetchQuery(options())).toEqual(settled)
    expect(calls).toEqual(['eth_getLogs'])
    expect(settled).toHaveLength(1)
  })
})
