import { JsonRpcProvider, Network } from 'ethers'
import { createPublicClient, erc20Abi, http, InvalidRequestRpcError, MethodNotFoundRpcError, parseAbiItem, type Hex, type PublicClient } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { createProxyHandler } from '../../src/server/createProxyHandler.js'
import { API_KEY } from '../faults/support/fixtures.js'
import { serveProxy } from './support.js'

// Stock JSON-RPC clients, configured as their docs show, must not notice they talk to
// the proxy or the devnet rather than to a node.

let devnet: Devnet
let proxy: Awaited<ReturnType<typeof serveProxy>>
let node: PublicClient
let usd: Hex
let addresses: Hex[]

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  // The proxy in front of the devnet's anvil itself (the node, not the devnet's /rpc).
  proxy = await serveProxy(createProxyHandler({ baseUrl: 'https://history.invalid', apiKey: API_KEY, rpc: { url: devnet.nodeUrl } }))
  node = createPublicClient({ chain: foundry, transport: http(devnet.nodeUrl) })
  usd = devnet.contracts!.usd
  addresses = devnet.wallets.map((w) => w.address)
})

afterAll(async () => {
  await proxy?.close()
  await devnet?.stop()
})

const targets = [
  ['the proxy (in front of anvil)', () => `${proxy.url}/api/blockfeed/rpc`],
  ["the devnet's /rpc", () => devnet.rpcUrl],
] as const

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

describe.each(targets)('stock clients against %s', (_name, url) => {
  it('viem public actions, one card per wallet rendered at once through a batching client, answer as the node does', async () => {
    const sizes: number[] = []
    const client = createPublicClient({
      chain: foundry,
      transport: http(url(), { batch: true, retryCount: 0, onFetchRequest: async (r) => void sizes.push([await r.clone().json()].flat().length) }),
    })
    const block = await node.getBlock({ blockTag: 'latest' })
    const slot0 = [`0x${'0'.repeat(64)}`] as Hex[]
    const cards = (c: PublicClient) =>
      Promise.all(
        addresses.map((address) =>
          Promise.all([
            c.getBalance({ address }),
            c.getTransactionCount({ address }),
            c.readContract({ address: usd, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
            c.getLogs({ address: usd, event: TRANSFER, args: { to: address }, fromBlock: 0n, toBlock: block.number }).then((logs) => logs.map((l) => l.transactionHash)),
            c.getProof({ address, storageKeys: slot0, blockNumber: block.number }),
            c.getBlock({ blockNumber: block.number }).then((b) => b.hash),
            c.getFeeHistory({ blockCount: 2, blockNumber: block.number, rewardPercentiles: [25, 75] }),
          ]),
        ),
      )
    const [got, fees, decimals] = await Promise.all([cards(client as PublicClient), client.estimateFeesPerGas(), client.readContract({ address: usd, abi: erc20Abi, functionName: 'decimals' })])
    expect(got).toEqual(await cards(node))
    expect(got.flatMap(([, , , logs]) => logs).length).toBeGreaterThan(0)
    expect(fees.maxFeePerGas).toBeGreaterThan(0n)
    expect(decimals).toBe(6)
    // The first tick's calls went out together, more than the service's cap of 20.
    expect(Math.max(...sizes)).toBeGreaterThan(20)
  })

  it('45 concurrent reads with http(url, { batch: true }) go out as one batch and each gets its own answer', async () => {
    const bodies: unknown[] = []
    const client = createPublicClient({
      chain: foundry,
      transport: http(url(), { batch: true, retryCount: 0, onFetchRequest: async (request) => void bodies.push(await request.clone().json()) }),
    })
    const head = await node.getBlockNumber()
    const reads = Array.from({ length: 45 }, (_, i) => ({ address: addresses[i % addresses.length]!, blockNumber: BigInt(i) % (head + 1n) }))
    const got = await Promise.all(reads.map((r) => client.getBalance(r)))
    const want = await Promise.all(reads.map((r) => node.getBalance(r)))
    expect(got).toEqual(want)
    // One request carried all 45 calls: the client really batched.
    expect(bodies.some((b) => Array.isArray(b) && b.length === 45)).toBe(true)
  })

  it('a viem batch over the limit (101 calls with batchSize 1000): each call fails as a JSON-RPC "invalid request", not as an HTTP failure', async () => {
    const client = createPublicClient({ chain: foundry, transport: http(url(), { batch: { batchSize: 1000 }, retryCount: 0 }) })
    const results = await Promise.allSettled(Array.from({ length: 101 }, (_, i) => client.getBalance({ address: addresses[i % addresses.length]! })))
    const reasons = results.map((r) => (r.status === 'rejected' ? (r.reason as Error) : undefined))
    expect(reasons.every((e) => e instanceof InvalidRequestRpcError)).toBe(true)
    expect(reasons[0]!.message).toContain('at most 100 calls, got 101')
    // Within the limit the same client is served.
    expect(await Promise.all(addresses.map((address) => client.getBalance({ address })))).toEqual(await Promise.all(addresses.map((address) => node.getBalance({ address }))))
  })

  it('a method outside the 28 in a viem batch fails alone (MethodNotFoundRpcError); the calls batched with it are served', async () => {
    const sizes: number[] = []
    const client = createPublicClient({
      chain: foundry,
      transport: http(url(), { batch: true, retryCount: 0, onFetchRequest: async (r) => void sizes.push([await r.clone().json()].flat().length) }),
    })
    const [filter, balance] = await Promise.allSettled([client.createEventFilter({ address: usd, event: TRANSFER }), client.getBalance({ address: addresses[0]! })])
    expect(filter.status === 'rejected' && filter.reason).toBeInstanceOf(MethodNotFoundRpcError)
    expect(balance).toEqual({ status: 'fulfilled', value: await node.getBalance({ address: addresses[0]! }) })
    expect(sizes).toEqual([2])
  })

  it('ethers v6 JsonRpcProvider with its default batching (batchMaxCount 100) reads as from the node', async () => {
    const provider = new JsonRpcProvider(url(), Network.from(31337), { staticNetwork: true })
    try {
      const head = await node.getBlockNumber()
      const reads = Array.from({ length: 60 }, (_, i) => ({ address: addresses[i % addresses.length]!, block: Number(BigInt(i) % (head + 1n)) }))
      const [balances, blockNumber, block, fee, symbol, logs] = await Promise.all([
        Promise.all(reads.map((r) => provider.getBalance(r.address, r.block))),
        provider.getBlockNumber(),
        provider.getBlock(Number(head)),
        provider.getFeeData(),
        provider.call({ to: usd, data: '0x95d89b41' }),
        provider.getLogs({ address: usd, fromBlock: 0, toBlock: Number(head) }),
      ])
      expect(balances).toEqual(await Promise.all(reads.map((r) => node.getBalance({ address: r.address, blockNumber: BigInt(r.block) }))))
      expect(blockNumber).toBeGreaterThanOrEqual(Number(head))
      expect(block?.hash).toBe((await node.getBlock({ blockNumber: head })).hash)
      expect(fee.gasPrice).toBeGreaterThan(0n)
      expect(symbol).toBe(await node.call({ to: usd, data: '0x95d89b41' }).then((r) => r.data))
      expect(logs.map((l) => l.transactionHash)).toEqual(
        (await node.getLogs({ address: usd, fromBlock: 0n, toBlock: head })).map((l) => l.transactionHash),
      )
    } finally {
      provider.destroy()
    }
  })
})
