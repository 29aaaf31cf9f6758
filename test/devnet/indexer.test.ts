import { Indexer } from '../../src/devnet/indexer.js'
import { createNodeRequest } from '../../src/devnet/node.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { everything, sendToNode } from './helpers.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
})
afterAll(() => devnet?.stop())

const node = (method: string, params: unknown[] = []) =>
  fetch(devnet.nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    .then((r) => r.json() as Promise<{ result: unknown }>)
    .then((b) => b.result)

it('reads the same internal transactions from trace_block, callTracer per block and per transaction', async () => {
  const views = await Promise.all(
    (['parity', 'block', 'transaction'] as const).map(async (tracing) => {
      const indexer = new Indexer(createNodeRequest(devnet.nodeUrl), { tracing })
      await indexer.sync()
      const alice = devnet.wallets[1]!.address.toLowerCase()
      return indexer.byAddress.get(alice)!.map((t) => ({
        hash: t.entry.hash,
        internal: t.internalTransactions.map(({ type, from, to, value }) => ({ type, from, to, value })),
        moves: t.nativeMoves,
      }))
    }),
  )
  expect(views[0]!.some((v) => v.internal.length > 0)).toBe(true)
  expect(views[1]).toEqual(views[0])
  expect(views[2]).toEqual(views[0])
})

it('drops transactions the node reverted and shows what replaced them', async () => {
  const carol = devnet.wallets.find((w) => w.name === 'carol')!.address
  const snapshot = await node('evm_snapshot')
  const gone = await sendToNode(devnet, 'bob', carol, 11n)
  expect((await everything(devnet, carol))[0]!.hash).toBe(gone)

  await node('evm_revert', [snapshot])
  const replacement = await sendToNode(devnet, 'deployer', carol, 12n)
  const hashes = (await everything(devnet, carol)).map((e) => e.hash)
  expect(hashes[0]).toBe(replacement)
  expect(hashes).not.toContain(gone)
})

describe('with a block time', () => {
  let timed: Devnet
  beforeAll(async () => {
    timed = await startDevnet({ port: 0, seed: false, blockTime: 1 })
  })
  afterAll(() => timed?.stop())

  it('follows new blocks: a pending transaction shows up once its block is mined', async () => {
    const carol = timed.wallets.find((w) => w.name === 'carol')!.address
    const hash = await sendToNode(timed, 'bob', carol, 3n)
    await vi.waitFor(async () => expect((await everything(timed, carol)).map((e) => e.hash)).toEqual([hash]), { timeout: 15_000, interval: 100 })
  })

  it('refuses a block time for an attached node', async () => {
    await expect(startDevnet({ rpcUrl: timed.nodeUrl, blockTime: 1 })).rejects.toThrow(/blockTime/)
  })
})
