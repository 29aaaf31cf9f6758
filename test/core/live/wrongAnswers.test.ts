import { numberToHex, type Address, type Hex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { memoryStorage } from '../../../src/core/live/storage.js'
import { createTransactionTracker, type TransactionTracker } from '../../../src/core/live/tracker.js'
import { accounts, answeringNode } from './support.js'

// A node that answers wrongly (a buggy provider, a cache that mixes answers up) for one tracked
// transaction, A, while answering rightly for another, B. A must not move on what it is told, B
// must be followed meanwhile, and once the node answers rightly A must be followed to its block.

const MINED = 1_000
const me = accounts[0]!.address
const you = accounts[1]!.address
const A = `0x${'a1'.repeat(32)}` as Hex
const B = `0x${'b2'.repeat(32)}` as Hex
const other = `0x${'cd'.repeat(32)}` as Hex
const wait = (assertion: () => void) => vi.waitFor(assertion, { timeout: 10_000, interval: 10 })

interface Sent {
  hash: Hex
  from: Address
  nonce: number
  mined: boolean
}

const rpcTx = (t: Sent) => ({
  hash: t.hash, from: t.from.toLowerCase(), nonce: numberToHex(t.nonce), to: '0x00000000000000000000000000000000000b10c4', value: '0x1', input: '0x',
  gas: '0x5208', gasPrice: '0x3b9aca00', type: '0x0', chainId: '0x1', v: '0x25', r: `0x${'1'.repeat(64)}`, s: `0x${'2'.repeat(64)}`,
  blockHash: t.mined ? `0x${'e'.repeat(64)}` : null, blockNumber: t.mined ? numberToHex(MINED) : null, transactionIndex: t.mined ? '0x0' : null,
})
const rpcReceipt = (t: Sent) => ({
  transactionHash: t.hash, transactionIndex: '0x0', blockHash: `0x${'e'.repeat(64)}`, blockNumber: numberToHex(MINED),
  from: t.from.toLowerCase(), to: '0x00000000000000000000000000000000000b10c4', status: '0x1', logs: [], logsBloom: `0x${'0'.repeat(512)}`,
  gasUsed: '0x5208', cumulativeGasUsed: '0x5208', effectiveGasPrice: '0x3b9aca00', contractAddress: null, type: '0x0',
})

type Lie = (method: string, params: unknown[], honest: unknown, head: number) => unknown
/** Lies only about A: `told` replaces the honest answer to `method` for A (asked by A's hash, or by A's sender for its nonce). */
const about = (method: string, told: (honest: unknown, head: number) => unknown): Lie => (m, params, honest, head) =>
  m === method && honest !== undefined && String(params[0]).toLowerCase() === (m === 'eth_getTransactionCount' ? me.toLowerCase() : A) ? told(honest, head) : honest
const both = (...lies: Lie[]): Lie => (m, params, honest, head) => lies.reduce((answer, lie) => lie(m, params, answer, head), honest)

/** A chain whose head moves a block at every poll, with A (mine, nonce 5) and B (yours, nonce 0, mined) sent. */
function fakeChain(lie: Lie, options: { aMined: boolean }) {
  let head = MINED
  const state = { lying: true, lies: 0 }
  const sent = new Map<string, Sent>([
    [A, { hash: A, from: me, nonce: 5, mined: options.aMined }],
    [B, { hash: B, from: you, nonce: 0, mined: true }],
  ])
  const honestly = (method: string, params: unknown[]): unknown => {
    const t = sent.get(String(params[0]).toLowerCase())
    switch (method) {
      case 'eth_blockNumber':
        return numberToHex(head++)
      case 'eth_getTransactionByHash':
        return t ? rpcTx(t) : null
      case 'eth_getTransactionReceipt':
        return t?.mined ? rpcReceipt(t) : null
      case 'eth_getTransactionCount': {
        const mine = [...sent.values()].filter((s) => s.from.toLowerCase() === String(params[0]).toLowerCase())
        return numberToHex(Math.max(0, ...mine.map((s) => (s.mined ? s.nonce + 1 : s.nonce))))
      }
      case 'eth_getBlockByNumber': {
        const n = Number(BigInt(String(params[0])))
        const txs = [...sent.values()].filter((s) => s.mined && n === MINED).map(rpcTx)
        return { number: numberToHex(n), hash: `0x${n.toString(16).padStart(64, '0')}`, parentHash: `0x${'0'.repeat(64)}`, timestamp: '0x1', transactions: txs }
      }
      default:
        return null
    }
  }
  const node = answeringNode((method, params) => {
    const honest = honestly(method, params)
    if (!state.lying) return honest
    const told = lie(method, params, honest, head)
    if (told !== honest) state.lies++
    return told
  })
  const client = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: 'http://node.test' }, chain: 'eth', retry: false, fetch: node.fetch })
  return {
    client,
    state,
    mine: () => void (sent.get(A)!.mined = true),
  }
}

const trackers: TransactionTracker[] = []
afterEach(() => {
  for (const t of trackers.splice(0)) t.stop()
})

/**
 * Tracks A (by hash and sender, or by hash alone) and B, lets the node tell its lie about A for
 * a few blocks and checks A did not move while B was confirmed; then the node answers rightly
 * and A is followed to its block.
 */
async function ignoredThenFollowed(lie: Lie, { aMined, trackedBy }: { aMined: boolean; trackedBy: 'hash' | 'hash and sender' }) {
  const chain = fakeChain(lie, { aMined })
  const tracker = createTransactionTracker({ client: chain.client, storage: memoryStorage(), pollingIntervalMs: 10, confirmations: 1 })
  trackers.push(tracker)
  const tracked = await tracker.track({ hash: A, chain: 'eth', from: trackedBy === 'hash' ? undefined : me })
  await tracker.track({ hash: B, chain: 'eth', from: you })

  // Told several times, so blocks were checked after the first lie (unless A moved on the lie: checked below).
  const moved = (a = tracker.get(A)!) => a.status !== 'pending' || ![null, 5].includes(a.nonce) || ![null, me].includes(a.from as Address | null)
  await wait(() => expect(chain.state.lies >= 4 || moved()).toBe(true))
  const a = tracker.get(A)!
  expect(a).toMatchObject({ status: 'pending', blockNumber: null, confirmations: 0, final: false, replacedBy: null, error: null })
  // What the lie would have set stays as it was: the sender from the hint (or none), the nonce from a right answer (or none).
  expect(a).toMatchObject({ from: tracked.from, nonce: trackedBy === 'hash' ? null : 5 })
  // The other record is followed meanwhile: a wrong answer about one does not hold up the block's check.
  await wait(() => expect(tracker.get(B)).toMatchObject({ status: 'confirmed', blockNumber: MINED }))

  chain.state.lying = false
  if (!aMined) {
    await wait(() => expect(tracker.get(A)).toMatchObject({ status: 'pending', from: me, nonce: 5 }))
    chain.mine()
  }
  await wait(() => expect(tracker.get(A)).toMatchObject({ status: 'confirmed', blockNumber: MINED, confirmations: 1, final: true, from: me, error: null }))
}

describe('tracker: a node that answers wrongly for one transaction', () => {
  describe('eth_getTransactionReceipt', () => {
    const receipt = (change: (r: Record<string, unknown>, head: number) => Record<string, unknown>) =>
      about('eth_getTransactionReceipt', (honest, head) => (honest === null ? null : change(honest as Record<string, unknown>, head)))

    it('the receipt of another transaction', () => ignoredThenFollowed(receipt((r) => ({ ...r, transactionHash: other })), { aMined: true, trackedBy: 'hash and sender' }))

    it('status 0x2 (neither success nor failure)', () => ignoredThenFollowed(receipt((r) => ({ ...r, status: '0x2' })), { aMined: true, trackedBy: 'hash and sender' }))

    it('no status and no state root', () => ignoredThenFollowed(receipt(({ status: _, ...r }) => r), { aMined: true, trackedBy: 'hash and sender' }))

    it('block number 2^200', () => ignoredThenFollowed(receipt((r) => ({ ...r, blockNumber: numberToHex(2n ** 200n) })), { aMined: true, trackedBy: 'hash and sender' }))

    it('block number far past the head', () =>
      ignoredThenFollowed(receipt((r, head) => ({ ...r, blockNumber: numberToHex(head + 1_000_000) })), { aMined: true, trackedBy: 'hash and sender' }))

    it('from not an address (tracked by hash alone, the node not knowing the transaction yet)', () =>
      ignoredThenFollowed(both(about('eth_getTransactionByHash', () => null), receipt((r) => ({ ...r, from: 'nobody' }))), { aMined: true, trackedBy: 'hash' }))

    it('a block a little past the head the tick runs at (mined between the head read and the receipt read) is taken', async () => {
      // Mined in a block the node's head reached after the tracker read its head: past that head when first answered.
      let minedIn: number | undefined
      const chain = fakeChain(about('eth_getTransactionReceipt', (honest, head) => (honest === null ? null : { ...(honest as object), blockNumber: numberToHex((minedIn ??= head + 2)) })), { aMined: true })
      const tracker = createTransactionTracker({ client: chain.client, storage: memoryStorage(), pollingIntervalMs: 10, confirmations: 1 })
      trackers.push(tracker)
      await tracker.track({ hash: A, chain: 'eth', from: me })
      await wait(() => expect(tracker.get(A)).toMatchObject({ status: 'confirmed', blockNumber: minedIn, confirmations: 1, final: true }))
    })

    it('a pre-Byzantium receipt (a state root, no status) counts as mined: confirmed, not failed', async () => {
      const chain = fakeChain(about('eth_getTransactionReceipt', (honest) => {
        const { status: _, ...r } = honest as Record<string, unknown>
        return { ...r, root: `0x${'7'.repeat(64)}` }
      }), { aMined: true })
      const tracker = createTransactionTracker({ client: chain.client, storage: memoryStorage(), pollingIntervalMs: 10, confirmations: 1 })
      trackers.push(tracker)
      await tracker.track({ hash: A, chain: 'eth', from: me })
      await wait(() => expect(tracker.get(A)).toMatchObject({ status: 'confirmed', blockNumber: MINED, final: true, error: null }))
    })
  })

  describe('eth_getTransactionByHash', () => {
    const tx = (change: (t: Record<string, unknown>) => Record<string, unknown>) =>
      about('eth_getTransactionByHash', (honest) => (honest === null ? null : change(honest as Record<string, unknown>)))

    it('another transaction (another hash, sender and nonce)', () =>
      ignoredThenFollowed(tx((t) => ({ ...t, hash: other, from: you.toLowerCase(), nonce: '0x9' })), { aMined: false, trackedBy: 'hash' }))

    it('nonce 0xfff…f (30 hex digits)', () => ignoredThenFollowed(tx((t) => ({ ...t, nonce: `0x${'f'.repeat(30)}` })), { aMined: false, trackedBy: 'hash' }))

    it.each([['decimal text', '12'], ['a JSON number', 12], ['empty text', ''], ['0x and no digits', '0x'], ['not hex at all', 'twelve']])(
      'nonce not hex: %s',
      (_, nonce) => ignoredThenFollowed(tx((t) => ({ ...t, nonce })), { aMined: false, trackedBy: 'hash' }),
    )

    it('from not an address', () => ignoredThenFollowed(tx((t) => ({ ...t, from: 'nobody' })), { aMined: false, trackedBy: 'hash' }))
  })

  describe('eth_getTransactionCount', () => {
    it('a nonce of 0xfff…f (30 hex digits): not taken as "its nonce was used"', () =>
      ignoredThenFollowed(about('eth_getTransactionCount', () => `0x${'f'.repeat(30)}`), { aMined: false, trackedBy: 'hash and sender' }))
  })

  describe('eth_getBlockByNumber (the search for what took a nonce)', () => {
    it('another block than the one asked for, holding a transaction with the nonce: not taken as the replacement', () =>
      ignoredThenFollowed(
        both(
          // The nonce reads as used while no receipt is there yet: the tracker searches the recent blocks.
          about('eth_getTransactionCount', () => numberToHex(6)),
          (m, params, honest) =>
            m === 'eth_getBlockByNumber'
              ? { ...(honest as object), number: numberToHex(MINED + 77), transactions: [{ ...rpcTx({ hash: other, from: me, nonce: 5, mined: true }) }] }
              : honest,
        ),
        { aMined: false, trackedBy: 'hash and sender' },
      ))
  })
})
