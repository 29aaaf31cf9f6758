import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { memoryStorage } from '../../../src/core/live/storage.js'
import { createTransactionTracker, type TransactionTracker } from '../../../src/core/live/tracker.js'

const hash = `0x${'ab'.repeat(32)}`
const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const trackers: TransactionTracker[] = []
afterEach(() => {
  for (const t of trackers.splice(0)) t.stop()
})

/** A node that answers JSON-RPC with `answer(method)`, counting the receipt reads. */
function fakeNode(answer: (method: string) => unknown) {
  const seen: string[] = []
  const fetchFn: typeof fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
    const calls = Array.isArray(body) ? body : [body]
    const replies = calls.map((c) => (seen.push(c.method), { jsonrpc: '2.0', id: c.id, result: answer(c.method) }))
    return new Response(JSON.stringify(Array.isArray(body) ? replies : replies[0]), { headers: { 'content-type': 'application/json' } })
  }
  return { fetchFn, seen }
}

describe('tracker: a node that answers nonsense', () => {
  it('a malformed receipt neither crashes nor changes the record; the next block asks again', async () => {
    let block = 16
    const node = fakeNode((method) => {
      if (method === 'eth_blockNumber') return `0x${(block++).toString(16)}`
      if (method === 'eth_getTransactionCount') return '0x0'
      if (method === 'eth_getTransactionReceipt') return { blockNumber: 'not a number', status: '0x1', from: 'nobody', to: null }
      return null
    })
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: 'http://node.test' }, chain: 'eth', retry: false, fetch: node.fetchFn })
    const tracker = createTransactionTracker({ client, storage: memoryStorage(), pollingIntervalMs: 10 })
    trackers.push(tracker)
    await tracker.track({ hash, chain: 'eth', from })
    await vi.waitFor(() => expect(node.seen.filter((m) => m === 'eth_getTransactionReceipt').length).toBeGreaterThanOrEqual(3), { timeout: 10_000 })
    expect(tracker.get(hash)).toMatchObject({ status: 'pending', blockNumber: null, error: null })
  })
})
