import { BaseError, ContractFunctionRevertedError, createPublicClient, http } from 'viem'
import { getEnsAddress, getEnsName } from 'viem/actions'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
})
afterAll(() => devnet?.stop())

const wallet = (name: string) => devnet.wallets.find((w) => w.name === name)!.address
// viem's own ENS actions, pointed at the devnet's registry as they would be at ENS's Universal Resolver.
const node = () => createPublicClient({ transport: http(devnet.nodeUrl) })

it('viem getEnsName returns the seeded names (alice.eth, bob.eth, carol.eth)', async () => {
  const universalResolverAddress = devnet.contracts!.universalResolver
  for (const [who, name] of [['alice', 'alice.eth'], ['bob', 'bob.eth'], ['carol', 'carol.eth']]) {
    expect(await getEnsName(node(), { address: wallet(who!), universalResolverAddress })).toBe(name)
  }
})

it('answers through the devnet\'s own /rpc too (eth_call is one of the spec\'s methods)', async () => {
  const client = createPublicClient({ transport: http(devnet.rpcUrl) })
  expect(await getEnsName(client, { address: wallet('alice'), universalResolverAddress: devnet.contracts!.universalResolver })).toBe('alice.eth')
})

it('does not show a reverse record that does not resolve back (the deployer claims alice.eth)', async () => {
  const universalResolverAddress = devnet.contracts!.universalResolver
  expect(await getEnsName(node(), { address: wallet('deployer'), universalResolverAddress })).toBeNull()
  // It is null for the forward check, not for a missing record: strict mode shows the resolver's reason.
  const error = await getEnsName(node(), { address: wallet('deployer'), universalResolverAddress, strict: true }).catch((e: unknown) => e)
  const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError
  expect(reverted.data?.errorName).toBe('ReverseAddressMismatch')
  expect(reverted.data?.args?.[0]).toBe('alice.eth')
})

it('has no name for an address without a record', async () => {
  const universalResolverAddress = devnet.contracts!.universalResolver
  expect(await getEnsName(node(), { address: '0x000000000000000000000000000000000000dEaD', universalResolverAddress })).toBeNull()
})

it('resolves forward with viem getEnsAddress, and nothing for an unknown name', async () => {
  const universalResolverAddress = devnet.contracts!.universalResolver
  expect(await getEnsAddress(node(), { name: 'bob.eth', universalResolverAddress })).toBe(wallet('bob'))
  // With a coin type, viem reads raw address bytes (not checksummed).
  expect(await getEnsAddress(node(), { name: 'bob.eth', coinType: 60n, universalResolverAddress })).toBe(wallet('bob').toLowerCase())
  expect(await getEnsAddress(node(), { name: 'nobody.eth', universalResolverAddress })).toBeNull()
})
