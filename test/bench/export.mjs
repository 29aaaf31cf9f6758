// Export of a 10,000-transaction wallet (issue 16): requests (= the history's page count), heap
// growth from start to end, and CSV rows per second with the network taken out (bodies served
// from memory by the client's `fetch`, so the time is reading, normalizing and writing CSV).
import { createClient, exportWalletHistoryCsv } from '../../dist/exports/index.js'
import { makePage } from './page-fixture.mjs'

export async function measureExport({ total = 10_000, limit = 100, sampleHeap = true } = {}) {
  const template = makePage(limit, 11)
  const wallet = template.result[0].from_address
  const pages = total / limit
  // Pre-serialized bodies, distinct hashes per page: the server's work is not measured.
  const bodies = Array.from({ length: pages }, (_, p) =>
    JSON.stringify({
      ...template,
      result: template.result.map((e, i) => ({ ...e, hash: `0x${(p * limit + i).toString(16).padStart(64, '0')}` })),
      cursor: p + 1 < pages ? String(p + 1) : '',
    }),
  )
  let requests = 0
  const fetch = async (url) => {
    requests++
    const cursor = new URL(url).searchParams.get('cursor')
    return new Response(bodies[cursor ? Number(cursor) : 0], { headers: { 'content-type': 'application/json' } })
  }
  const client = createClient({ baseUrl: 'http://history.invalid', chain: 'eth', fetch })
  globalThis.gc?.()
  const heapStart = process.memoryUsage().heapUsed
  let heapPeak = 0
  let bytes = 0
  const t0 = performance.now()
  const exporter = exportWalletHistoryCsv(client, { address: wallet, limit })
  let chunks = 0
  for await (const chunk of exporter) {
    bytes += chunk.length
    // Sample the heap as the export goes (a collection first, so only live memory counts).
    if (sampleHeap && ++chunks % 10 === 0) {
      globalThis.gc?.()
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed - heapStart)
    }
  }
  const ms = performance.now() - t0
  globalThis.gc?.()
  const heapEnd = process.memoryUsage().heapUsed - heapStart
  const rows = exporter.progress.rows
  return { requests, pages, entries: exporter.progress.entries, rows, bytes, ms, rowsPerSecond: rows / (ms / 1000), heapGrowthMb: Math.max(heapPeak, heapEnd) / 2 ** 20, gcExposed: typeof globalThis.gc === 'function' }
}

/**
 * CSV generation alone: the exporter over pages already read (a client whose getWalletHistory
 * answers from memory), so neither the network nor JSON parsing is in the time.
 */
export async function measureGeneration({ total = 10_000, limit = 100 } = {}) {
  const template = makePage(limit, 11)
  const wallet = template.result[0].from_address
  const reader = createClient({ baseUrl: 'http://history.invalid', chain: 'eth', fetch: async () => new Response(JSON.stringify({ ...template, cursor: '' })) })
  const page = await reader.getWalletHistory({ address: wallet })
  const pages = total / limit
  // Each page its own transactions (distinct hashes): the export writes a hash it has just written once,
  // so the same page served again would be skipped, not written.
  const read = Array.from({ length: pages }, (_, p) => ({ ...page, result: page.result.map((e, i) => ({ ...e, hash: `0x${(p * limit + i).toString(16).padStart(64, '0')}` })) }))
  const memoryClient = {
    chain: 'eth',
    extraChains: [],
    getWalletHistory: async ({ cursor }) => {
      const p = Number(cursor ?? 0)
      return { ...read[p], cursor: p + 1 < pages ? String(p + 1) : null }
    },
  }
  let best = Infinity
  let rows = 0
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now()
    const exporter = exportWalletHistoryCsv(memoryClient, { address: wallet, limit })
    for await (const _chunk of exporter);
    best = Math.min(best, performance.now() - t0)
    rows = exporter.progress.rows
  }
  return { rows, ms: best, rowsPerSecond: rows / (best / 1000) }
}

/** Heap from one run that samples it; speed from the best of three runs that do not (a collection costs time). */
export async function measureExportAll() {
  const heap = await measureExport()
  const timed = []
  for (let i = 0; i < 3; i++) timed.push(await measureExport({ sampleHeap: false }))
  const best = timed.reduce((a, b) => (b.rowsPerSecond > a.rowsPerSecond ? b : a))
  return { ...heap, ms: best.ms, rowsPerSecond: best.rowsPerSecond, generation: await measureGeneration() }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureExportAll(), null, 2))
