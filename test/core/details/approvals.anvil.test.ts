import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import solc from 'solc'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, getAddress, http, maxUint256, maxUint96, parseSignature, parseUnits, type Abi, type Address, type Hash, type Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approvalsOf, approvalStatus, currentOf, isRevocable, revokeApprovalRequest } from '../../../src/core/details/approvals.js'
import { getApprovalStates } from '../../../src/core/details/approvalStates.js'
import { getTransactionDetails } from '../../../src/core/details/getTransactionDetails.js'
import { createClient, type BlockfeedClient } from '../../../src/exports/index.js'
import { startAnvil, type Anvil, minedReceipt } from '../../support/anvil.js'

// Approvals whose owner is not the sender, whose "unlimited" is not exactly max uint256, and
// Approval logs that are an allowance being spent: real contracts (ApprovalContracts.sol) on anvil.

const SOURCE = readFileSync(join(import.meta.dirname, 'ApprovalContracts.sol'), 'utf8')
function compile(): Record<string, { abi: Abi; bytecode: Hex }> {
  const input = { language: 'Solidity', sources: { 'A.sol': { content: SOURCE } }, settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } }
  const out = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'))
  return Object.fromEntries(Object.entries(out.contracts['A.sol']).map(([k, v]) => [k, { abi: (v as { abi: Abi }).abi, bytecode: `0x${(v as { evm: { bytecode: { object: string } } }).evm.bytecode.object}` as Hex }]))
}

// anvil's first two dev accounts (well-known test keys, no value anywhere): alice holds tokens, bob relays.
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

let anvil: Anvil
let client: BlockfeedClient
let node: ReturnType<typeof createPublicClient>
let contracts: ReturnType<typeof compile>
let oz: Address
let uni: Address

const send = async (account: PrivateKeyAccount, request: { to: Address; data: Hex }): Promise<Hash> => {
  const hash = await createWalletClient({ account, chain: foundry, transport: http(anvil.rpcUrl) }).sendTransaction({ ...request, account, chain: foundry })
  const receipt = await minedReceipt(node, hash)
  expect(receipt.status).toBe('success')
  return hash
}
const call = (account: PrivateKeyAccount, to: Address, contract: string, functionName: string, args: readonly unknown[]) =>
  send(account, { to, data: encodeFunctionData({ abi: contracts[contract]!.abi, functionName, args }) })
const deploy = async (contract: string, args: readonly unknown[] = []) => {
  const wallet = createWalletClient({ account: alice, chain: foundry, transport: http(anvil.rpcUrl) })
  const hash = await wallet.deployContract({ abi: contracts[contract]!.abi, bytecode: contracts[contract]!.bytecode, args, account: alice, chain: foundry } as never)
  return getAddress((await minedReceipt(node, hash)).contractAddress!)
}

/** What the details view shows for a transaction: its approvals (from `entry` when given), what each is now, and whether it offers Revoke. */
async function shown(hash: Hash, entry?: Record<string, unknown>, wallet?: Address) {
  const details = (await getTransactionDetails(client, { hash }))!
  const approvals = approvalsOf(entry, details, wallet)
  const states = approvals.length ? await getApprovalStates(client, { approvals: approvals.map((a) => ({ ...a, owner: a.owner! })) }) : null
  return approvals.map((a) => ({ approval: a, status: approvalStatus(a, currentOf(states, a)), revocable: isRevocable(a, currentOf(states, a)) }))
}
/** A history entry as the service would send it: the sender (alice unless told) and one listed approval. */
const listing = (token: Address, spender: Address, value: unknown, extra: { from_address?: string; item?: object } = {}) => ({
  from_address: extra.from_address ?? alice.address.toLowerCase(),
  contract_interactions: { approvals: [{ value, token: { address: token }, spender: { address: spender }, ...extra.item }] },
})

beforeAll(async () => {
  anvil = await startAnvil()
  node = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
  contracts = compile()
  oz = await deploy('OzToken', [parseUnits('1000', 18)])
  uni = await deploy('Uint96Token')
  client = createClient({ baseUrl: 'http://127.0.0.1:9/unused', rpc: { url: anvil.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'] })
}, 60_000)

afterAll(() => anvil?.stop())

describe('the owner is the wallet whose allowance it is, not whoever sent the transaction', () => {
  it('a smart account\'s unlimited approval sent by a bundler is the account\'s: live, with Revoke — from the receipt and from the service\'s list', async () => {
    const account = await deploy('SmartAccount')
    const spender = await deploy('Puller')
    const hash = await call(bob, account, 'SmartAccount', 'execute', [oz, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })])
    const expected = { approval: expect.objectContaining({ kind: 'approval', token: oz, owner: account, spender, unlimited: true }), status: { state: 'active' }, revocable: true }
    // Viewed as the account's history: its approval, though the bundler sent the transaction.
    expect(await shown(hash, undefined, account)).toEqual([expected])
    // The service's entry names the bundler as sender and no owner: the receipt's Approval log says whose it is.
    expect(await shown(hash, listing(oz, spender, maxUint256.toString(), { from_address: bob.address.toLowerCase() }))).toEqual([expected])
    // An owner the service names on the item is taken as given, before any details.
    expect(approvalsOf(listing(oz, spender, maxUint256.toString(), { from_address: bob.address, item: { owner: { address: account.toLowerCase() } } }), undefined)[0]!.owner).toBe(account)
  })

  it('an EIP-2612 permit relayed by someone else is the signer\'s approval', async () => {
    const spender = await deploy('Puller')
    const wallet = createWalletClient({ account: alice, chain: foundry, transport: http(anvil.rpcUrl) })
    const signature = await wallet.signTypedData({
      account: alice,
      domain: { name: 'Old Zeppelin', version: '1', chainId: foundry.id, verifyingContract: oz },
      types: { Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
      primaryType: 'Permit',
      message: { owner: alice.address, spender, value: maxUint256, nonce: 0n, deadline: maxUint256 },
    })
    const { r, s, v } = parseSignature(signature)
    const hash = await call(bob, oz, 'OzToken', 'permit', [alice.address, spender, maxUint256, maxUint256, Number(v), r, s])
    const [one, ...rest] = await shown(hash)
    expect(rest).toEqual([])
    expect(one).toEqual({ approval: expect.objectContaining({ owner: alice.address, spender, unlimited: true }), status: { state: 'active' }, revocable: true })
  })
})

describe('unlimited is any allowance of 2^96−1 or more', () => {
  it('on a token that subtracts even from max, an unlimited approval spent in part is still active with Revoke; spent down to a limited amount it keeps Revoke; revoked, none', async () => {
    const spender = await deploy('Puller')
    const approved = await call(alice, oz, 'OzToken', 'approve', [spender, maxUint256])
    await call(alice, spender, 'Puller', 'pull', [oz, parseUnits('40', 18)])
    expect(await node.readContract({ address: oz, abi: erc20Abi, functionName: 'allowance', args: [alice.address, spender] })).toBe(maxUint256 - parseUnits('40', 18))
    const [spent] = await shown(approved)
    expect(spent).toMatchObject({ status: { state: 'active' }, revocable: true })
    // Set to a small amount since: a live allowance is still a risk.
    await call(alice, oz, 'OzToken', 'approve', [spender, 5n])
    expect(await shown(approved)).toMatchObject([{ status: { state: 'changed', remaining: 5n }, revocable: true }])
    await send(alice, revokeApprovalRequest(spent!.approval))
    expect(await shown(approved)).toMatchObject([{ status: { state: 'inactive' }, revocable: false }])
  })

  it('UNI/COMP style: approving max uint256 stores and emits max uint96, which reads as unlimited, live, with Revoke', async () => {
    const spender = await deploy('Puller')
    const hash = await call(alice, uni, 'Uint96Token', 'approve', [spender, maxUint256])
    expect(await shown(hash)).toEqual([{ approval: expect.objectContaining({ amount: maxUint96, unlimited: true }), status: { state: 'active' }, revocable: true }])
    // The service may report the amount the wallet signed: max uint256, while the token holds max uint96.
    expect(await shown(hash, listing(uni, spender, maxUint256.toString()))).toEqual([{ approval: expect.objectContaining({ amount: maxUint256, unlimited: true }), status: { state: 'active' }, revocable: true }])
  })
})

describe('an Approval log that is an allowance being spent is not an approval', () => {
  it('a swap that spends the sender\'s allowance lists no approval (nor a revoke when it reaches zero); approve and increaseAllowance do', async () => {
    const spender = await deploy('Puller')
    const approved = await call(alice, oz, 'OzToken', 'approve', [spender, parseUnits('100', 18)])
    expect(await shown(approved)).toMatchObject([{ approval: { kind: 'approval', amount: parseUnits('100', 18), unlimited: false }, status: { state: 'active' }, revocable: false }])
    const swap = await call(alice, spender, 'Puller', 'pull', [oz, parseUnits('40', 18)])
    // The receipt does hold Approval(alice, spender, 60): OpenZeppelin's transferFrom emits what is left.
    expect((await getTransactionDetails(client, { hash: swap }))!.logs.map((l) => l.eventName)).toEqual(['Transfer', 'Approval'])
    expect(await shown(swap)).toEqual([])
    expect(await shown(await call(alice, spender, 'Puller', 'pull', [oz, parseUnits('60', 18)]))).toEqual([])
    const increased = await call(alice, oz, 'OzToken', 'increaseAllowance', [spender, parseUnits('20', 18)])
    expect(await shown(increased)).toMatchObject([{ approval: { kind: 'approval', owner: alice.address, amount: parseUnits('20', 18) }, status: { state: 'active' } }])
  })
})

describe('amounts the service sends as JSON numbers', () => {
  it('a limited approval listed with a number amount reads as still active, not as changed', async () => {
    const spender = await deploy('Puller')
    const hash = await call(alice, oz, 'OzToken', 'approve', [spender, 1000n])
    expect(await shown(hash, listing(oz, spender, 1000))).toEqual([{ approval: expect.objectContaining({ amount: 1000n, unlimited: false }), status: { state: 'active' }, revocable: false }])
  })
})
