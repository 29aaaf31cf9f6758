import { renderToStaticMarkup } from 'react-dom/server'
import { encodeDeployData, encodeFunctionData, getAddress, parseUnits, type Abi, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PendingTransactions } from '../../../src/components/PendingTransactions/PendingTransactions.js'
import { memoryStorage } from '../../../src/core/live/storage.js'
import { createTransactionTracker, type TransactionTracker } from '../../../src/core/live/tracker.js'
import { MAX_RECEIPT_TRANSFER_LINES, receiptTransfers } from '../../../src/core/live/receipt.js'
import { readStoredRecords } from '../../../src/core/live/record.js'
import { DevnetCollectible, DevnetItems, DevnetToken } from '../../../src/devnet/artifacts.js'
import { accounts, startHeldChain } from './support.js'

let chain: Awaited<ReturnType<typeof startHeldChain>>
const trackers: TransactionTracker[] = []
const wait = (assertion: () => void) => vi.waitFor(assertion, { timeout: 15_000, interval: 20 })
const [deployer, alice, bob] = accounts as [(typeof accounts)[0], (typeof accounts)[0], (typeof accounts)[0]]
let token: Hex
let kittens: Hex
let items: Hex

/** Sends from dev account `who` and mines it at once (setup only). */
async function mined(who: number, tx: { to: Hex; data: Hex }) {
  const sent = await chain.send(who, { value: 0n, gas: 3_000_000n, ...tx })
  await chain.test.mine({ blocks: 1 })
  const receipt = await chain.test.getTransactionReceipt({ hash: sent.hash })
  expect(receipt.status).toBe('success')
  return receipt
}
/** Deploys from dev account 0 and mines it (signed here: the helper's `send` always has a recipient). Before any `send` from account 0. */
async function deploy(artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[]) {
  const nonce = await chain.test.getTransactionCount({ address: deployer.address, blockTag: 'pending' })
  const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args })
  const raw = await deployer.signTransaction({ chainId: 31337, type: 'eip1559', nonce, data, gas: 3_000_000n, maxFeePerGas: 101_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
  const hash = await chain.test.sendRawTransaction({ serializedTransaction: raw })
  await chain.test.mine({ blocks: 1 })
  return getAddress((await chain.test.getTransactionReceipt({ hash })).contractAddress!)
}

beforeAll(async () => {
  chain = await startHeldChain()
  token = await deploy(DevnetToken, ['Devnet USD', 'dUSD', 6, parseUnits('1000000', 6)])
  kittens = await deploy(DevnetCollectible, ['Devnet Kittens', 'KITTEN'])
  items = await deploy(DevnetItems, [])
  await mined(0, { to: kittens, data: encodeFunctionData({ abi: DevnetCollectible.abi, functionName: 'mint', args: [alice.address, 7n] }) })
  await mined(0, { to: items, data: encodeFunctionData({ abi: DevnetItems.abi, functionName: 'mintBatch', args: [alice.address, [1n, 2n], [10n, 5n]] }) })
}, 60_000)
afterAll(async () => {
  for (const t of trackers) t.stop()
  await chain?.anvil.stop()
})

function newTracker(storage = memoryStorage()) {
  const tracker = createTransactionTracker({ client: chain.makeClient(), storage, pollingIntervalMs: 30, confirmations: 1 })
  trackers.push(tracker)
  return tracker
}

/** The text of server-rendered markup: tags and React's text separators removed. */
const text = (html: string) => html.replace(/^[^>]*>/, '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')

describe('a mined record keeps what its receipt moved (anvil, automine off, devnet token contracts)', () => {
  it('a router-style call (an airdrop) moves tokens its calldata does not reveal: the mined record and its row show each transfer', async () => {
    const storage = memoryStorage()
    const tracker = newTracker(storage)
    const data = encodeFunctionData({ abi: DevnetToken.abi, functionName: 'airdrop', args: [[alice.address, bob.address], 2_500_000n] })
    const sent = await chain.send(0, { to: token, value: 0n, data, gas: 200_000n })
    const pending = await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    // The calldata is not an ERC-20 transfer: before the receipt nothing says which tokens move.
    expect(pending).toMatchObject({ status: 'pending', tokenTransfer: null, receiptTransfers: null })
    const before = renderToStaticMarkup(<PendingTransactions records={[pending]} chain="0x7a69" locale="en-US" />)
    expect(before).not.toContain('bf-pending__transfers')

    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)?.status).toBe('confirmed'))
    const record = tracker.get(sent.hash)!
    expect(record.receiptTransfers).toEqual({
      total: 2,
      lines: [
        { kind: 'erc20', token, from: deployer.address, to: alice.address, amount: '2500000', tokenId: null, logIndex: 0 },
        { kind: 'erc20', token, from: deployer.address, to: bob.address, amount: '2500000', tokenId: null, logIndex: 1 },
      ],
    })
    // Said in the row's trailing column as an indexed row says it, named from what the feed knows of the token.
    const tokens = new Map([[token.toLowerCase(), { symbol: 'dUSD', decimals: 6 }]])
    const html = renderToStaticMarkup(<PendingTransactions records={[record]} tokens={tokens} chain="0x7a69" locale="en-US" />)
    const amounts = html.split('class="bf-row__amount"').slice(1)
    expect(amounts).toHaveLength(2)
    for (const amount of amounts) {
      expect(amount).toContain('data-direction="out"')
      expect(text(amount)).toMatch(/^\u22122\.5 dUSD/)
    }
    // Persisted: a reload has the lines without asking the node again.
    const reloaded = newTracker(storage)
    expect(reloaded.get(sent.hash)?.receiptTransfers).toEqual(record.receiptTransfers)
  })

  it('ERC-721 transferFrom (its calldata reads like an ERC-20 transferFrom): the receipt corrects it to token #7', async () => {
    const tracker = newTracker()
    const data = encodeFunctionData({ abi: DevnetCollectible.abi, functionName: 'transferFrom', args: [alice.address, bob.address, 7n] })
    const sent = await chain.send(1, { to: kittens, value: 0n, data, gas: 200_000n })
    const pending = await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    expect(pending.tokenTransfer).toMatchObject({ amount: '7' }) // the calldata guess: "7 of token 0x…"
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)?.status).toBe('confirmed'))
    expect(tracker.get(sent.hash)!.receiptTransfers!.lines).toEqual([
      { kind: 'erc721', token: kittens, from: alice.address, to: bob.address, amount: '1', tokenId: '7', logIndex: 0 },
    ])
    const html = renderToStaticMarkup(<PendingTransactions records={[tracker.get(sent.hash)!]} chain="0x7a69" locale="en-US" />)
    // The token moved, not "7 of token 0x…".
    expect(text(html.split('bf-row__trailing')[1]!)).toMatch(/^[^<]*\u2212#7/)
  })

  it('ERC-1155 batch: one line per id, with its amount', async () => {
    const tracker = newTracker()
    const data = encodeFunctionData({ abi: DevnetItems.abi, functionName: 'safeBatchTransferFrom', args: [alice.address, bob.address, [1n, 2n], [4n, 5n], '0x'] })
    const sent = await chain.send(1, { to: items, value: 0n, data, gas: 200_000n })
    await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)?.status).toBe('confirmed'))
    expect(tracker.get(sent.hash)!.receiptTransfers).toEqual({
      total: 2,
      lines: [
        { kind: 'erc1155', token: items, from: alice.address, to: bob.address, amount: '4', tokenId: '1', logIndex: 0 },
        { kind: 'erc1155', token: items, from: alice.address, to: bob.address, amount: '5', tokenId: '2', logIndex: 0 },
      ],
    })
  })

  it('bounded: an airdrop to 25 wallets keeps the first 20 lines and the total; a stored record with more lines is refused', async () => {
    const tracker = newTracker()
    const recipients = Array.from({ length: 25 }, (_, i) => getAddress(`0x${(0x1000 + i).toString(16).padStart(40, '0')}`))
    const data = encodeFunctionData({ abi: DevnetToken.abi, functionName: 'airdrop', args: [recipients, 1n] })
    const sent = await chain.send(0, { to: token, value: 0n, data, gas: 2_000_000n })
    await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)?.status).toBe('confirmed'))
    const kept = tracker.get(sent.hash)!.receiptTransfers!
    expect(kept.total).toBe(25)
    expect(kept.lines.map((l) => l.to)).toEqual(recipients.slice(0, MAX_RECEIPT_TRANSFER_LINES))
    const html = renderToStaticMarkup(<PendingTransactions records={[tracker.get(sent.hash)!]} chain="0x7a69" />)
    expect(html).toContain('+24 more')

    const tooMany = { ...tracker.get(sent.hash)!, receiptTransfers: { total: 25, lines: [...kept.lines, ...kept.lines.slice(0, 1)] } }
    expect(readStoredRecords(JSON.stringify({ version: 1, records: [tooMany] }))).toEqual([])
  })

  it('a reverted call keeps no lines; malformed logs from a node are skipped, never thrown', async () => {
    const tracker = newTracker()
    // More than the sender holds: `transfer` reverts.
    const data = encodeFunctionData({ abi: DevnetToken.abi, functionName: 'transfer', args: [alice.address, parseUnits('9999999', 6)] })
    const sent = await chain.send(2, { to: token, value: 0n, data, gas: 200_000n })
    await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)?.status).toBe('failed'))
    expect(tracker.get(sent.hash)!.receiptTransfers).toEqual({ lines: [], total: 0 })

    for (const logs of [null, 'x', [null, 1, { address: 5 }], [{ address: token, topics: ['0xzz'], data: '0x' }], [{ address: token, topics: [], data: '0x' }]]) {
      expect(receiptTransfers(logs)).toEqual({ lines: [], total: 0 })
    }
  })
})
