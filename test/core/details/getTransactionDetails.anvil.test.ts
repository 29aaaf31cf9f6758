import { QueryClient } from '@tanstack/query-core'
import { JsonRpcProvider } from 'ethers'
import { createPublicClient, createWalletClient, getAddress, http, maxUint256, parseEther, parseUnits, type Address, type Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmationsAt, getTransactionDetails } from '../../../src/core/details/getTransactionDetails.js'
import { transactionDetailsQueryOptions } from '../../../src/core/details/query.js'
import { revokeApprovalRequest } from '../../../src/core/details/approvals.js'
import { DevnetCollectible, DevnetToken } from '../../../src/devnet/artifacts.js'
import { createClient, InvalidParameterError, type BlockfeedClient } from '../../../src/exports/index.js'
import { startAnvil, type Anvil, minedReceipt } from '../../support/anvil.js'

// anvil's first two dev accounts (well-known test keys, no value anywhere).
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f7603b6b78690d')

let anvil: Anvil
let requests: unknown[]
let client: BlockfeedClient
let token: Address
const tx: Record<'deploy' | 'transfer' | 'approve' | 'revoke' | 'failing' | 'native' | 'mint', Hash> = {} as never
const blockOf: Record<string, bigint> = {}

beforeAll(async () => {
  anvil = await startAnvil()
  const wallet = createWalletClient({ account: alice, chain: foundry, transport: http(anvil.rpcUrl) })
  const pub = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
  const mined = async (hash: Hash) => {
    const r = await minedReceipt(pub, hash)
    blockOf[hash] = r.blockNumber
    return r
  }
  tx.deploy = await wallet.deployContract({ abi: DevnetToken.abi, bytecode: DevnetToken.bytecode, args: ['Devnet Dollar', 'DUSD', 6, parseUnits('1000000', 6)] })
  token = getAddress((await mined(tx.deploy)).contractAddress!)
  tx.transfer = await wallet.writeContract({ address: token, abi: DevnetToken.abi, functionName: 'transfer', args: [bob.address, parseUnits('25', 6)] })
  await mined(tx.transfer)
  tx.approve = await wallet.writeContract({ address: token, abi: DevnetToken.abi, functionName: 'approve', args: [bob.address, maxUint256] })
  await mined(tx.approve)
  // The revoke request blockfeed hands the app, signed and sent by the app's wallet.
  tx.revoke = await wallet.sendTransaction(revokeApprovalRequest({ token, spender: bob.address }))
  await mined(tx.revoke)
  // A call that fails on chain: a fixed gas limit skips the estimate that would refuse it.
  tx.failing = await wallet.writeContract({ address: token, abi: DevnetToken.abi, functionName: 'transferFrom', args: [bob.address, alice.address, 1n], gas: 100_000n })
  await mined(tx.failing)
  tx.native = await wallet.sendTransaction({ to: bob.address, value: parseEther('1.5') })
  await mined(tx.native)
  // An ERC-721 mint: its Transfer shares ERC-20's topic and differs only in which arguments are indexed.
  const collection = getAddress((await mined(await wallet.deployContract({ abi: DevnetCollectible.abi, bytecode: DevnetCollectible.bytecode, args: ['Devnet Cats', 'CAT'] }))).contractAddress!)
  tx.mint = await wallet.writeContract({ address: collection, abi: DevnetCollectible.abi, functionName: 'mint', args: [bob.address, 7n] })
  await mined(tx.mint)
  await pub.request({ method: 'anvil_mine' as never, params: ['0x2'] as never })

  requests = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    requests.push(JSON.parse(String(init?.body)))
    return globalThis.fetch(input, init)
  }
  client = createClient({ baseUrl: 'http://127.0.0.1:9/unused', rpc: { url: anvil.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'], fetch })
}, 60_000)

afterAll(() => anvil?.stop())

describe('getTransactionDetails against anvil', () => {
  it('reads an ERC-20 transfer: status, block time, fee = gas used × price, method and the Transfer event', async () => {
    const d = (await getTransactionDetails(client, { hash: tx.transfer, blockNumber: blockOf[tx.transfer] }))!
    expect(d.status).toBe('success')
    expect(d.from).toBe(alice.address)
    expect(d.to).toBe(token)
    expect(d.type).toBe('eip1559')
    expect(d.blockNumber).toBe(blockOf[tx.transfer])
    expect(d.timestamp).toBeGreaterThan(1_600_000_000)
    expect(d.confirmations).toBe(confirmationsAt(d.blockNumber, d.headBlockNumber))
    expect(d.confirmations).toBeGreaterThanOrEqual(3)
    expect(d.fee!.wei).toBe(d.gasUsed! * d.effectiveGasPrice!)
    expect(d.fee!.formatted).toMatch(/^0\.0\d+/)
    expect(d.nativeSymbol).toBe('ETH')
    expect(d.method).toMatchObject({ selector: '0xa9059cbb', name: 'transfer', source: 'abi', args: [bob.address, 25_000_000n] })
    expect(d.logs).toEqual([
      expect.objectContaining({ decoded: true, address: token, eventName: 'Transfer', args: { from: alice.address, to: bob.address, value: 25_000_000n } }),
    ])
  })

  it('a final transaction with its block known costs one HTTP request (one batch of four calls); without it, two', async () => {
    requests.length = 0
    await getTransactionDetails(client, { hash: tx.approve, blockNumber: String(blockOf[tx.approve]) })
    expect(requests).toHaveLength(1)
    expect((requests[0] as { method: string }[]).map((r) => r.method).sort()).toEqual(
      ['eth_blockNumber', 'eth_getBlockByNumber', 'eth_getTransactionByHash', 'eth_getTransactionReceipt'],
    )
    requests.length = 0
    const d = await getTransactionDetails(client, { hash: tx.approve })
    expect(requests).toHaveLength(2)
    expect(d!.timestamp).not.toBeNull()
  })

  it('a wrong block hint is corrected by the receipt (the block it names is not the transaction’s)', async () => {
    const d = await getTransactionDetails(client, { hash: tx.approve, blockNumber: 1 })
    const right = await getTransactionDetails(client, { hash: tx.approve, blockNumber: blockOf[tx.approve] })
    expect(d!.timestamp).toBe(right!.timestamp)
    expect(d!.blockHash).toBe(right!.blockHash)
  })

  it('decodes an unlimited approval and the revoke request that the app signed', async () => {
    const approve = (await getTransactionDetails(client, { hash: tx.approve }))!
    expect(approve.method).toMatchObject({ name: 'approve', args: [bob.address, maxUint256] })
    expect(approve.logs[0]).toMatchObject({ eventName: 'Approval', args: { owner: alice.address, spender: bob.address, value: maxUint256 } })
    const revoke = (await getTransactionDetails(client, { hash: tx.revoke }))!
    expect(revoke.status).toBe('success')
    expect(revoke.logs[0]).toMatchObject({ eventName: 'Approval', args: { spender: bob.address, value: 0n } })
  })

  it('a contract creation: no `to`, the created address, the token’s mint event', async () => {
    const d = (await getTransactionDetails(client, { hash: tx.deploy }))!
    expect(d.to).toBeNull()
    expect(d.contractAddress).toBe(token)
    expect(d.method).toEqual({ selector: null, name: null, source: null, args: null })
    expect(d.logs[0]).toMatchObject({ eventName: 'Transfer', args: { from: '0x0000000000000000000000000000000000000000', to: alice.address } })
  })

  it('a failed call: status reverted, no logs, the contract’s revert reason', async () => {
    const d = (await getTransactionDetails(client, { hash: tx.failing }))!
    expect(d.status).toBe('reverted')
    expect(d.logs).toEqual([])
    expect(d.revertReason).toBe('allowance too low')
    expect(d.method.name).toBe('transferFrom')
  })

  it('a plain transfer of ether: exact value in wei and in ETH, no method', async () => {
    const d = (await getTransactionDetails(client, { hash: tx.native, methodLabel: '  ' }))!
    expect(d.value).toEqual({ wei: parseEther('1.5'), formatted: '1.5' })
    expect(d.method.name).toBeNull()
  })

  it('the service’s method_label is shown before the decoded name', async () => {
    const d = (await getTransactionDetails(client, { hash: tx.transfer, methodLabel: 'Send tokens' }))!
    expect(d.method).toMatchObject({ name: 'Send tokens', source: 'service', selector: '0xa9059cbb' })
  })

  it('an unknown hash is null; bad input is an InvalidParameterError naming the field', async () => {
    expect(await getTransactionDetails(client, { hash: `0x${'ab'.repeat(32)}` })).toBeNull()
    await expect(getTransactionDetails(client, { hash: '0x1234' as never })).rejects.toThrow(InvalidParameterError)
    await expect(getTransactionDetails(client, { hash: '0x1234' as never })).rejects.toThrow(/hash/)
    await expect(getTransactionDetails(client, { hash: tx.native, blockNumber: -1 })).rejects.toThrow(/blockNumber/)
    await expect(getTransactionDetails(client, { hash: tx.native, blockNumber: 'constructor' })).rejects.toThrow(/blockNumber/)
  })

  it('through the query options: a final transaction is fetched once, opening it again sends nothing', async () => {
    const qc = new QueryClient()
    requests.length = 0
    const options = transactionDetailsQueryOptions(client, { hash: tx.transfer, blockNumber: blockOf[tx.transfer] })
    const first = await qc.fetchQuery(options)
    expect(requests).toHaveLength(1)
    const again = await qc.fetchQuery(transactionDetailsQueryOptions(client, { hash: tx.transfer.toUpperCase().replace('0X', '0x') as Hash }))
    expect(requests).toHaveLength(1)
    expect(again).toBe(first)
  })

  it('agrees with ethers v6 and viem’s public actions on the same transactions (fee, status, nonce, block time)', async () => {
    const provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { staticNetwork: true })
    const pub = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    try {
      for (const hash of [tx.transfer, tx.failing, tx.deploy, tx.native]) {
        const ours = (await getTransactionDetails(client, { hash }))!
        const receipt = (await provider.getTransactionReceipt(hash))!
        const ethersTx = (await provider.getTransaction(hash))!
        expect(ours.fee!.wei).toBe(receipt.fee)
        expect(ours.status).toBe(receipt.status === 1 ? 'success' : 'reverted')
        expect(ours.nonce).toBe(ethersTx.nonce)
        expect(ours.contractAddress).toBe(receipt.contractAddress)
        const block = await pub.getBlock({ blockNumber: (await pub.getTransactionReceipt({ hash })).blockNumber })
        expect(ours.timestamp).toBe(Number(block.timestamp))
      }
    } finally {
      provider.destroy()
    }
  })

  it('an ERC-721 Transfer is told from an ERC-20 one (same topic, tokenId indexed)', async () => {
    const d = (await getTransactionDetails(client, { hash: tx.mint }))!
    // The devnet's own mint is in no ABI the package knows: the selector alone.
    expect(d.method).toMatchObject({ name: null, selector: '0x40c10f19' })
    expect(d.logs).toEqual([expect.objectContaining({ decoded: true, eventName: 'Transfer', args: { from: '0x0000000000000000000000000000000000000000', to: bob.address, tokenId: 7n } })])
  })
})
