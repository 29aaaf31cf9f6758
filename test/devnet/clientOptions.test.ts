import { createPublicClient, http } from 'viem'
import { createClient } from '../../src/core/client.js'
import { getNames } from '../../src/core/details/names.js'
import { HttpStatusError } from '../../src/core/errors.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { everything } from './helpers.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
})
afterAll(() => devnet?.stop())

it('createClient(devnet.clientOptions) reads a seeded wallet\'s whole history, its chain the default', async () => {
  const client = createClient(devnet.clientOptions)
  expect(client.chain).toBe(devnet.chain)
  const alice = devnet.wallets.find((w) => w.name === 'alice')!.address
  const hashes: string[] = []
  for await (const page of client.walletHistoryPages({ address: alice, limit: 7 })) hashes.push(...page.result.map((e) => e.hash))
  const raw = await everything(devnet, alice)
  expect(hashes.length).toBeGreaterThan(7)
  expect(hashes).toEqual(raw.map((e) => e.hash))
})

it('createClient(devnet.clientOptions) reaches the devnet\'s JSON-RPC, single calls and a batch', async () => {
  const client = createClient(devnet.clientOptions)
  const alice = devnet.wallets.find((w) => w.name === 'alice')!.address
  const node = createPublicClient({ transport: http(devnet.nodeUrl) })
  const [chainId, balance, head] = await Promise.all([
    client.rpc({ method: 'eth_chainId' }),
    client.rpc({ method: 'eth_getBalance', params: [alice, 'latest'] }),
    client.rpc({ method: 'eth_blockNumber' }),
  ])
  expect(Number(chainId)).toBe(devnet.chainId)
  expect(BigInt(balance)).toBe(await node.getBalance({ address: alice }))
  expect(BigInt(head)).toBe(await node.getBlockNumber())
  // The chain named explicitly is accepted too (the client knows only the spec's 13 otherwise).
  expect(await client.rpc({ method: 'eth_chainId' }, { chain: devnet.chain })).toBe(chainId)
  const [first] = (await client.getWalletHistory({ address: alice, limit: 1, order: 'ASC' })).result
  const receipt = await client.rpc({ method: 'eth_getTransactionReceipt', params: [first!.hash as `0x${string}`] })
  expect(receipt?.transactionHash).toBe(first!.hash)
})

it('the same chain is refused by a client made without the devnet\'s options', () => {
  expect(() => createClient({ baseUrl: devnet.url, chain: devnet.chain })).toThrow(/unknown chain/)
})

describe('with an API key', () => {
  let keyed: Devnet
  beforeAll(async () => {
    keyed = await startDevnet({ port: 0, seed: false, apiKey: 'devnet-key' })
  })
  afterAll(() => keyed?.stop())

  it('clientOptions carries the key: history and RPC answer, a client without it gets 401', async () => {
    const client = createClient({ ...keyed.clientOptions, retry: false })
    const bob = keyed.wallets.find((w) => w.name === 'bob')!.address
    expect((await client.getWalletHistory({ address: bob })).result).toEqual([])
    expect(Number(await client.rpc({ method: 'eth_chainId' }))).toBe(keyed.chainId)
    const { apiKey: _, ...withoutKey } = keyed.clientOptions
    const error = await createClient({ ...withoutKey, retry: false }).getWalletHistory({ address: bob }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).status).toBe(401)
  })
})

it('createClient(devnet.clientOptions) gives verified names from the devnet registry, one request for all of them', async () => {
  const requests: string[] = []
  const counting: typeof fetch = (input, init) => (requests.push(String(input)), fetch(input, init))
  const client = createClient({ ...devnet.clientOptions, fetch: counting })
  const byName = Object.fromEntries(devnet.wallets.map((w) => [w.name, w.address]))
  const names = await getNames(client, { addresses: [byName.alice!, byName.bob!, byName.carol!, byName.deployer!] })
  expect(Object.values(names)).toEqual(['alice.eth', 'bob.eth', 'carol.eth', null])
  expect(requests).toHaveLength(1)
})
