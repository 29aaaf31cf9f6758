import { concat, createPublicClient, createWalletClient, http, numberToHex, pad, toEventSelector, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { everything, getJson, historyUrl, sendToNode } from './helpers.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, seed: false })
})
afterAll(() => devnet?.stop())

/** Init code that emits one LOG with these topics and no data, then deploys nothing: a log any contract could write. */
function emitLog(topics: Hex[]): Hex {
  const pushes = [...topics].reverse().map((t) => concat(['0x7f', pad(t)])) // PUSH32 each topic, last first
  return concat([...pushes, '0x6000', '0x6000', numberToHex(0xa0 + topics.length, { size: 1 }), '0x00']) // size 0, offset 0, LOGn, STOP
}

it('a TransferSingle log without its data is left out, and the history keeps working', async () => {
  const bob = devnet.wallets.find((w) => w.name === 'bob')!
  const carol = devnet.wallets.find((w) => w.name === 'carol')!.address
  const chain = { ...foundry, id: devnet.chainId }
  const wallet = createWalletClient({ account: privateKeyToAccount(bob.privateKey), chain, transport: http(devnet.nodeUrl) })
  const node = createPublicClient({ chain, transport: http(devnet.nodeUrl) })
  const topics = [toEventSelector('TransferSingle(address,address,address,uint256,uint256)'), pad(bob.address), pad(bob.address), pad(carol)]
  const hash = await wallet.sendTransaction({ data: emitLog(topics) })
  const receipt = await node.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  expect(receipt.logs).toHaveLength(1)

  const { status, body } = await getJson(historyUrl(devnet, bob.address, { limit: 100 }))
  expect(status).toBe(200)
  expect(body.result.map((e: { hash: string }) => e.hash)).toEqual([hash])
  expect(body.result[0].nft_transfers).toEqual([])
  expect(body.result[0].logs).toHaveLength(1)

  const next = await sendToNode(devnet, 'bob', carol, 1n)
  expect((await everything(devnet, bob.address)).map((e) => e.hash)).toEqual([next, hash])
})
