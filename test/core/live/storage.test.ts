import { keccak256 } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { InvalidParameterError } from '../../../src/core/errors.js'
import type { TrackedTransaction } from '../../../src/core/live/record.js'
import { localStorageAdapter, memoryStorage } from '../../../src/core/live/storage.js'
import { createTransactionTracker, type TransactionTracker } from '../../../src/core/live/tracker.js'

const KEY = 'blockfeed:tracked-transactions:v1'
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const day = 24 * 3600_000
const trackers: TransactionTracker[] = []
afterEach(() => {
  for (const t of trackers.splice(0)) t.stop()
  delete (globalThis as { localStorage?: unknown }).localStorage
})

/** A client whose every request fails: these tests must not need the network. */
const offlineClient = () =>
  createClient({
    baseUrl: 'http://127.0.0.1:1',
    rpc: { url: 'http://127.0.0.1:1' },
    chain: 'eth',
    retry: false,
    fetch: async () => {
      throw new TypeError('offline in this test')
    },
  })

// One clock reading for every record: record i is i ms older, whatever time the machine takes between two of them.
const now = Date.now()
function record(i: number, over: Partial<TrackedTransaction> = {}): TrackedTransaction {
  return {
    hash: `0x${i.toString(16).padStart(64, '0')}`, chain: 'eth', from: alice, nonce: i, to: bob, value: '1', tokenTransfer: null,
    status: 'confirmed', blockNumber: 100 + i, confirmations: 12, confirmationsTarget: 12, final: true,
    replacedBy: null, error: null, raw: null, trackedAt: now - i, updatedAt: now - i, ...over,
  }
}

function tracker(storage = memoryStorage()) {
  const t = createTransactionTracker({ client: offlineClient(), storage })
  trackers.push(t)
  return t
}

function seeded(records: unknown[] | string) {
  const storage = memoryStorage()
  storage.setItem(KEY, typeof records === 'string' ? records : JSON.stringify({ version: 1, records }))
  return storage
}

describe('tracker storage', () => {
  it('records of another chain or wallet never mix in a list', () => {
    const t = tracker(seeded([record(1), record(2, { from: bob }), record(3, { chain: 'polygon' }), record(4, { chain: '0x1' })]))
    // '0x1' is eth by its hex id: the same chain.
    expect(t.list({ address: alice, chain: 'eth' }).map((r) => r.nonce)).toEqual([1, 4])
    expect(t.list({ address: bob.toLowerCase(), chain: 'eth' }).map((r) => r.nonce)).toEqual([2])
    expect(t.list({ address: alice, chain: 'polygon' }).map((r) => r.nonce)).toEqual([3])
    expect(t.list({ address: alice }).map((r) => r.nonce)).toEqual([1, 3, 4])
    // Records are read-only snapshots: a UI cannot change the tracker's state by mutating one.
    expect(() => Object.assign(t.list({ address: alice })[0]!, { status: 'dropped' })).toThrow(TypeError)
    expect(t.list({ address: alice })[0]!.status).toBe('confirmed')
    // The same hash on two chains is two records.
    const t2 = tracker(seeded([record(5), record(5, { chain: 'polygon' })]))
    expect(t2.list()).toHaveLength(2)
    expect(t2.get(record(5).hash, 'polygon')?.chain).toBe('polygon')
  })

  it('prunes final records older than 7 days and keeps the newest 50 final ones per wallet and chain', () => {
    const old = record(1, { updatedAt: Date.now() - 8 * day })
    const pendingOld = record(2, { status: 'pending', final: false, confirmations: 0, blockNumber: null, updatedAt: Date.now() - 30 * day })
    const many = Array.from({ length: 60 }, (_, i) => record(10 + i))
    const storage = seeded([old, pendingOld, ...many, record(99, { from: bob })])
    const t = tracker(storage)
    expect(t.get(old.hash)).toBeUndefined()
    expect(t.get(pendingOld.hash)?.status).toBe('pending') // unfinished ones are never pruned
    expect(t.list({ address: alice }).filter((r) => r.final)).toHaveLength(50)
    expect(t.get(record(10).hash)).toBeDefined() // the newest kept…
    expect(t.get(record(69).hash)).toBeUndefined() // …the oldest of the 60 pruned
    expect(t.get(record(99).hash)).toBeDefined() // another wallet has its own 50
    t.remove(pendingOld.hash)
    // What is written back is the pruned set.
    const written = JSON.parse(storage.getItem(KEY)!) as { records: TrackedTransaction[] }
    expect(written.records).toHaveLength(51)
  })

  it('unreadable storage (not JSON, wrong version, malformed records) is skipped, never thrown', () => {
    expect(tracker(seeded('{not json')).list()).toEqual([])
    expect(tracker(seeded(JSON.stringify({ version: 9, records: [record(1)] }))).list()).toEqual([])
    // A stored "__proto__" key (JSON.parse makes it an own property) must not reach any prototype.
    const text = JSON.stringify({ version: 1, records: [record(1), { hash: 'nope' }, null, 'x', record(2, { status: 'weird' as never }), { polluted: 1, ...record(3) }] })
    const t = tracker(seeded(text.replace('"polluted":1', '"__proto__":{"polluted":true}')))
    expect(t.list().map((r) => r.nonce)).toEqual([1, 3])
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    expect((t.get(record(3).hash) as { polluted?: unknown }).polluted).toBeUndefined()
    // A store that throws on read and write does not stop the tracker.
    const broken = { getItem: () => { throw new Error('denied') }, setItem: () => { throw new Error('quota') } }
    const tb = tracker(broken)
    tb.remove('0x00')
    expect(tb.list()).toEqual([])
  })

  it('records stored before receipt lines were kept still load (no lines); stored lines are validated', () => {
    const line = { kind: 'erc20', token: bob, from: alice, to: bob, amount: '5', tokenId: null, logIndex: 3 }
    const older = record(1)
    delete (older as { receiptTransfers?: unknown }).receiptTransfers
    const withLines = record(2, { receiptTransfers: { lines: [line as never], total: 1 } })
    const badLine = record(3, { receiptTransfers: { lines: [{ ...line, amount: '-5' } as never], total: 1 } })
    // More lines than a record keeps (20), a fractional total, a hash that is not 32 bytes: skipped too.
    const tooMany = record(4, { receiptTransfers: { lines: Array(21).fill(line) as never, total: 21 } })
    const fractional = record(5, { receiptTransfers: { lines: [line as never], total: 1.5 } })
    const shortHash = { ...record(6), hash: '0x1234' }
    const t = tracker(seeded([older, withLines, badLine, tooMany, fractional, shortHash]))
    expect(t.list().map((r) => r.hash).sort()).toEqual([older.hash, withLines.hash].sort())
    expect(t.get(older.hash)).toMatchObject({ hash: older.hash, status: 'confirmed', receiptTransfers: null })
    expect(t.get(withLines.hash)!.receiptTransfers).toEqual({ lines: [line], total: 1 })
    expect(t.get(badLine.hash)).toBeUndefined()
  })

  it('localStorageAdapter: nothing read at import (SSR), records survive a reload through window.localStorage', async () => {
    const adapter = localStorageAdapter() // no localStorage here (Node): memory, no throw
    adapter.setItem('k', 'v')
    expect(adapter.getItem('k')).toBe('v')

    const items = new Map<string, string>()
    ;(globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    }
    const before = tracker(localStorageAdapter())
    const hash = record(7).hash
    await before.track({ hash, chain: 'eth', from: alice })
    before.stop()
    expect(items.get(KEY)).toContain(hash)
    const after = tracker(localStorageAdapter())
    expect(after.get(hash)).toMatchObject({ status: 'pending', from: alice, chain: 'eth' })
  })

  it('bad input is a typed error naming the parameter; lookups use own keys only', async () => {
    const t = tracker()
    const refused = async (p: unknown) => t.track(p as never).then(() => undefined, (e: unknown) => e)
    const e1 = await refused({ hash: '0x12', chain: 'eth' })
    expect(e1).toBeInstanceOf(InvalidParameterError)
    expect((e1 as InvalidParameterError).parameter).toBe('hash')
    expect(((await refused({ hash: record(1).hash, chain: 'toString' })) as InvalidParameterError).parameter).toBe('chain')
    expect(((await refused({ hash: record(1).hash, chain: 'eth', raw: '0xzz' })) as InvalidParameterError).parameter).toBe('raw')
    expect(((await refused({ hash: record(1).hash, chain: 'eth', raw: '0x02f8' })) as InvalidParameterError).message).toMatch(/is not the signed transaction/)
    expect(((await refused({ hash: record(1).hash, chain: 'eth', from: 'alice' })) as InvalidParameterError).parameter).toBe('from')
    // Signed for anvil's chain 31337, tracked as eth: refused, it would show in another chain's feed.
    const raw = await privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80').signTransaction({
      chainId: 31337, type: 'eip1559', nonce: 0, to: bob, value: 1n, gas: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n,
    })
    const wrongChain = (await refused({ hash: keccak256(raw), chain: 'eth', raw })) as InvalidParameterError
    expect(wrongChain.parameter).toBe('raw')
    expect(wrongChain.message).toMatch(/chain id 31337, not eth \(chain id 1\)/)
    expect(t.list()).toHaveLength(0)
    expect(((await refused(null)) as InvalidParameterError).name).toBe('InvalidParameterError')
    expect(() => createTransactionTracker({ client: offlineClient(), confirmations: -1 })).toThrow(InvalidParameterError)
    expect(() => createTransactionTracker({ client: {} as never })).toThrow(/client/)

    // Per-chain confirmations are read by own key: a chain named like an Object.prototype member gets no inherited value.
    const c = createTransactionTracker({ client: createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: 'http://127.0.0.1:1' }, extraChains: ['constructor'], retry: false, fetch: async () => { throw new TypeError('offline') } }), storage: memoryStorage(), confirmations: { eth: 3 } })
    trackers.push(c)
    expect((await c.track({ hash: record(1).hash, chain: 'eth' })).confirmationsTarget).toBe(3)
    expect((await c.track({ hash: record(2).hash, chain: 'constructor' })).confirmationsTarget).toBe(1)
    expect((await c.track({ hash: record(3).hash, chain: 'polygon' })).confirmationsTarget).toBe(32)
  })
  it('two trackers over one storage (two tabs) keep each other\'s records instead of overwriting them', async () => {
    const storage = memoryStorage()
    const tabA = tracker(storage)
    const tabB = tracker(storage)
    const seen: string[] = []
    tabB.subscribe((changed) => seen.push(...changed.map((r) => r.hash)))
    await tabA.track({ hash: record(1).hash, chain: 'eth', from: alice })
    await tabB.track({ hash: record(2).hash, chain: 'eth', from: alice })
    expect(tabB.list({ address: alice }).map((r) => r.hash).sort()).toEqual([record(1).hash, record(2).hash])
    expect(seen).toContain(record(1).hash) // B announced the record it took from A
    const reloaded = tracker(storage)
    expect(reloaded.list({ address: alice })).toHaveLength(2)
    // A record one tab removed is not brought back by that tab's next save.
    tabB.remove(record(1).hash)
    await tabB.track({ hash: record(3).hash, chain: 'eth', from: alice })
    expect(tabB.get(record(1).hash)).toBeUndefined()
  })
})
