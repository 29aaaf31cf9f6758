import { decodeFunctionData, encodeAbiParameters, encodeFunctionResult, getAddress, multicall3Abi, parseAbi, parseAbiParameters, type Hex } from 'viem'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { getNames } from '../../../src/core/details/names.js'
import { NetworkError } from '../../../src/exports/index.js'
import type { BlockfeedClient } from '../../../src/core/client.js'

const RESOLVER = getAddress('0x00000000000000000000000000000000000000e5')
const MULTICALL = getAddress('0x00000000000000000000000000000000000000ca')
const reverseAbi = parseAbi(['function reverseWithGateways(bytes lookup, uint256 coinType, string[] gateways) view returns (string, address, address)'])
const alice = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
const bob = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')
const broken = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906')
const offchain = getAddress('0x15d34aaf54267db7d7c367839aaf71a00a2c6a65')
const CALLBACK = '0xb4a85801' as Hex

/**
 * A node whose Universal Resolver names alice and bob, reverts with a plain Error(string) for `broken` (a resolver fault the
 * UR does not wrap), and for `offchain` asks the `gateway` (EIP-3668 OffchainLookup); its callback names it `carol.eth`.
 */
function node(gateway = 'http://127.0.0.1:9/{sender}/{data}.json'): Pick<BlockfeedClient, 'rpc' | 'chain'> {
  const names: Record<string, string> = { [alice]: 'alice.eth', [bob]: 'bob.eth' }
  const rpc = async ({ method, params }: { method: string; params?: readonly unknown[] }) => {
    if (method !== 'eth_call') throw new Error(`no ${method}`)
    const { to, data } = params![0] as { to: string; data: Hex }
    if (getAddress(to) !== MULTICALL) throw new Error('expected one aggregate3')
    const [calls] = decodeFunctionData({ abi: multicall3Abi, data }).args as unknown as [readonly { target: string; callData: Hex }[]]
    const results = calls.map(({ callData }) => {
      if (callData.startsWith(CALLBACK)) return { success: true, returnData: encodeFunctionResult({ abi: reverseAbi, functionName: 'reverseWithGateways', result: ['carol.eth', RESOLVER, RESOLVER] }) }
      const [lookup] = decodeFunctionData({ abi: reverseAbi, data: callData }).args
      const address = getAddress(lookup.slice(0, 42))
      if (address === offchain) {
        const lookupData = encodeAbiParameters(parseAbiParameters('address, string[], bytes, bytes4, bytes'), [RESOLVER, [gateway], '0x1234', CALLBACK, '0x'])
        return { success: false, returnData: `0x556f1830${lookupData.slice(2)}` as Hex }
      }
      if (address === broken) return { success: false, returnData: `0x08c379a0${encodeAbiParameters([{ type: 'string' }], ['resolver exploded']).slice(2)}` as Hex }
      return { success: true, returnData: encodeFunctionResult({ abi: reverseAbi, functionName: 'reverseWithGateways', result: [names[address]!, RESOLVER, RESOLVER] }) }
    })
    return encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results })
  }
  return { rpc: rpc as unknown as BlockfeedClient['rpc'], chain: undefined }
}

describe('getNames when one lookup fails', () => {
  it('one address whose lookup reverts has no name; the others on the screen keep theirs', async () => {
    const names = await getNames(node(), { addresses: [alice, broken, bob], universalResolverAddress: RESOLVER, multicall3Address: MULTICALL })
    expect(names).toEqual({ [alice]: 'alice.eth', [broken]: null, [bob]: 'bob.eth' })
  })

  it('a node that cannot be reached is still the client’s error for the whole call', async () => {
    const down = { rpc: (async () => { throw new NetworkError({ url: 'http://127.0.0.1:9', cause: new Error('refused') } as never) }) as unknown as BlockfeedClient['rpc'], chain: undefined }
    await expect(getNames(down, { addresses: [alice, bob], universalResolverAddress: RESOLVER, multicall3Address: MULTICALL })).rejects.toThrow(NetworkError)
  })
})

describe('getNames with an off-chain (CCIP-Read) name', () => {
  let server: Server | undefined
  afterEach(async () => {
    server?.closeAllConnections()
    await new Promise((r) => server?.close(r) ?? r(undefined))
    server = undefined
  })
  /** A gateway on 127.0.0.1 answering as `answer` says (or never), with the URLs it was asked for. */
  async function gateway(answer: ((res: import('node:http').ServerResponse) => void) | 'never') {
    const asked: string[] = []
    server = createServer((req, res) => {
      asked.push(req.url!)
      if (answer !== 'never') answer(res)
    })
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/{sender}/{data}.json`, asked }
  }
  const params = { universalResolverAddress: RESOLVER, multicall3Address: MULTICALL }

  it('reads the name through its gateway', async () => {
    const g = await gateway((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: '0xabcd' })))
    const names = await getNames(node(g.url), { addresses: [alice, offchain], ...params })
    expect(names).toEqual({ [alice]: 'alice.eth', [offchain]: 'carol.eth' })
    expect(g.asked).toEqual([`/${RESOLVER.toLowerCase()}/0x1234.json`])
  })

  it('a gateway that never answers costs that address its name at the deadline; the others keep theirs', async () => {
    const g = await gateway('never')
    // Long enough for the request to reach the gateway on a loaded machine; the point is that the wait ends.
    const names = await getNames(node(g.url), { addresses: [alice, offchain, bob], ...params, ccipReadTimeoutMs: 1_000 })
    expect(names).toEqual({ [alice]: 'alice.eth', [offchain]: null, [bob]: 'bob.eth' })
    expect(g.asked).toHaveLength(1)
  })

  it('a gateway that fails (HTTP 500) costs that address its name, not the screen its names', async () => {
    const g = await gateway((res) => res.writeHead(500).end('down'))
    const names = await getNames(node(g.url), { addresses: [alice, offchain], ...params })
    expect(names).toEqual({ [alice]: 'alice.eth', [offchain]: null })
  })

  it('the caller’s abort ends the wait for a silent gateway', async () => {
    const g = await gateway('never')
    const controller = new AbortController()
    const pending = getNames(node(g.url), { addresses: [alice, offchain], ...params }, { signal: controller.signal })
    await expect.poll(() => g.asked.length).toBe(1)
    controller.abort(new Error('unmounted'))
    await expect(pending).rejects.toThrow('unmounted')
  })

  it('a deadline that is not a positive number is refused, naming it', async () => {
    await expect(getNames(node(), { addresses: [alice], ...params, ccipReadTimeoutMs: 0 })).rejects.toThrow(/ccipReadTimeoutMs/)
    await expect(getNames(node(), { addresses: [alice], ...params, ccipReadTimeoutMs: Number.NaN })).rejects.toThrow(/ccipReadTimeoutMs/)
    // A timer cannot hold these: Infinity and 1.5 were a bare RangeError from AbortSignal.timeout.
    await expect(getNames(node(), { addresses: [alice], ...params, ccipReadTimeoutMs: Number.POSITIVE_INFINITY })).rejects.toThrow(/ccipReadTimeoutMs/)
    await expect(getNames(node(), { addresses: [alice], ...params, ccipReadTimeoutMs: 1.5 })).rejects.toThrow(/ccipReadTimeoutMs/)
  })
})
