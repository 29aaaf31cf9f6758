import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { getJson, historyUrl, sendToNode } from './helpers.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, seed: false })
})
afterAll(() => devnet?.stop())

it('a block stamped past year 275760 (anvil allows it) is served, and the devnet keeps indexing', async () => {
  const carol = devnet.wallets.find((w) => w.name === 'carol')!.address
  const set = await fetch(devnet.nodeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_setNextBlockTimestamp', params: [`0x${(10n ** 13n).toString(16)}`] }),
  }).then((r) => r.json())
  expect(set).not.toHaveProperty('error')
  const far = await sendToNode(devnet, 'bob', carol, 1n)

  const { status, body } = await getJson(historyUrl(devnet, carol))
  expect(status).toBe(200)
  expect(body.result).toEqual([expect.objectContaining({ hash: far, block_timestamp: expect.stringMatching(/^\+318857-/) })])
  const next = await sendToNode(devnet, 'deployer', carol, 2n)
  expect((await getJson(historyUrl(devnet, carol))).body.result.map((e: { hash: string }) => e.hash)).toEqual([next, far])
})
