import solc from 'solc'
import { createPublicClient, createWalletClient, getAddress, http, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { getEnsName } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/query-core'
import { decodeFunctionData, multicall3Abi } from 'viem'
import { getNames } from '../../../src/core/details/names.js'
import { namesQueryOptions } from '../../../src/core/details/namesQuery.js'
import { createClient, InvalidParameterError, type BlockfeedClient } from '../../../src/exports/index.js'
import { startAnvil, type Anvil } from '../../support/anvil.js'

// A stand-in for the ENS Universal Resolver's reverse entry point (same signature and errors as
// the deployed one): forward verification fails with ReverseAddressMismatch. And Multicall3's aggregate3.
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract MockUniversalResolver {
  error ResolverNotFound(bytes name);
  error ReverseAddressMismatch(string primary, bytes primaryAddress);
  mapping(address => string) public reverseName;
  mapping(bytes32 => address) public forward;
  function set(address a, string calldata n, address forwardTo) external { reverseName[a] = n; forward[keccak256(bytes(n))] = forwardTo; }
  function reverseWithGateways(bytes calldata lookup, uint256, string[] calldata) external view returns (string memory, address, address) {
    address a = address(bytes20(lookup));
    string memory n = reverseName[a];
    if (bytes(n).length == 0) revert ResolverNotFound(lookup);
    address back = forward[keccak256(bytes(n))];
    if (back != a) revert ReverseAddressMismatch(n, abi.encodePacked(back));
    return (n, address(this), address(this));
  }
}
contract Multicall3 {
  struct Call3 { address target; bool allowFailure; bytes callData; }
  struct Result { bool success; bytes returnData; }
  function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
    returnData = new Result[](calls.length);
    for (uint256 i; i < calls.length; i++) {
      (bool ok, bytes memory ret) = calls[i].target.call(calls[i].callData);
      require(ok || calls[i].allowFailure, "Multicall3: call failed");
      returnData[i] = Result(ok, ret);
    }
  }
}`

function compile(): Record<string, { abi: Abi; bytecode: Hex }> {
  const input = { language: 'Solidity', sources: { 'N.sol': { content: SOURCE } }, settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } }
  const out = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'))
  const c = out.contracts['N.sol']
  return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, { abi: (v as { abi: Abi }).abi, bytecode: `0x${(v as { evm: { bytecode: { object: string } } }).evm.bytecode.object}` as Hex }]))
}

const deployer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const alice = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
const bob = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')
const spoofer = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906')
const nobody = (i: number) => getAddress(`0x${(0x1000 + i).toString(16).padStart(40, '0')}`)

let anvil: Anvil
let resolver: Address
let multicall: Address
let requests: unknown[]
let client: BlockfeedClient

beforeAll(async () => {
  anvil = await startAnvil()
  const c = compile()
  const wallet = createWalletClient({ account: deployer, chain: foundry, transport: http(anvil.rpcUrl) })
  const pub = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
  const deploy = async (name: string) => (await pub.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: c[name]!.abi, bytecode: c[name]!.bytecode }) })).contractAddress!
  resolver = await deploy('MockUniversalResolver')
  multicall = await deploy('Multicall3')
  const set = async (a: Address, n: string, back: Address) =>
    pub.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: resolver, abi: c.MockUniversalResolver!.abi, functionName: 'set', args: [a, n, back] }) })
  await set(alice, 'alice.eth', alice)
  await set(bob, 'bob.eth', bob)
  // A reverse record claiming a name that resolves to someone else: must never be shown.
  await set(spoofer, 'vitalik.eth', getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'))
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

  it('without Multicall3 each lookup is its own eth_call, batched by the client', async () => {
    requests.length = 0
    const names = await getNames(client, { addresses: [alice, spoofer, nobody(2)], universalResolverAddress: resolver })
    expect(requests).toHaveLength(1)
    expect((requests[0] as unknown[]).length).toBe(3)
    expect(names).toEqual({ [alice]: 'alice.eth', [spoofer]: null, [nobody(2)]: null })
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
