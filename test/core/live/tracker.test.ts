import { encodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { activeHeadPollers } from '../../../src/core/live/headPoller.js'
import { memoryStorage } from '../../../src/core/live/storage.js'
import { createTransactionTracker, type TransactionTracker } from '../../../src/core/live/tracker.js'
import { accounts, countingFetch, startHeldChain } from './support.js'

let chain: Awaited<ReturnType<typeof startHeldChain>>
const trackers: TransactionTracker[] = []
const wait = (assertion: () => void) => vi.waitFor(assertion, { timeout: 15_000, interval: 20 })

beforeAll(async () => {
  chain = await startHeldChain()
})
afterAll(async () => {
  for (const t of trackers) t.stop()
  await chain?.anvil.stop()
})

function newTracker(options: { storage?: ReturnType<typeof memoryStorage>; dropAfterMs?: number; confirmations?: number } = {}) {
  const client = chain.makeClient()
  const tracker = createTransactionTracker({ client, storage: options.storage ?? memoryStorage(), pollingIntervalMs: 30, confirmations: options.confirmations ?? 2, dropAfterMs: options.dropAfterMs })
  trackers.push(tracker)
  return { tracker, client }
}

/**
 * A tracker whose requests alone are counted: the trackers of earlier tests share `chain.counter`,
 * and one still following its last confirmation when a block is mined would add its own reads.
 */
function trackerCountedAlone(confirmations: number) {
  const counter = countingFetch()
  const client = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: chain.anvil.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'], retry: false, fetch: counter.fetch })
  const tracker = createTransactionTracker({ client, storage: memoryStorage(), pollingIntervalMs: 30, confirmations })
  trackers.push(tracker)
  return { tracker, client, counter }
}

describe('createTransactionTracker on a real anvil (automine off)', () => {
  it('send → pending at once (decoded from raw, no request), mine → confirmed, confirmations counted to the target', async () => {
    const { tracker, client } = newTracker()
    const sent = await chain.send(0, { value: 12345n })
    chain.counter.reset()
    const seen: string[] = []
    tracker.subscribe((changed) => seen.push(...changed.map((r) => r.status)))

    const record = await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    expect(record).toMatchObject({ status: 'pending', from: accounts[0]!.address, nonce: sent.nonce, value: '12345', confirmations: 0 })
    expect(tracker.list({ address: accounts[0]!.address.toLowerCase(), chain: '0x7a69' }).map((r) => r.hash)).toEqual([sent.hash])
    expect(seen).toEqual(['pending'])
    // Everything in the record came from the raw transaction: the node was not asked for it.
    expect(chain.counter.calls('eth_getTransactionByHash')).toBe(0)

    // Held in the pool: still pending after the tracker has looked at the head.
    await wait(() => expect(chain.counter.calls('eth_getTransactionReceipt')).toBeGreaterThan(0))
    expect(tracker.get(sent.hash)?.status).toBe('pending')

    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'confirmed', confirmations: 1, final: false }))
    const minedIn = (await chain.test.getTransactionReceipt({ hash: sent.hash })).blockNumber
    expect(tracker.get(sent.hash)!.blockNumber).toBe(Number(minedIn))

    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'confirmed', confirmations: 2, final: true }))
    // Nothing left to follow: the head poller stops.
    await wait(() => expect(activeHeadPollers(client)).toBe(0))
  })

  it('an ERC-20 transfer is decoded from the raw calldata', async () => {
    const { tracker } = newTracker()
    const token = '0x00000000000000000000000000000000000070c0' as const
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [accounts[2]!.address, 25_000_000n] })
    const sent = await chain.send(1, { to: token, value: 0n, data })
    const record = await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    expect(record.tokenTransfer).toEqual({ token: getAddress(token), from: accounts[1]!.address, to: accounts[2]!.address, amount: '25000000' })
    await chain.test.mine({ blocks: 2 })
    await wait(() => expect(tracker.get(sent.hash)?.final).toBe(true))
  })

  it('tracked by hash alone: from, nonce and value are read with eth_getTransactionByHash', async () => {
    const { tracker } = newTracker()
    const sent = await chain.send(0, { value: 7n })
    const record = await tracker.track({ hash: sent.hash, chain: '0x7a69' })
    expect(record).toMatchObject({ status: 'pending', from: null, raw: null })
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ from: accounts[0]!.address, nonce: sent.nonce, value: '7' }))
    await chain.test.mine({ blocks: 2 })
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'confirmed', final: true }))
  })

  it('same nonce with a higher fee, mine → the first is replaced, replacedBy the one that was mined (found in the block)', async () => {
    const { tracker } = newTracker()
    const first = await chain.send(2, { tip: 1_000_000_000n })
    await tracker.track({ hash: first.hash, chain: '0x7a69', raw: first.raw })
    // Sent by other means (a wallet's speed-up): the tracker does not know this one.
    const faster = await chain.send(2, { nonce: first.nonce, tip: 5_000_000_000n, value: 2n })
    expect(faster.hash).not.toBe(first.hash)
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(first.hash)).toMatchObject({ status: 'replaced', replacedBy: faster.hash, final: true }))
  })

  it('both tracked: the mined one is confirmed, the other replaced by it', async () => {
    const { tracker } = newTracker()
    const first = await chain.send(3, { tip: 1_000_000_000n })
    const faster = await chain.send(3, { nonce: first.nonce, tip: 5_000_000_000n, value: 3n })
    await tracker.track({ hash: first.hash, chain: '0x7a69', raw: first.raw })
    await tracker.track({ hash: faster.hash, chain: '0x7a69', raw: faster.raw })
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(faster.hash)?.status).toBe('confirmed'))
    await wait(() => expect(tracker.get(first.hash)).toMatchObject({ status: 'replaced', replacedBy: faster.hash }))
  })

  it('anvil_dropTransaction → dropped, with raw kept to send again', async () => {
    const { tracker } = newTracker({ dropAfterMs: 0 })
    const sent = await chain.send(1)
    await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    await wait(() => expect(chain.counter.calls('eth_getTransactionReceipt')).toBeGreaterThan(0))
    expect(tracker.get(sent.hash)?.status).toBe('pending')
    await chain.test.dropTransaction({ hash: sent.hash })
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'dropped', final: true, raw: sent.raw }))
    expect(tracker.get(sent.hash)!.error).toMatch(/not known|nonce/)
    // "Send again": the kept raw is accepted (its nonce was never used) and tracking it again follows it to the end.
    await chain.test.sendRawTransaction({ serializedTransaction: tracker.get(sent.hash)!.raw as Hex })
    expect(await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })).toMatchObject({ status: 'pending', error: null })
    await chain.test.mine({ blocks: 2 })
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'confirmed', final: true }))
  })

  it('a reverting call → failed, with the reason', async () => {
    const { tracker } = newTracker()
    const reverter = '0x000000000000000000000000000000000000dead' as const
    await chain.test.setCode({ address: reverter, bytecode: '0x60006000fd' }) // PUSH1 0 PUSH1 0 REVERT
    const sent = await chain.send(0, { to: reverter, value: 0n })
    await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'failed', final: true }))
    expect(tracker.get(sent.hash)!.error).toMatch(/reverted/)
  })

  it('reload: a new tracker over the same storage has the records back and keeps following them', async () => {
    const storage = memoryStorage()
    const before = newTracker({ storage }).tracker
    const sent = await chain.send(2)
    await before.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    before.stop()

    const after = newTracker({ storage }).tracker
    expect(after.get(sent.hash)).toMatchObject({ status: 'pending', from: accounts[2]!.address, raw: sent.raw })
    await chain.test.mine({ blocks: 2 })
    await wait(() => expect(after.get(sent.hash)).toMatchObject({ status: 'confirmed', final: true }))
  })

  it('all receipts of a new block go out in one HTTP request; nothing is polled once none is pending', async () => {
    const { tracker, client, counter } = trackerCountedAlone(1)
    const sent = await Promise.all([0, 1, 2, 3, 0, 1].map((who) => chain.send(who)))
    for (const s of sent) await tracker.track({ hash: s.hash, chain: '0x7a69', raw: s.raw })
    // The tracker has read the head and checked it (one request, sent whole): nothing more comes until a block is mined.
    await wait(() => expect(counter.calls('eth_getTransactionReceipt')).toBeGreaterThan(0))
    counter.reset()
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(sent.map((s) => tracker.get(s.hash)?.status)).toEqual(sent.map(() => 'confirmed')))
    const withReceipts = counter.requests.filter((r) => r.methods.includes('eth_getTransactionReceipt'))
    expect(withReceipts).toHaveLength(1)
    expect(withReceipts[0]!.methods.filter((m) => m === 'eth_getTransactionReceipt')).toHaveLength(6)

    await wait(() => expect(activeHeadPollers(client)).toBe(0))
    // A poll sent just before the poller stopped may still be on its way to the server: let it land.
    await new Promise((r) => setTimeout(r, 300))
    counter.reset()
    await new Promise((r) => setTimeout(r, 500))
    expect(counter.requests).toHaveLength(0)
  })

  it('20 pending from one wallet: one request per block (its nonce and 19 receipts); the 20th receipt is asked only once the nonce shows it mined', async () => {
    const { tracker, client, counter } = trackerCountedAlone(1)
    const base = await chain.test.getTransactionCount({ address: accounts[3]!.address, blockTag: 'pending' })
    // Nonces base+1…base+20 wait in the pool behind the missing nonce `base`: they stay pending while blocks pass.
    const held: Awaited<ReturnType<typeof chain.send>>[] = []
    for (let i = 1; i <= 20; i++) held.push(await chain.send(3, { nonce: base + i }))
    for (const h of held) await tracker.track({ hash: h.hash, chain: '0x7a69', raw: h.raw })
    await wait(() => expect(counter.calls('eth_getTransactionReceipt')).toBeGreaterThan(0))
    counter.reset()
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(counter.requests.some((r) => r.methods.includes('eth_getTransactionCount'))).toBe(true))
    // A second request of this block would follow the nonce's answer at once: give it the time to show.
    await new Promise((r) => setTimeout(r, 300))
    const work = counter.requests.filter((r) => !r.methods.every((m) => m === 'eth_blockNumber'))
    expect(work).toHaveLength(1)
    expect(work[0]!.methods.filter((m) => m === 'eth_getTransactionReceipt')).toHaveLength(19)
    expect(work[0]!.methods.filter((m) => m === 'eth_getTransactionCount')).toHaveLength(1)
    expect(tracker.list({ address: accounts[3]!.address }).filter((r) => r.status === 'pending')).toHaveLength(20)

    // The missing nonce arrives (sent elsewhere): all 20 are mined in one block and all are confirmed.
    await chain.send(3, { nonce: base })
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(held.map((h) => tracker.get(h.hash)?.status)).toEqual(held.map(() => 'confirmed')))
    await wait(() => expect(activeHeadPollers(client)).toBe(0))
  })

  it('a reload long after a speed-up: the transaction that took the nonce is found in the history API → replaced', async () => {
    const storage = memoryStorage()
    const before = newTracker({ storage }).tracker
    const first = await chain.send(1, { tip: 1_000_000_000n })
    await before.track({ hash: first.hash, chain: '0x7a69', raw: first.raw })
    before.stop()
    const faster = await chain.send(1, { nonce: first.nonce, tip: 5_000_000_000n, value: 9n })
    await chain.test.mine({ blocks: 1 })
    const tx = await chain.test.getTransaction({ hash: faster.hash })
    await chain.test.mine({ blocks: 15 }) // further back than the blocks the tracker searches

    // The history service, answering with the node's own data for the wallet's newest transaction.
    const block = await chain.test.getBlock({ blockNumber: tx.blockNumber! })
    const entry = {
      hash: tx.hash, nonce: String(tx.nonce), transaction_index: String(tx.transactionIndex), from_address: tx.from.toLowerCase(),
      to_address: tx.to!.toLowerCase(), value: tx.value.toString(), gas: tx.gas.toString(), input: tx.input, receipt_status: '1',
      block_timestamp: new Date(Number(block.timestamp) * 1000).toISOString(), block_number: String(tx.blockNumber), block_hash: tx.blockHash,
      logs: [], internal_transactions: [], nft_transfers: [], erc20_transfer: [], native_transfers: [],
    }
    const asked: string[] = []
    const server = createServer((req, res) => {
      asked.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ page: '0', page_size: '25', cursor: null, result: [entry] }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    try {
      const client = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, rpc: { url: chain.anvil.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'], retry: false })
      const after = createTransactionTracker({ client, storage, pollingIntervalMs: 30, confirmations: 2 })
      trackers.push(after)
      await wait(() => expect(after.get(first.hash)).toMatchObject({ status: 'replaced', replacedBy: faster.hash, final: true }))
      expect(asked.some((u) => u.includes(accounts[1]!.address.toLowerCase()) || u.includes(accounts[1]!.address))).toBe(true)
    } finally {
      server.close()
    }
  })

  it('a reorg that takes the transaction out of its block: at the target the receipt is read again, and the record is not left final in a block it is not in', async () => {
    const { tracker } = newTracker({ confirmations: 3 })
    const snapshot = await chain.test.snapshot()
    const sent = await chain.send(0)
    await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'confirmed', confirmations: 1 }))

    // The chain goes back before the transaction's block and grows past it on another branch.
    await chain.test.revert({ id: snapshot })
    await chain.test.mine({ blocks: 4 })
    // anvil drops a reverted block's transactions: the node no longer has a receipt.
    expect(await chain.test.getTransactionReceipt({ hash: sent.hash }).catch(() => null)).toBeNull()
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'pending', blockNumber: null, confirmations: 0, final: false }))

    // Sent again, it is followed to its new block.
    await chain.test.sendRawTransaction({ serializedTransaction: sent.raw })
    await chain.test.mine({ blocks: 3 })
    const receipt = await chain.test.getTransactionReceipt({ hash: sent.hash })
    await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'confirmed', blockNumber: Number(receipt.blockNumber), final: true }))
  })
})
