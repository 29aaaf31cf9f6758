// Request counts, measured at the servers: concurrent RPC reads through TanStack Query (what
// the hooks run on) against a real anvil, and a 10,000-transaction wallet paged to the end.
import { createServer } from 'node:http'
import { QueryClient, InfiniteQueryObserver } from '@tanstack/query-core'
import { createClient, rpcQueryOptions, walletHistoryInfiniteQueryOptions } from '../../dist/exports/index.js'
import { launchAnvil } from '../../dist/devnet/anvil.js'
import { makeHistoryPage, makeWallet } from './history-fixture.mjs'

function countingFetch() {
  const f = async (input, init) => {
    f.calls++
    return fetch(input, init)
  }
  f.calls = 0
  return f
}

const address = (i) => `0x${(i + 1).toString(16).padStart(40, '0')}`

async function rpcReads(rpcUrl, { batchSize, distinct, count }) {
  const fetchFn = countingFetch()
  const client = createClient({ baseUrl: 'http://127.0.0.1', rpc: { url: rpcUrl }, fetch: fetchFn, batch: { size: batchSize } })
  const queries = new QueryClient()
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      queries.fetchQuery(rpcQueryOptions(client, { method: 'eth_getBalance', params: [address(distinct ? i : 0), 'latest'] })),
    ),
  )
  return fetchFn.calls
}

/** A 10,000-transaction wallet served 100 at a time; returns requests made and heap per 1,000 entries. */
async function pageToEnd() {
  const total = 10_000
  const limit = 100
  const world = makeWallet(7)
  let served = 0
  const server = createServer((req, res) => {
    served++
    const url = new URL(req.url, 'http://127.0.0.1')
    const offset = Number(url.searchParams.get('cursor') ?? 0)
    // Every page its own transactions (see history-fixture.mjs), one wallet throughout.
    const body = makeHistoryPage(world, { entries: limit, offset, total })
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  const client = createClient({ baseUrl: `http://127.0.0.1:${server.address().port}`, chain: 'eth' })
  const queries = new QueryClient()
  const observer = new InfiniteQueryObserver(queries, walletHistoryInfiniteQueryOptions(client, { address: address(1), limit }))
  const unsubscribe = observer.subscribe(() => {})
  const heap = []
  globalThis.gc?.()
  const start = process.memoryUsage().heapUsed
  let result = await observer.refetch()
  while (result.hasNextPage) {
    result = await observer.fetchNextPage()
    const entries = result.data.pages.length * limit
    if (entries % 1000 === 0) {
      globalThis.gc?.()
      heap.push({ entries, mb: (process.memoryUsage().heapUsed - start) / 2 ** 20 })
    }
  }
  unsubscribe()
  server.close()
  const loaded = result.data.pages.reduce((n, p) => n + p.result.length, 0)
  // Linear growth: each further 1,000 entries cost about what the first 1,000 did.
  const per1000 = heap.map((h, i) => h.mb - (i === 0 ? 0 : heap[i - 1].mb))
  return { requests: served, loaded, heapMbPer1000: heap.at(-1).mb / (loaded / 1000), per1000, gcExposed: typeof globalThis.gc === 'function' }
}

export async function measureRequests() {
  const anvil = await launchAnvil()
  try {
    return {
      distinct50Cap20: await rpcReads(anvil.rpcUrl, { batchSize: 20, distinct: true, count: 50 }),
      distinct50Cap50: await rpcReads(anvil.rpcUrl, { batchSize: 50, distinct: true, count: 50 }),
      identical100: await rpcReads(anvil.rpcUrl, { batchSize: 20, distinct: false, count: 100 }),
      paging: await pageToEnd(),
    }
  } finally {
    await anvil.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureRequests(), null, 2))
