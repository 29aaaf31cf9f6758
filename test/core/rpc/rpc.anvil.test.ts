import solc from 'solc'
import {
  BaseError,
  createPublicClient,
  decodeEventLog,
  decodeFunctionResult,
  encodeErrorResult,
  encodeFunctionData,
  hexToBigInt,
  http,
  keccak256,
  RpcRequestError,
  toEventSelector,
  type Abi,
  type Address,
  type Hash,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, InvalidParameterError, JsonRpcError, rpcMethods, type BlockfeedClient, type RpcMethod } from '../../../src/exports/index.js'
import { startAnvil, type Anvil, minedReceipt } from '../../support/anvil.js'

// anvil's first two dev accounts (well-known test keys, no value anywhere).
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f7603b6b78690d')

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Emitter {
  event Ping(address indexed from, uint256 value);
  error Nope(uint256 code);
  uint256 public stored = 42;
  function ping(uint256 v) external { stored = v; emit Ping(msg.sender, v); }
  function fail() external pure { revert Nope(7); }
}`

function compile(): { abi: Abi; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { 'Emitter.sol': { content: SOURCE } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'))
  const c = out.contracts['Emitter.sol'].Emitter
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
}

/** A fetch that records the JSON body of every HTTP request it sends. */
function countingFetch() {
  const bodies: unknown[] = []
  const headers: Headers[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    bodies.push(JSON.parse(String(init?.body)))
    headers.push(new Headers(init?.headers))
    return globalThis.fetch(input, init)
  }
  return { fetch, bodies, headers }
}

let anvil: Anvil
let client: BlockfeedClient
let viem: ReturnType<typeof createPublicClient>
let abi: Abi
let contract: Address
let pingHash: Hash
let pingBlockHash: Hash
let pingBlockNumber: Hex
let pingData: Hex

async function sendRaw(account: typeof alice, tx: { to?: Address; data?: Hex; value?: bigint }): Promise<Hash> {
  const nonce = await client.rpc({ method: 'eth_getTransactionCount', params: [account.address, 'pending'] })
  const signed = await account.signTransaction({
    chainId: 31337, type: 'eip1559', nonce: Number(nonce), gas: 1_000_000n,
    maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, ...tx,
  })
  const hash = await client.rpc({ method: 'eth_sendRawTransaction', params: [signed] })
  expect(hash).toBe(keccak256(signed))
  // anvil may answer before it has mined the block.
  await minedReceipt(viem, hash)
  return hash
}

beforeAll(async () => {
  anvil = await startAnvil()
  client = createClient({ baseUrl: 'http://127.0.0.1:9/unused', rpc: { url: anvil.rpcUrl }, retry: false })
  viem = createPublicClient({ transport: http(anvil.rpcUrl) })
  const compiled = compile()
  abi = compiled.abi
  const deployHash = await sendRaw(alice, { data: compiled.bytecode })
  const deployed = await client.rpc({ method: 'eth_getTransactionReceipt', params: [deployHash] })
  contract = deployed!.contractAddress!
  pingData = encodeFunctionData({ abi, functionName: 'ping', args: [7n] })
  pingHash = await sendRaw(alice, { to: contract, data: pingData })
  const receipt = await client.rpc({ method: 'eth_getTransactionReceipt', params: [pingHash] })
  pingBlockHash = receipt!.blockHash
  pingBlockNumber = receipt!.blockNumber
})

afterAll(async () => {
  await anvil?.stop()
})

const pingTopic = () => toEventSelector('Ping(address,uint256)')

/** Params for each read method, against the state set up above. */
const reads: Record<Exclude<RpcMethod, 'eth_sendRawTransaction'>, () => readonly unknown[]> = {
  eth_blockNumber: () => [],
  eth_call: () => [{ to: contract, data: encodeFunctionData({ abi, functionName: 'stored' }) }, 'latest'],
  eth_chainId: () => [],
  eth_createAccessList: () => [{ from: alice.address, to: contract, data: pingData }, 'latest'],
  eth_estimateGas: () => [{ from: alice.address, to: contract, data: pingData }],
  eth_feeHistory: () => ['0x3', 'latest', [10, 50, 90]],
  eth_gasPrice: () => [],
  eth_getBalance: () => [alice.address, 'latest'],
  eth_getBlockByHash: () => [pingBlockHash, true],
  eth_getBlockByNumber: () => [pingBlockNumber, false],
  eth_getBlockTransactionCountByHash: () => [pingBlockHash],
  eth_getBlockTransactionCountByNumber: () => [pingBlockNumber],
  eth_getBlockReceipts: () => [pingBlockHash],
  eth_getCode: () => [contract, 'latest'],
  eth_getLogs: () => [{ fromBlock: '0x0', toBlock: 'latest', address: contract, topics: [pingTopic()] }],
  eth_getProof: () => [contract, [`0x${'0'.repeat(64)}`], 'latest'],
  eth_getStorageAt: () => [contract, '0x0', 'latest'],
  eth_getTransactionByHash: () => [pingHash],
  eth_getTransactionByBlockHashAndIndex: () => [pingBlockHash, '0x0'],
  eth_getTransactionByBlockNumberAndIndex: () => [pingBlockNumber, '0x0'],
  eth_getTransactionCount: () => [alice.address, 'latest'],
  eth_getTransactionReceipt: () => [pingHash],
  eth_getUncleByBlockHashAndIndex: () => [pingBlockHash, '0x0'],
  eth_getUncleByBlockNumberAndIndex: () => [pingBlockNumber, '0x0'],
  eth_getUncleCountByBlockHash: () => [pingBlockHash],
  eth_getUncleCountByBlockNumber: () => [pingBlockNumber],
  eth_maxPriorityFeePerGas: () => [],
}

describe('each of the 28 methods against anvil, compared with viem', () => {
  it('covers the whole allow-list', () => {
    expect([...Object.keys(reads), 'eth_sendRawTransaction'].sort()).toEqual([...rpcMethods].sort())
  })

  it.each(Object.keys(reads) as (keyof typeof reads)[])('%s returns what viem returns', async (method) => {
    const params = reads[method]()
    const ours = await client.rpc({ method, params } as never)
    const theirs = await viem.request({ method, params } as never)
    expect(ours).toEqual(theirs)
  })

  it('eth_sendRawTransaction: a tx signed by a viem local account is mined as viem sees it', async () => {
    const before = await viem.getBalance({ address: bob.address })
    const hash = await sendRaw(alice, { to: bob.address, value: 1234n })
    const tx = await viem.getTransaction({ hash })
    expect(tx.from.toLowerCase()).toBe(alice.address.toLowerCase())
    expect(tx.value).toBe(1234n)
    expect(await viem.getBalance({ address: bob.address })).toBe(before + 1234n)
  })

  it('eth_getBalance / eth_blockNumber / eth_chainId agree with viem formatted', async () => {
    expect(hexToBigInt(await client.rpc({ method: 'eth_getBalance', params: [alice.address] }))).toBe(await viem.getBalance({ address: alice.address }))
    expect(hexToBigInt(await client.rpc({ method: 'eth_blockNumber' }))).toBe(await viem.getBlockNumber({ cacheTime: 0 }))
    expect(Number(await client.rpc({ method: 'eth_chainId' }))).toBe(31337)
  })

  it('eth_call reads the contract state the ping wrote', async () => {
    const out = await client.rpc({ method: 'eth_call', params: [{ to: contract, data: encodeFunctionData({ abi, functionName: 'stored' }) }] })
    expect(decodeFunctionResult({ abi, functionName: 'stored', data: out })).toBe(7n)
  })

  it('eth_getLogs returns the deployed contract event, decodable by viem', async () => {
    const logs = await client.rpc({ method: 'eth_getLogs', params: [{ address: contract, fromBlock: '0x0', toBlock: 'latest' }] })
    expect(logs).toHaveLength(1)
    const event = decodeEventLog({ abi, data: logs[0]!.data, topics: logs[0]!.topics as [Hex, ...Hex[]] })
    expect(event).toMatchObject({ eventName: 'Ping', args: { value: 7n } })
    expect(logs[0]!.transactionHash).toBe(pingHash)
    expect(await viem.getLogs({ address: contract, fromBlock: 0n })).toHaveLength(1)
  })

  it('eth_getProof proves slot 0 holds 7; eth_getStorageAt agrees', async () => {
    const proof = await client.rpc({ method: 'eth_getProof', params: [contract, [`0x${'0'.repeat(64)}`]] })
    expect(proof.address.toLowerCase()).toBe(contract.toLowerCase())
    expect(hexToBigInt(proof.storageProof[0]!.value)).toBe(7n)
    expect(proof.accountProof.length).toBeGreaterThan(0)
    expect(hexToBigInt(await client.rpc({ method: 'eth_getStorageAt', params: [contract, '0x0'] }))).toBe(7n)
  })

  it('eth_createAccessList lists the contract and its slot', async () => {
    const r = await client.rpc({ method: 'eth_createAccessList', params: [{ from: alice.address, to: contract, data: pingData }] })
    const entry = r.accessList.find((e) => e.address.toLowerCase() === contract.toLowerCase())
    expect(entry?.storageKeys).toContain(`0x${'0'.repeat(64)}`)
    expect(hexToBigInt(r.gasUsed)).toBeGreaterThan(21_000n)
  })

  it('eth_feeHistory with reward percentiles matches viem getFeeHistory', async () => {
    const r = await client.rpc({ method: 'eth_feeHistory', params: ['0x2', 'latest', [25, 75]] })
    const v = await viem.getFeeHistory({ blockCount: 2, rewardPercentiles: [25, 75] })
    expect(r.reward?.map((row) => row.map((x) => hexToBigInt(x)))).toEqual(v.reward)
    expect(r.baseFeePerGas.map((x) => hexToBigInt(x))).toEqual(v.baseFeePerGas)
    expect(r.reward?.every((row) => row.length === 2)).toBe(true)
  })

  it('eth_getBlockReceipts by hash, number and tag holds the ping receipt', async () => {
    const single = await client.rpc({ method: 'eth_getTransactionReceipt', params: [pingHash] })
    for (const block of [pingBlockHash, pingBlockNumber] as const) {
      const receipts = await client.rpc({ method: 'eth_getBlockReceipts', params: [block] })
      expect(receipts).toEqual([single])
    }
    expect(await client.rpc({ method: 'eth_getBlockReceipts', params: ['latest'] })).toEqual(await viem.request({ method: 'eth_getBlockReceipts', params: ['latest'] }))
  })

  it('the uncle methods: none on anvil, as viem sees it', async () => {
    expect(await client.rpc({ method: 'eth_getUncleCountByBlockHash', params: [pingBlockHash] })).toBe('0x0')
    expect(await client.rpc({ method: 'eth_getUncleByBlockNumberAndIndex', params: [pingBlockNumber, '0x0'] })).toBeNull()
  })

  it('eth_getTransactionByHash of an unknown hash is null, like viem', async () => {
    const unknown = `0x${'ab'.repeat(32)}` as Hash
    expect(await client.rpc({ method: 'eth_getTransactionByHash', params: [unknown] })).toBeNull()
    expect(await viem.request({ method: 'eth_getTransactionByHash', params: [unknown] })).toBeNull()
  })
})

describe('reverts are JsonRpcErrors carrying the revert data', () => {
  async function viemRevertData(method: 'eth_call' | 'eth_estimateGas', params: unknown[]) {
    const e = await viem.request({ method, params } as never).catch((x: unknown) => x)
    return ((e as BaseError).walk((x) => x instanceof RpcRequestError) as RpcRequestError).data
  }

  it.each(['eth_call', 'eth_estimateGas'] as const)('%s of a reverting function', async (method) => {
    const call = { from: alice.address, to: contract, data: encodeFunctionData({ abi, functionName: 'fail' }) }
    const params = method === 'eth_call' ? [call, 'latest'] : [call]
    const e = await client.rpc({ method, params } as never).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(JsonRpcError)
    const err = e as JsonRpcError
    expect(err.code).toBe(3)
    expect(err.method).toBe(method)
    expect(err.retryable).toBe(false)
    expect(err.data).toBe(encodeErrorResult({ abi, errorName: 'Nope', args: [7n] }))
    expect(err.data).toBe(await viemRevertData(method, params))
  })

  it('a node-side invalid-params error is a JsonRpcError with its code, sent once', async () => {
    const { fetch, bodies } = countingFetch()
    const c = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl }, fetch, retry: 3 })
    // Nonce too low: anvil refuses the raw transaction.
    const stale = await alice.signTransaction({ chainId: 31337, type: 'eip1559', nonce: 0, gas: 21_000n, maxFeePerGas: 2n * 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n, to: bob.address })
    const e = await c.rpc({ method: 'eth_sendRawTransaction', params: [stale] }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(JsonRpcError)
    expect((e as JsonRpcError).code).toBeLessThan(0)
    expect(bodies).toHaveLength(1)
  })
})

describe('input is checked before anything is sent', () => {
  it.each([
    ['an unknown method', { method: 'eth_sendTransaction', params: [{}] }, 'method'],
    ['a debug method', { method: 'debug_traceTransaction', params: [] }, 'method'],
    ['a bad address', { method: 'eth_getBalance', params: ['0x123', 'latest'] }, 'params[0]'],
    ['a bad block tag', { method: 'eth_getBalance', params: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'newest'] }, 'params[1]'],
    ['a padded quantity', { method: 'eth_getStorageAt', params: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x00'] }, 'params[1]'],
    ['a short hash', { method: 'eth_getTransactionByHash', params: ['0x1234'] }, 'params[0]'],
    ['a missing param', { method: 'eth_getBlockByNumber', params: ['latest'] }, 'params[1]'],
    ['too many params', { method: 'eth_blockNumber', params: ['latest'] }, 'params[0]'],
    ['a fullTx flag as text', { method: 'eth_getBlockByHash', params: [`0x${'1'.repeat(64)}`, 'true'] }, 'params[1]'],
    ['a bad call.to', { method: 'eth_call', params: [{ to: '0xnope' }] }, 'params[0].to'],
    ['odd-length call data', { method: 'eth_estimateGas', params: [{ to: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', data: '0x123' }] }, 'params[0].data'],
    ['a bad log topic', { method: 'eth_getLogs', params: [{ topics: ['0x12'] }] }, 'params[0].topics[0]'],
    ['descending percentiles', { method: 'eth_feeHistory', params: ['0x1', 'latest', [90, 10]] }, 'params[2]'],
    ['raw tx not hex', { method: 'eth_sendRawTransaction', params: ['signed!'] }, 'params[0]'],
    ['params not an array', { method: 'eth_chainId', params: 'none' }, 'params'],
  ])('%s → InvalidParameterError naming %j… and no HTTP request', async (_, request, parameter) => {
    const { fetch, bodies } = countingFetch()
    const c = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl }, fetch })
    const e = await c.rpc(request as never).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(InvalidParameterError)
    expect((e as InvalidParameterError).parameter).toBe(parameter)
    expect(bodies).toHaveLength(0)
  })

  it('an omitted block tag is sent as latest', async () => {
    const { fetch, bodies } = countingFetch()
    const c = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl }, fetch })
    await c.rpc({ method: 'eth_getBalance', params: [alice.address] })
    expect([bodies[0]].flat()[0]).toMatchObject({ method: 'eth_getBalance', params: [alice.address, 'latest'] })
  })
})

describe('batching', () => {
  const calls = (c: BlockfeedClient, n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => c.rpc({ method: 'eth_getBlockByNumber', params: [`0x${i.toString(16)}`, false] })))

  it('concurrent calls go out as one JSON-RPC batch in one HTTP request, each answer to its caller', async () => {
    const { fetch, bodies } = countingFetch()
    const c = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl }, fetch })
    const blocks = await calls(c, 3)
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toHaveLength(3)
    expect(blocks.map((b) => b?.number)).toEqual(['0x0', '0x1', '0x2'])
  })

  it('the default cap of 20 splits 45 calls into 20 + 20 + 5', async () => {
    const { fetch, bodies } = countingFetch()
    const c = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl }, fetch })
    const results = await Promise.all(Array.from({ length: 45 }, () => c.rpc({ method: 'eth_chainId' })))
    expect(results.every((r) => r === '0x7a69')).toBe(true)
    expect(bodies.map((b) => (b as unknown[]).length)).toEqual([20, 20, 5])
  })

  it('a configured cap splits accordingly; batch: false sends one request a call', async () => {
    const capped = countingFetch()
    await calls(createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl }, fetch: capped.fetch, batch: { size: 2 } }), 5)
    expect(capped.bodies.map((b) => (b as unknown[]).length)).toEqual([2, 2, 1])
    const single = countingFetch()
    await calls(createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl }, fetch: single.fetch, batch: false }), 3)
    expect(single.bodies).toHaveLength(3)
    expect(single.bodies.every((b) => !Array.isArray(b))).toBe(true)
  })

  it('an error in one call of a batch reaches only that caller', async () => {
    const c = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl } })
    const failing = { from: alice.address, to: contract, data: encodeFunctionData({ abi, functionName: 'fail' }) }
    const [ok, bad] = await Promise.allSettled([c.rpc({ method: 'eth_chainId' }), c.rpc({ method: 'eth_call', params: [failing] })])
    expect(ok).toEqual({ status: 'fulfilled', value: '0x7a69' })
    expect(bad.status === 'rejected' && bad.reason).toBeInstanceOf(JsonRpcError)
  })

  it('an aborted call rejects with AbortError while the rest of its batch completes', async () => {
    const c = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl } })
    const controller = new AbortController()
    const aborted = c.rpc({ method: 'eth_blockNumber' }, { signal: controller.signal })
    const other = c.rpc({ method: 'eth_chainId' })
    controller.abort()
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' })
    await expect(other).resolves.toBe('0x7a69')
  })
})

describe('RPC URL by chain', () => {
  it('picks the URL for the chain from urls or a function, and refuses a chain without one', async () => {
    const byMap = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { urls: { eth: anvil.rpcUrl } }, chain: 'eth' })
    expect(await byMap.rpc({ method: 'eth_chainId' })).toBe('0x7a69')
    await expect(byMap.rpc({ method: 'eth_chainId' }, { chain: 'polygon' })).rejects.toMatchObject({ name: 'InvalidParameterError', parameter: 'chain' })
    const byFn = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: (chain) => (chain === 'base' ? anvil.rpcUrl : undefined) })
    expect(await byFn.rpc({ method: 'eth_chainId' }, { chain: 'base' })).toBe('0x7a69')
    await expect(byFn.rpc({ method: 'eth_chainId' }, { chain: 'nowhere' })).rejects.toMatchObject({ parameter: 'chain' })
  })

  it('does not send the service API key to an RPC URL of another origin', async () => {
    const { fetch, headers } = countingFetch()
    const c = createClient({ baseUrl: 'https://service.example', apiKey: 'sk-secret', rpc: { url: anvil.rpcUrl }, fetch })
    await c.rpc({ method: 'eth_chainId' })
    expect(headers[0]!.has('x-api-key')).toBe(false)
  })
})
