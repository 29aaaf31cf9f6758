// A fake indexer and node over real HTTP (MSW) for the live-feed tests: each chain's entries in the
// service's order, the cursor being the next entry's hash (stable however many arrive on top).
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { ALICE, WALLET } from '../components/fixtures.js'
import { useTrackTransaction } from '../../src/react/useTrackTransaction.js'

export { ALICE, WALLET }
export const PAGE = 10
export const rpc = { urls: { eth: 'https://rpc.test/eth', base: 'https://rpc.test/base' } }
/** A transaction of the wallet the node has mined long ago and the indexer does not return. */
export const MINED = `0x${'d'.repeat(64)}`

export const hashOf = (chain: string, n: number) => `0x${chain === 'base' ? 'b' : 'e'}${n.toString(16).padStart(63, '0')}`

export type Wire = ReturnType<typeof wire>
/** Entry `n` of `chain`, the wallet paying Alice; higher n is newer (one minute and one block apart). */
export function wire(chain: string, n: number, over: Record<string, unknown> = {}) {
  return {
    hash: hashOf(chain, n),
    from_address: WALLET,
    to_address: ALICE,
    value: `${n}000000000000000000`,
    receipt_status: '1',
    block_timestamp: new Date(Date.UTC(2024, 4, 1, 12, 0, 0) + n * 60_000).toISOString(),
    block_number: String(1000 + n),
    ...over,
  }
}
/** Entries `from` down to `to` (newest first). */
export const range = (chain: string, from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => wire(chain, from - i))

interface ChainState {
  entries: Wire[]
  head: number
}

export function fakeService() {
  const chains = new Map<string, ChainState>()
  const requests: { chain: string; cursor: string | null; at: number }[] = []
  const polls: string[] = []
  /** While set, next-page requests (with a cursor) wait for it. */
  let gate: Promise<void> | undefined
  const handlers = [
    http.get('https://api.test/api/v2.2/wallets/:address/history', async ({ request }) => {
      const url = new URL(request.url)
      const chain = url.searchParams.get('chain') ?? 'eth'
      const cursor = url.searchParams.get('cursor')
      const limit = Number(url.searchParams.get('limit') ?? PAGE)
      requests.push({ chain, cursor, at: Date.now() })
      if (cursor !== null && gate) await gate
      const s = chains.get(chain)!
      const list = url.searchParams.get('order')?.toUpperCase() === 'ASC' ? [...s.entries].reverse() : s.entries
      const start = cursor === null ? 0 : list.findIndex((e) => e.hash === cursor)
      const result = list.slice(start, start + limit)
      return HttpResponse.json({ cursor: list[start + limit]?.hash ?? null, page: 0, page_size: limit, result })
    }),
    http.post('https://rpc.test/:chain', async ({ request, params }) => {
      const s = chains.get(String(params.chain))!
      const body = (await request.json()) as { id: number; method: string; params?: unknown[] } | { id: number; method: string; params?: unknown[] }[]
      const calls = Array.isArray(body) ? body : [body]
      if (calls.some((c) => c.method === 'eth_blockNumber')) polls.push(String(params.chain))
      const answer = (c: { id: number; method: string; params?: unknown[] }) => {
        const mined = c.method === 'eth_getTransactionReceipt' && c.params?.[0] === MINED ? minedReceipt(s.head) : null
        const result = c.method === 'eth_blockNumber' ? `0x${s.head.toString(16)}` : c.method === 'eth_getTransactionCount' ? '0x0' : mined
        return { jsonrpc: '2.0', id: c.id, result }
      }
      return HttpResponse.json(Array.isArray(body) ? calls.map(answer) : answer(calls[0]!))
    }),
  ]
  return {
    handlers,
    chains,
    requests,
    polls,
    reset() {
      chains.clear()
      chains.set('eth', { entries: range('eth', 30, 1), head: 100 })
      chains.set('base', { entries: range('base', 20, 1), head: 500 })
      requests.splice(0)
      polls.splice(0)
      gate = undefined
    },
    /** The indexer has these entries now (the service's order) and the chain moves on a block. */
    index(chain: string, entries: Wire[]) {
      const s = chains.get(chain)!
      s.entries = entries
      s.head += 1
    },
    /** New entries on top, and a new block. */
    arrive(chain: string, ...fresh: Wire[]) {
      const s = chains.get(chain)!
      s.entries = [...fresh, ...s.entries]
      s.head += 1
    },
    /** Holds next pages until the returned release is called. */
    holdNextPages() {
      let release!: () => void
      gate = new Promise<void>((r) => (release = r))
      return () => {
        gate = undefined
        release()
      }
    },
    firstPageReads: (chain = 'eth') => requests.filter((r) => r.chain === chain && r.cursor === null).length,
    /** Waits until the feed follows `chain`'s head (a poll answered), so its next block is an arrival. */
    async following(chain = 'eth') {
      const n = polls.filter((c) => c === chain).length
      await waitFor(() => expect(polls.filter((c) => c === chain).length).toBeGreaterThan(n + 1))
    },
  }
}

function minedReceipt(head: number) {
  return {
    transactionHash: MINED, blockHash: `0x${'1'.repeat(64)}`, blockNumber: `0x${(head - 50).toString(16)}`, transactionIndex: '0x0',
    from: WALLET, to: ALICE, status: '0x1', logs: [], gasUsed: '0x5208', cumulativeGasUsed: '0x5208', effectiveGasPrice: '0x1',
    contractAddress: null, logsBloom: `0x${'0'.repeat(512)}`, type: '0x2',
  }
}

/** The rows rendered, top to bottom, by their key (the hash, or chain:hash in a merged feed). */
export const rowKeys = () => screen.queryAllByRole('article').map((a) => a.closest('[data-key]')!.getAttribute('data-key')!)
/** The key of the row holding keyboard focus (null: focus is elsewhere, e.g. on the page). */
export const focusedRowKey = () => document.activeElement?.closest('[data-key]')?.getAttribute('data-key') ?? null

/** A component that hands the test the app's `track` (useTrackTransaction): render `<Tracker />`, call `probe.track!(…)`. */
export function trackerProbe() {
  const probe: { track?: ReturnType<typeof useTrackTransaction> } = {}
  function Tracker() {
    probe.track = useTrackTransaction()
    return null
  }
  return { probe, Tracker }
}

/**
 * The fake service served through MSW for the whole test file, reset before each test; tracked
 * records are cleared from the browser's storage after each, so a test starts without the last one's.
 */
export function fakeServiceForFile() {
  const service = fakeService()
  const server = setupServer(...service.handlers)
  beforeAll(async () => {
    // The feed loads the arrivals engine as a chunk after its first screen. Loaded here first, it
    // follows the chain from the feed's start, not from whenever a loaded run gets to it: a block
    // that came before it starts is its starting point, and that block's entries wait for the next one.
    await import('../../src/core/arrivals/firstPageRefresh.js')
    server.listen({ onUnhandledRequest: 'error' })
  })
  beforeEach(() => service.reset())
  afterEach(() => localStorage.clear())
  afterAll(() => server.close())
  return service
}
