import { QueryClient } from '@tanstack/query-core'
import { createPublicClient, decodeFunctionData, http, multicall3Abi, type Address, type Hex } from 'viem'
import { foundry } from 'viem/chains'
import { getEnsName } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getNames } from '../../../src/core/details/names.js'
import { namesQueryOptions } from '../../../src/core/details/namesQuery.js'
import { createClient, InvalidParameterError, NetworkError, type BlockfeedClient } from '../../../src/exports/index.js'
import { startAnvil, type Anvil } from '../../support/anvil.js'
import { alice, bob, deployNames, nobody, spoofer } from './nameContracts.js'

let anvil: Anvil
let resolver: Address
let multicall: Address
let requests: unknown[]
let client: BlockfeedClient

beforeAll(async () => {
  anvil = await startAnvil()
  ;({ resolver, multicall } = await deployNames(anvil.rpcUrl))
  requests = []
  const fetch: typeof globalThis.fetch = (input, init) => (requests.push(JSON.parse(String(init?.body))), globalThis.fetch(input, init))
  client = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'], fetch, retry: false })
}, 60_000)

afterAll(() => anvil?.stop())

describe('getNames against a Universal Resolver on anvil', () => {
  it('50 addresses on screen cost one HTTP request through Multicall3; only forward-verified names show', async () => {
    const addresses = [alice, bob, spoofer, ...Array.from({ length: 47 }, (_, i) => nobody(i))]
    requests.length = 0
    const names = await getNames(client, { addresses: addresses.map((a) => a.toLowerCase()), universalResolverAddress: resolver, multicall3Address: multicall })
    expect(requests).toHaveLength(1)
    expect(names[alice]).toBe('alice.eth')
    expect(names[bob]).toBe('bob.eth')
    expect(names[spoofer]).toBeNull()
    expect(Object.keys(names)).toHaveLength(50)
    expect(addresses.slice(3).every((a) => names[a] === null)).toBe(true)
  })

  it('agrees with viem’s getEnsName address by address', async () => {
    const pub = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    const sample = [alice, bob, spoofer, nobody(1)]
    const ours = await getNames(client, { addresses: sample, universalResolverAddress: resolver, multicall3Address: multicall })
    for (const address of sample) {
      expect(ours[address]).toBe(await getEnsName(pub, { address, universalResolverAddress: resolver }))
    }
  })

  it('on a chain without Multicall3, viem’s deployless Multicall3: still one eth_call in one HTTP request', async () => {
    requests.length = 0
    const names = await getNames(client, { addresses: [alice, spoofer, ...Array.from({ length: 48 }, (_, i) => nobody(300 + i))], universalResolverAddress: resolver })
    expect(requests).toHaveLength(1)
    const body = requests[0] as { method: string; params: [{ to?: string }] } | { method: string; params: [{ to?: string }] }[]
    const calls = Array.isArray(body) ? body : [body]
    expect(calls.map((c) => c.method)).toEqual(['eth_call'])
    expect(calls[0]!.params[0].to).toBeUndefined()
    expect(names[alice]).toBe('alice.eth')
    expect(names[spoofer]).toBeNull()
    expect(Object.keys(names)).toHaveLength(50)
  })

  it('a node that cannot be reached is the client’s NetworkError, not viem’s wrapper', async () => {
    const down = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: 'http://127.0.0.1:9' }, retry: false })
    await expect(getNames(down, { addresses: [alice], universalResolverAddress: resolver })).rejects.toThrow(NetworkError)
  })

  it('bad input is an InvalidParameterError naming it; no resolver known for the chain says so', async () => {
    await expect(getNames(client, { addresses: ['constructor'], universalResolverAddress: resolver })).rejects.toThrow(/addresses\[0\]/)
    await expect(getNames(client, { addresses: 'x' as never })).rejects.toThrow(InvalidParameterError)
    await expect(getNames(client, { addresses: [alice] })).rejects.toThrow(/universalResolverAddress/)
    expect(Object.keys(await getNames(client, { addresses: [], universalResolverAddress: resolver }))).toEqual([])
  })

  it('through the query options: names are kept per address, so the next screen asks only for new ones and a seen screen for none', async () => {
    const qc = new QueryClient()
    const screen1 = [alice, spoofer, ...Array.from({ length: 48 }, (_, i) => nobody(100 + i))]
    const screen2 = [bob, ...screen1.slice(0, 40), ...Array.from({ length: 9 }, (_, i) => nobody(200 + i))]
    const params = { universalResolverAddress: resolver, multicall3Address: multicall }
    requests.length = 0
    const first = await qc.fetchQuery(namesQueryOptions(client, qc, { addresses: screen1, ...params }))
    expect(requests).toHaveLength(1)
    expect(first[alice]).toBe('alice.eth')
    const second = await qc.fetchQuery(namesQueryOptions(client, qc, { addresses: screen2, ...params }))
    expect(requests).toHaveLength(2)
    const body = requests[1] as { params: [{ data: Hex }] } | { params: [{ data: Hex }] }[]
    const sent = (Array.isArray(body) ? body[0]! : body).params[0].data
    expect(decodeFunctionData({ abi: multicall3Abi, data: sent }).args[0]).toHaveLength(10)
    expect(second[bob]).toBe('bob.eth')
    expect(second[alice]).toBe('alice.eth')
    await qc.fetchQuery(namesQueryOptions(client, qc, { addresses: [...screen2].reverse(), ...params }))
    expect(requests).toHaveLength(2)
  })
})
