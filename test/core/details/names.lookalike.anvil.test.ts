import { createPublicClient, createWalletClient, getAddress, http, parseAbi, type Address } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getNames } from '../../../src/core/details/names.js'
import { createClient, type BlockfeedClient } from '../../../src/exports/index.js'
import { startAnvil, type Anvil, minedReceipt } from '../../support/anvil.js'
import { alice, deployer, deployNames, nobody } from './nameContracts.js'

let anvil: Anvil
let resolver: Address
let multicall: Address
let client: BlockfeedClient

// Each holder sets a reverse record for a name it also owns (it resolves back): forward verification passes.
const lookalikes = {
  zeroWidth: 'vit\u200Balik.eth',
  capital: 'Vitalik.eth',
  cyrillic: 'vital\u0456k.eth',
  override: 'moc.\u202Evitalik.eth',
  emoji: '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}.eth',
  cyrillicOnly: '\u0434\u043C\u0438\u0442\u0440\u0438\u0439.eth',
} as const
const holder = (i: number) => nobody(900 + i)

beforeAll(async () => {
  anvil = await startAnvil()
  ;({ resolver, multicall } = await deployNames(anvil.rpcUrl))
  const wallet = createWalletClient({ account: deployer, chain: foundry, transport: http(anvil.rpcUrl) })
  const pub = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
  const abi = parseAbi(['function set(address a, string n, address forwardTo)'])
  for (const [i, name] of Object.values(lookalikes).entries()) {
    await minedReceipt(pub, await wallet.writeContract({ address: resolver, abi, functionName: 'set', args: [holder(i), name, holder(i)] }))
  }
  client = createClient({ baseUrl: 'http://127.0.0.1:9', rpc: { url: anvil.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'], retry: false })
}, 60_000)

afterAll(() => anvil?.stop())

describe('getNames and names made to pass for another', () => {
  it('a forward-verified name with hidden characters, capitals or mixed scripts is no name; emoji and single-script names stay', async () => {
    const names = await getNames(client, { addresses: [alice, ...Object.keys(lookalikes).map((_, i) => holder(i))], universalResolverAddress: resolver, multicall3Address: multicall })
    expect(names[alice]).toBe('alice.eth')
    const byKind = Object.fromEntries(Object.keys(lookalikes).map((kind, i) => [kind, names[getAddress(holder(i))]]))
    expect(byKind).toEqual({ zeroWidth: null, capital: null, cyrillic: null, override: null, emoji: lookalikes.emoji, cyrillicOnly: lookalikes.cyrillicOnly })
  })
})
