import { QueryClient } from '@tanstack/query-core'
import { createPublicClient, createWalletClient, getAddress, http, maxUint256, parseUnits, type Address, type Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approvalsFromLogs, approvalsOf, approvalStatus, currentOf, isApprovalStatesStale, isRevocable, revokeApprovalRequest, type Approval } from '../../../src/core/details/approvals.js'
import { approvalStatesQueryOptions, getApprovalStates } from '../../../src/core/details/approvalStates.js'
import { getTransactionDetails } from '../../../src/core/details/getTransactionDetails.js'
import { DevnetCollectible, DevnetToken } from '../../../src/devnet/artifacts.js'
import { createClient, InvalidParameterError, type BlockfeedClient } from '../../../src/exports/index.js'
import { startAnvil, type Anvil, minedReceipt } from '../../support/anvil.js'

// anvil's first two dev accounts (well-known test keys, no value anywhere).
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

let anvil: Anvil
let client: BlockfeedClient
let requests: { method: string }[][]
let wallet: ReturnType<typeof createWalletClient>
let node: ReturnType<typeof createPublicClient>
let token: Address
let collection: Address

const send = async (hash: Promise<Hash>) => {
  const r = await minedReceipt(node, await hash)
  return { hash: r.transactionHash, blockNumber: r.blockNumber }
}

beforeAll(async () => {
  anvil = await startAnvil()
  wallet = createWalletClient({ account: alice, chain: foundry, transport: http(anvil.rpcUrl) })
  node = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
  const deploy = async (artifact: typeof DevnetToken | typeof DevnetCollectible, args: readonly unknown[]) =>
    getAddress((await minedReceipt(node, await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, account: alice, chain: foundry } as never))).contractAddress!)
  token = await deploy(DevnetToken, ['Devnet Dollar', 'DUSD', 6, parseUnits('1000', 6)])
  collection = await deploy(DevnetCollectible, ['Devnet Cats', 'CAT'])
  requests = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const body = JSON.parse(String(init?.body))
    requests.push(Array.isArray(body) ? body : [body])
    return globalThis.fetch(input, init)
  }
  client = createClient({ baseUrl: 'http://127.0.0.1:9/unused', rpc: { url: anvil.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'], fetch })
}, 60_000)

afterAll(() => anvil?.stop())

/** An approval read from a receipt always has its owner (the sender). */
const check = (a: Approval) => ({ ...a, owner: a.owner! })
const approve = (amount: bigint) => send(wallet.writeContract({ address: token, abi: DevnetToken.abi, functionName: 'approve', args: [bob.address, amount], account: alice, chain: foundry }))

describe('approval states against anvil', () => {
  it('an unlimited approval is live (Revoke); once the revoke request is mined, the next read says no longer active', async () => {
    const approved = await approve(maxUint256)
    const details = (await getTransactionDetails(client, { hash: approved.hash, blockNumber: approved.blockNumber }))!
    const [approval] = approvalsFromLogs(details)
    expect(approval).toMatchObject({ kind: 'approval', token, owner: alice.address, spender: bob.address, amount: maxUint256, unlimited: true })

    const before = await getApprovalStates(client, { approvals: [check(approval!)] })
    expect(currentOf(before, approval!)).toBe(maxUint256)
    expect(approvalStatus(approval!, currentOf(before, approval!))).toEqual({ state: 'active' })
    expect(isRevocable(approval!, currentOf(before, approval!))).toBe(true)

    await send(wallet.sendTransaction({ ...revokeApprovalRequest(approval!), account: alice, chain: foundry }))
    const after = await getApprovalStates(client, { approvals: [check(approval!)] })
    expect(after.headBlockNumber).toBeGreaterThan(before.headBlockNumber)
    expect(approvalStatus(approval!, currentOf(after, approval!))).toEqual({ state: 'inactive' })
    expect(isRevocable(approval!, currentOf(after, approval!))).toBe(false)
  })

  it('a limited approval spent in part reads as the amount remaining, with no Revoke', async () => {
    const approved = await approve(parseUnits('100', 6))
    await send(createWalletClient({ account: bob, chain: foundry, transport: http(anvil.rpcUrl) }).writeContract({ address: token, abi: DevnetToken.abi, functionName: 'transferFrom', args: [alice.address, bob.address, parseUnits('40', 6)] }))
    const details = (await getTransactionDetails(client, { hash: approved.hash }))!
    const [approval] = approvalsFromLogs(details)
    const states = await getApprovalStates(client, { approvals: [check(approval!)] })
    expect(approvalStatus(approval!, currentOf(states, approval!))).toEqual({ state: 'changed', remaining: parseUnits('60', 6) })
    expect(isRevocable(approval!, currentOf(states, approval!))).toBe(false)
  })

  it('approval for all: live while isApprovedForAll, then not; an address with no such contract is unknown', async () => {
    const set = await send(wallet.writeContract({ address: collection, abi: DevnetCollectible.abi, functionName: 'setApprovalForAll', args: [bob.address, true], account: alice, chain: foundry }))
    const [forAll] = approvalsFromLogs((await getTransactionDetails(client, { hash: set.hash }))!)
    expect(forAll).toMatchObject({ kind: 'approval_for_all', token: collection, spender: bob.address, unlimited: true })
    const nobody = { ...forAll!, kind: 'approval' as const, amount: maxUint256, token: getAddress('0x000000000000000000000000000000000000dEaD') }
    const live = await getApprovalStates(client, { approvals: [check(forAll!), check(nobody)] })
    expect(isRevocable(forAll!, currentOf(live, forAll!))).toBe(true)
    // "0x" from an account without code is no answer: unknown, and no Revoke.
    expect(approvalStatus(nobody, currentOf(live, nobody))).toEqual({ state: 'unknown' })
    expect(isRevocable(nobody, currentOf(live, nobody))).toBe(false)
    await send(wallet.sendTransaction({ ...revokeApprovalRequest(forAll!), account: alice, chain: foundry }))
    const gone = await getApprovalStates(client, { approvals: [check(forAll!)] })
    expect(approvalStatus(forAll!, currentOf(gone, forAll!))).toEqual({ state: 'inactive' })
  })

  it('read with the details in the same tick, the approvals cost no extra HTTP request; read again only after a new head', async () => {
    const approved = await approve(maxUint256)
    // What the feed knows before opening: the service's list (here built from the chain) and the sender.
    const entry = {
      from_address: alice.address.toLowerCase(),
      contract_interactions: { approvals: [{ value: maxUint256.toString(), token: { address: token }, spender: { address: bob.address } }] },
    }
    const approvals = approvalsOf(entry, undefined).map((a) => ({ ...a, owner: a.owner! }))
    const queries = new QueryClient()
    requests.length = 0
    const [details, states] = await Promise.all([
      getTransactionDetails(client, { hash: approved.hash, blockNumber: approved.blockNumber }),
      queries.fetchQuery(approvalStatesQueryOptions(client, { approvals })),
    ])
    expect(requests).toHaveLength(1)
    expect(requests[0]!.map((r) => r.method).sort()).toEqual(['eth_blockNumber', 'eth_blockNumber', 'eth_call', 'eth_getBlockByNumber', 'eth_getTransactionByHash', 'eth_getTransactionReceipt'])
    expect(isRevocable(approvalsOf(entry, details)[0]!, currentOf(states, approvalsOf(entry, details)[0]!))).toBe(true)
    // Opened again at the same head: from the cache.
    requests.length = 0
    await queries.fetchQuery(approvalStatesQueryOptions(client, { approvals }))
    expect(requests).toHaveLength(0)
    await node.request({ method: 'anvil_mine' as never, params: ['0x1'] as never })
    expect(isApprovalStatesStale(states, await node.getBlockNumber({ cacheTime: 0 }))).toBe(true)
    expect(isApprovalStatesStale(states, states.headBlockNumber)).toBe(false)
  })

  it('bad input is an InvalidParameterError naming the field, before any request', async () => {
    requests.length = 0
    await expect(getApprovalStates(client, { approvals: 'all' as never })).rejects.toThrow(InvalidParameterError)
    await expect(getApprovalStates(client, { approvals: [{ kind: 'approval', token, owner: 'constructor', spender: bob.address }] })).rejects.toThrow(/approvals\[0\]\.owner/)
    await expect(getApprovalStates(client, { approvals: [{ kind: '__proto__' as never, token, owner: alice.address, spender: bob.address }] })).rejects.toThrow(/approvals\[0\]\.kind/)
    await expect(getApprovalStates(client, { approvals: [JSON.parse(`{"__proto__": {"token": "${token}"}, "kind": "approval", "owner": "${alice.address}", "spender": "${bob.address}"}`)] })).rejects.toThrow(/approvals\[0\]\.token/)
    expect(requests).toHaveLength(0)
  })
})
