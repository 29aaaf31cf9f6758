import { decodeFunctionData, encodeAbiParameters, encodeFunctionResult, getAddress, multicall3Abi, parseAbi, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { getNames } from '../../../src/core/details/names.js'
import { NetworkError } from '../../../src/exports/index.js'
import type { BlockfeedClient } from '../../../src/core/client.js'

const RESOLVER = getAddress('0x00000000000000000000000000000000000000e5')
const MULTICALL = getAddress('0x00000000000000000000000000000000000000ca')
const reverseAbi = parseAbi(['function reverseWithGateways(bytes lookup, uint256 coinType, string[] gateways) view returns (string, address, address)'])
const alice = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
const bob = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')
const broken = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906')

/** A node whose Universal Resolver names alice and bob, and reverts with a plain Error(string) for `broken` (a resolver fault the UR does not wrap). */
function node(): Pick<BlockfeedClient, 'rpc' | 'chain'> {
  const names: Record<string, string> = { [alice]: 'alice.eth', [bob]: 'bob.eth' }
  const rpc = async ({ method, params }: { method: string; params?: readonly unknown[] }) => {
    if (method !== 'eth_call') throw new Error(`no ${method}`)
    const { to, data } = params![0] as { to: string; data: Hex }
    if (getAddress(to) !== MULTICALL) throw new Error('expected one aggregate3')
    const [calls] = decodeFunctionData({ abi: multicall3Abi, data }).args as unknown as [readonly { target: string; callData: Hex }[]]
    const results = calls.map(({ callData }) => {
      const [lookup] = decodeFunctionData({ abi: reverseAbi, data: callData }).args
      const address = getAddress(lookup.slice(0, 42))
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
