import { untilMined } from '../../src/devnet/sentMined.js'
import { concat, createPublicClient, createWalletClient, erc20Abi, http, numberToHex, pad, toEventSelector, type Hex } from 'viem'
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
  await untilMined(devnet.nodeUrl, [hash])
  const receipt = await node.getTransactionReceipt({ hash })
  expect(receipt.logs).toHaveLength(1)

  const { status, body } = await getJson(historyUrl(devnet, bob.address, { limit: 100 }))
  expect(status).toBe(200)
  expect(body.result.map((e: { hash: string }) => e.hash)).toEqual([hash])
  expect(body.result[0].nft_transfers).toEqual([])
  expect(body.result[0].logs).toHaveLength(1)

  const next = await sendToNode(devnet, 'bob', carol, 1n)
  expect((await everything(devnet, bob.address)).map((e) => e.hash)).toEqual([next, hash])
})

it('a token whose decimals() answers 2^40 is shown without decimals instead of stopping the devnet', async () => {
  const carol = devnet.wallets.find((w) => w.name === 'carol')!
  const dave = '0x000000000000000000000000000000000000d4fe'
  const chain = { ...foundry, id: devnet.chainId }
  const wallet = createWalletClient({ account: privateKeyToAccount(carol.privateKey), chain, transport: http(devnet.nodeUrl) })
  const node = createPublicClient({ chain, transport: http(devnet.nodeUrl) })
  // Runtime code: every call returns the word 2^40 (PUSH6 2^40, MSTORE at 0, RETURN 32 bytes).
  const runtime = '0x6501000000000060005260206000f3'
  const transfer = [toEventSelector('Transfer(address,address,uint256)'), pad(carol.address), pad(dave)]
  const init = concat([
    '0x6005600052', // memory[0..32] = 5, the transferred value
    ...[...transfer].reverse().map((t) => concat(['0x7f', t])), // PUSH32 each topic, last first
    '0x60206000a3', // LOG3 of those 32 bytes
    concat(['0x6e', runtime, '0x600052']), // PUSH15 runtime, MSTORE: it lands right-aligned in memory[17..32]
    '0x600f6011f3', // RETURN memory[17..32]: the deployed code
  ])
  const hash = await wallet.sendTransaction({ data: init })
  await untilMined(devnet.nodeUrl, [hash])
  const receipt = await node.getTransactionReceipt({ hash })
  expect(await node.readContract({ address: receipt.contractAddress!, abi: erc20Abi, functionName: 'decimals' })).toBe(2 ** 40)

  const { status, body } = await getJson(historyUrl(devnet, dave, { limit: 100 }))
  expect(status).toBe(200)
  expect(body.result[0].erc20_transfer).toEqual([expect.objectContaining({ from_address: carol.address.toLowerCase(), value: '5', token_decimals: null, value_formatted: null })])
})
