// Issue 12's two reader figures, end to end through the client (build first: `npm run build`).
// (a) getWalletHistory on a 100-entry page served by a local fetch, against Response.text() +
//     JSON.parse of the same body: median of per-pair ratios of CPU time over interleaved runs.
// (b) heap per 1,000 loaded entries: 10,000 entries paged through TanStack Query's infinite
//     observer (what useWalletHistory keeps), measured after GC. Run with --expose-gc.
import { InfiniteQueryObserver, QueryClient } from '@tanstack/query-core'
import { makeHistoryPage, makeWallet } from './history-fixture.mjs'
import { interleavedCpuRatio } from './interleaved.mjs'

// BLOCKFEED_DIST=<a build's dist folder> measures another build (e.g. the code before a change).
const dist = process.env.BLOCKFEED_DIST ? new URL(`file://${process.env.BLOCKFEED_DIST}/exports/index.js`) : new URL('../../dist/exports/index.js', import.meta.url)
const { createClient, walletHistoryInfiniteQueryOptions } = await import(dist.href)
const ADDRESS = '0x00000000000000000000000000000000000000a1'

export async function measurePageParse({ runs = 200, batch = 5, warmup = 100 } = {}) {
  const text = JSON.stringify(makeHistoryPage(makeWallet(1), { entries: 100 }))
  const headers = { 'content-type': 'application/json' }
  const client = createClient({ baseUrl: 'http://127.0.0.1', chain: 'eth', fetch: async () => new Response(text, { headers }) })
  const plainOnce = async () => JSON.parse(await new Response(text, { headers }).text())
  const fullOnce = () => client.getWalletHistory({ address: ADDRESS, limit: 100 })
  // A few calls per sample, so one garbage collection does not decide a pair.
  const plain = async () => {
    for (let i = 0; i < batch; i++) await plainOnce()
  }
  const full = async () => {
    for (let i = 0; i < batch; i++) await fullOnce()
  }
  for (let i = 0; i < warmup; i++) {
    await plain()
    await full()
  }
  const { medianRatio, plainMs, fullMs } = await interleavedCpuRatio(plain, full, runs)
  return { bytes: text.length, entries: 100, medianRatio, plainMs: plainMs / runs / batch, fullMs: fullMs / runs / batch }
}

export async function measureHeapPer1000({ total = 10_000, limit = 100 } = {}) {
  const world = makeWallet(7)
  let jsonBytes = 0
  const fetch = async (url) => {
    const offset = Number(new URL(url).searchParams.get('cursor') ?? 0)
    // Every page its own transactions (see history-fixture.mjs), one wallet throughout.
    const text = JSON.stringify(makeHistoryPage(world, { entries: limit, offset, total }))
    jsonBytes += text.length
    return new Response(text, { headers: { 'content-type': 'application/json' } })
  }
  const client = createClient({ baseUrl: 'http://127.0.0.1', chain: 'eth', fetch })
  const queries = new QueryClient()
  const observer = new InfiniteQueryObserver(queries, walletHistoryInfiniteQueryOptions(client, { address: ADDRESS, limit }))
  const unsubscribe = observer.subscribe(() => {})
  globalThis.gc?.()
  const start = process.memoryUsage().heapUsed
  let result = await observer.refetch()
  while (result.hasNextPage) result = await observer.fetchNextPage()
  globalThis.gc?.()
  const used = process.memoryUsage().heapUsed - start
  const loaded = result.data.pages.reduce((n, p) => n + p.result.length, 0)
  unsubscribe()
  return { loaded, mbPer1000: used / 2 ** 20 / (loaded / 1000), jsonMbPer1000: jsonBytes / 2 ** 20 / (loaded / 1000), gcExposed: typeof globalThis.gc === 'function' }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const p = await measurePageParse()
  console.log(`getWalletHistory / (Response.text() + JSON.parse), ${p.entries} entries, ${(p.bytes / 1000).toFixed(1)} kB: median ${p.medianRatio.toFixed(2)}× (${p.fullMs.toFixed(2)} / ${p.plainMs.toFixed(2)} ms)`)
  const h = await measureHeapPer1000()
  console.log(`heap per 1,000 loaded entries: ${h.mbPer1000.toFixed(2)} MB (JSON text ${h.jsonMbPer1000.toFixed(2)} MB; ${h.loaded} entries${h.gcExposed ? '' : ', run with --expose-gc'})`)
}
