import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import solc from 'solc'
import { createPublicClient, createWalletClient, getAddress, http, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { minedReceipt } from '../../support/anvil.js'

// A stand-in for the ENS Universal Resolver's reverse entry point (same signature and errors as
// the deployed one): forward verification fails with ReverseAddressMismatch. And Multicall3's aggregate3.
const SOURCE = readFileSync(join(import.meta.dirname, 'NameContracts.sol'), 'utf8')

function compile(): Record<string, { abi: Abi; bytecode: Hex }> {
  const input = { language: 'Solidity', sources: { 'N.sol': { content: SOURCE } }, settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } }
  const out = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'))
  const c = out.contracts['N.sol']
  return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, { abi: (v as { abi: Abi }).abi, bytecode: `0x${(v as { evm: { bytecode: { object: string } } }).evm.bytecode.object}` as Hex }]))
}

export const deployer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
export const alice = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
export const bob = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')
export const spoofer = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906')
export const nobody = (i: number) => getAddress(`0x${(0x1000 + i).toString(16).padStart(40, '0')}`)

/** Deploys the resolver stand-in and Multicall3 on the node and seeds alice.eth, bob.eth and a spoofed record. */
export async function deployNames(rpcUrl: string): Promise<{ resolver: Address; multicall: Address }> {
  const anvil = { rpcUrl }
  const c = compile()
  const wallet = createWalletClient({ account: deployer, chain: foundry, transport: http(anvil.rpcUrl) })
  const pub = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
  const deploy = async (name: string) => (await minedReceipt(pub, await wallet.deployContract({ abi: c[name]!.abi, bytecode: c[name]!.bytecode }))).contractAddress!
  const resolver = await deploy('MockUniversalResolver')
  const multicall = await deploy('Multicall3')
  const set = async (a: Address, n: string, back: Address) =>
    minedReceipt(pub, await wallet.writeContract({ address: resolver, abi: c.MockUniversalResolver!.abi, functionName: 'set', args: [a, n, back] }))
  await set(alice, 'alice.eth', alice)
  await set(bob, 'bob.eth', bob)
  // A reverse record claiming a name that resolves to someone else: must never be shown.
  await set(spoofer, 'vitalik.eth', getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'))
  return { resolver, multicall }
}
