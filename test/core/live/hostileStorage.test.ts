import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { trackedToEntry } from '../../../src/core/live/display.js'
import { memoryStorage } from '../../../src/core/live/storage.js'
import { createTransactionTracker, type TransactionTracker } from '../../../src/core/live/tracker.js'

const KEY = 'blockfeed:tracked-transactions:v1'
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const good = `0x${'11'.repeat(32)}`
const trackers: TransactionTracker[] = []
afterEach(() => {
  for (const t of trackers.splice(0)) t.stop()
})

const stored = (hash: string, over: Record<string, unknown> = {}) => ({
  hash, chain: 'eth', from: alice, nonce: 3, to: alice, value: '1', tokenTransfer: null, receiptTransfers: null,
  status: 'pending', blockNumber: null, confirmations: 0, confirmationsTarget: 1, final: false,
  replacedBy: null, error: null, raw: null, trackedAt: Date.now(), updatedAt: Date.now(), ...over,
})

/** A node on which `good` (alice's nonce 3) is mined at block 0x10. */
function node() {
  let block = 0x10
  const fetchFn: typeof fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[]
    const calls = Array.isArray(body) ? body : [body]
    const answer = (c: { method: string; params: unknown[] }) => {
      if (c.method === 'eth_blockNumber') return `0x${(block++).toString(16)}`
      if (c.method === 'eth_getTransactionCount') return '0x4'
      if (c.method === 'eth_getTransactionReceipt' && c.params[0] === good) return { transactionHash: good, blockNumber: '0x10', status: '0x1', from: alice, to: alice, logs: [] }
      return null
    }
    const replies = calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: answer(c) }))
    return new Response(JSON.stringify(Array.isArray(body) ? replies : replies[0]), { headers: { 'content-type': 'application/json' } })
  }
  return createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: 'http://node.test' }, chain: 'eth', retry: false, fetch: fetchFn })
}

describe('tracker: hostile numbers in storage', () => {
  it('a stored record with a fractional nonce or block, or a date out of range, is skipped: the others are still followed and every listed record can be drawn', async () => {
    const storage = memoryStorage()
    const line = { kind: 'erc20', token: alice, from: alice, to: alice, amount: '5', tokenId: null, logIndex: 0 }
    storage.setItem(KEY, JSON.stringify({
      version: 1,
      records: [
        stored(good),
        stored(`0x${'22'.repeat(32)}`, { nonce: 1.5 }),
        stored(`0x${'33'.repeat(32)}`, { status: 'confirmed', blockNumber: 0.5, confirmations: 1, confirmationsTarget: 2 }),
        stored(`0x${'44'.repeat(32)}`, { status: 'confirmed', final: true, blockNumber: 9, confirmations: 1, trackedAt: 9e15, receiptTransfers: { lines: [line], total: 1 } }),
        stored(`0x${'55'.repeat(32)}`, { status: 'confirmed', final: true, blockNumber: 9, confirmations: 1, receiptTransfers: { lines: [line], total: -0.5 } }),
      ],
    }))
    const t = createTransactionTracker({ client: node(), storage, pollingIntervalMs: 10 })
    trackers.push(t)
    // Drawing a listed record (as the Pending group does) never throws.
    for (const r of t.list()) expect(() => trackedToEntry(r)).not.toThrow()
    expect(t.list().map((r) => r.hash)).toEqual([good])
    // The well-formed one reaches its receipt: a bad neighbour does not stall the chain's tracking.
    await vi.waitFor(() => expect(t.get(good)).toMatchObject({ status: 'confirmed', final: true }), { timeout: 15_000, interval: 10 })
  })
})

describe('localStorage full (quota exceeded)', () => {
  it('a record tracked while writes fail is still there for the next tracker of the page (a route change remounts it), not the stale stored list', async () => {
    const { localStorageAdapter } = await import('../../../src/core/live/storage.js')
    const items = new Map<string, string>()
    // An older list is stored; the store is full now: every write throws.
    items.set(KEY, JSON.stringify({ version: 1, records: [] }))
    ;(globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      },
    }
    try {
      const offline = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: 'http://127.0.0.1:1' }, chain: 'eth', retry: false, fetch: async () => { throw new TypeError('offline') } })
      const first = createTransactionTracker({ client: offline, storage: localStorageAdapter() })
      trackers.push(first)
      await first.track({ hash: good, chain: 'eth', from: alice })
      first.stop()
      const next = createTransactionTracker({ client: offline, storage: localStorageAdapter() })
      trackers.push(next)
      expect(next.get(good)).toMatchObject({ status: 'pending', from: alice })
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage
    }
  })
})
