#!/usr/bin/env node
// `npm run bench`: every figure of issue 8 measured in one run, printed as one table with its
// target and pass/fail, and written to test/bench/RESULTS.md. Ratios, because machines are noisy.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { budgets, bundlerNames, issueRows, measureCatalogues, measureSizes } from './size.mjs'

const root = resolve(import.meta.dirname, '../..')
process.chdir(root)
execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })
mkdirSync('test-results/bench', { recursive: true })

const rows = []
const kB = (b) => `${(b / 1000).toFixed(1)} kB`
const row = (figure, value, target, pass) => rows.push({ figure, value, target, pass })

// 1. Bundle size (issue 35): the package's entries built by esbuild, rolldown (Vite 8) and webpack 5
// (Next.js), the same rows and budgets as test/ship/size.test.ts.
const s = await measureSizes()
for (const b of bundlerNames) {
  row(`${b}: wagmi WagmiProvider + createConfig + useBalance + useBlockNumber (reference)`, kB(s[b].wagmi.gzipBytes), 'reference', null)
  for (const r of issueRows(s[b])) row(`${b}: ${r.figure}`, r.value, r.target, r.pass)
  if (s[b].wagmiApp) row(`${b}: blockfeed/wagmi added to the feed app, with the page`, kB(s[b].wagmiApp.gzipBytes - s[b].app.gzipBytes), `≤ ${kB(budgets.wagmiBridgeGzipBytes)}`, s[b].wagmiApp.gzipBytes - s[b].app.gzipBytes <= budgets.wagmiBridgeGzipBytes)
}
row('core entry (`blockfeed`, everything it exports), esbuild, min+gzip', kB(s.esbuild.core.gzipBytes), 'report', null)
row('styles.css, min+gzip', kB(s.styles.gzipBytes), `≤ ${kB(budgets.cssGzipBytes)}`, s.styles.gzipBytes <= budgets.cssGzipBytes)
const cat = await measureCatalogues()
row('English catalogue loaded with the page (its first-screen part), min+gzip', kB(cat.en.main), `≤ ${kB(budgets.englishFirstLoadGzipBytes)}`, cat.en.main <= budgets.englishFirstLoadGzipBytes)
const parts = Object.entries(cat).filter(([t]) => t !== 'en').flatMap(([t, p]) => Object.entries(p).map(([part, b]) => [`${t}/${part}`, b]))
const largest = parts.reduce((a, b) => (b[1] > a[1] ? b : a))
row(`each other language's chunks (${Object.keys(cat).length - 1} languages × ${Object.keys(cat.en).length} parts), largest`, `${kB(largest[1])} (${largest[0]})`, `≤ ${kB(budgets.localeChunkGzipBytes)}`, largest[1] <= budgets.localeChunkGzipBytes)

// 2. Parse cost and memory of the history reader (issue 12): end to end through getWalletHistory,
// against Response.text() + JSON.parse of the same body, and the heap a loaded history keeps.
const { measureParse } = await import('./parse.mjs')
const p = await measureParse()
row('normalization cost per entry (reader alone)', `${p.perEntryUs.toFixed(1)} µs`, 'report', null)
const h = spawnSync(process.execPath, ['--expose-gc', 'test/bench/history-page.mjs'], { encoding: 'utf8' })
const pageRatio = /median ([\d.]+)×/.exec(h.stdout ?? '')
const heapMb = /heap per 1,000 loaded entries: ([\d.]+) MB/.exec(h.stdout ?? '')
row(`getWalletHistory / (Response.text() + JSON.parse), ${p.entries} entries, ${kB(p.bytes)}`, pageRatio ? `${pageRatio[1]}× (median)` : 'did not run', '≤ 1.2×', pageRatio ? Number(pageRatio[1]) <= 1.2 : false)
row('heap per 1,000 loaded entries (TanStack infinite query, after GC)', heapMb ? `${heapMb[1]} MB` : 'did not run', '≤ 1.5 MB', heapMb ? Number(heapMb[1]) <= 1.5 : false)
// Issue 26: the same over real local HTTP (a node:http server in another process), a page in the hosted service's full shape.
const hh = spawnSync(process.execPath, ['test/bench/history-http.mjs'], { encoding: 'utf8', timeout: 300_000 })
const http = /local HTTP, (\d+) entries, ([\d.]+ kB): median ([\d.]+)×/.exec(hh.stdout ?? '')
row(`getWalletHistory / (fetch + text() + JSON.parse), local HTTP, hosted service's full shape${http ? `, ${http[1]} entries, ${http[2]}` : ''}`, http ? `${http[3]}× (median)` : 'did not run', '≤ 1.3×', http ? Number(http[3]) <= 1.3 : false)

// 3. Render cost (real Chromium)
const render = spawnSync('npx', ['vitest', 'run', '--config', 'test/bench/vitest.bench.config.ts', '--root', '.'], { stdio: 'ignore' })
if (render.status === 0 && existsSync('test-results/bench/render.json')) {
  const r = JSON.parse(readFileSync('test-results/bench/render.json', 'utf8'))
  row('TransactionList commit, 10,000 / 100 loaded entries', `${r.ratio.toFixed(2)}× (${r.commitMs10000.toFixed(0)} / ${r.commitMs100.toFixed(0)} ms)`, '≤ 1.5×', r.ratio <= 1.5)
  row('articles in the DOM with 10,000 entries', String(r.articlesIn10000), '≤ 60', r.articlesIn10000 <= 60)
  row('scrolling 1,000 rows: frames > 50 ms', `${r.longFrames} of ${r.scrollFrames}`, 'report', null)
  row('scrolling 1,000 rows: median frame', `${r.medianFrameMs.toFixed(1)} ms`, 'report', null)
} else {
  row('render benchmark', 'did not run', 'runs', false)
}
// Issue 34: the drop-in feed scrolled through the huge testing wallet (test/bench/feed-memory.bench.tsx, the same run).
if (existsSync('test-results/bench/feed-memory.json')) {
  const m = JSON.parse(readFileSync('test-results/bench/feed-memory.json', 'utf8'))
  const grew = (x) => `+${((x.at10000 - x.at1000) / 2 ** 20).toFixed(1)} MB`
  row('JS heap after scrolling 10,000 entries ÷ after 1,000 (WalletActivityFeed, window of pages)', `${m.windowed.ratio.toFixed(2)} (${grew(m.windowed)})`, '≤ 1.25', m.windowed.ratio <= 1.25)
  row('… the same with every page kept (maxPages: undefined, as before the window)', `${m.keptAll.ratio.toFixed(2)} (${grew(m.keptAll)})`, 'report', null)
  if (m.merged) row('… the feed across chains (its window of merged pages)', `${m.merged.ratio.toFixed(2)} (${grew(m.merged)})`, '≤ 1.25', m.merged.ratio <= 1.25)
}

// Issue 34: first row after a reload with the last visit's rows stored ÷ the same page with its history stubbed in-page (Chromium, packed package).
const rl = spawnSync(process.execPath, ['test/bench/reload.mjs'], { encoding: 'utf8', timeout: 900_000 })
const reload = /reload first row: median ([\d.]+)× over (\d+) reloads \(([^)]*)\); (.*)/.exec(rl.stdout ?? '')
row('first row painted after a reload ÷ the same page answered at once by an in-page stub (median)', reload ? `${reload[1]}× over ${reload[2]} (${reload[3]}; ${reload[4]})` : 'did not run', '≤ 1.2×', reload ? Number(reload[1]) <= 1.2 : false)

// 4. Requests (real anvil, a local history server)
const req = spawnSync(process.execPath, ['--expose-gc', 'test/bench/requests.mjs'], { encoding: 'utf8' })
if (req.status === 0) {
  const q = JSON.parse(req.stdout)
  row('50 distinct concurrent useRpc reads, batch cap 20 → HTTP requests', String(q.distinct50Cap20), '3 (= ⌈50/20⌉)', q.distinct50Cap20 === 3)
  row('50 distinct concurrent useRpc reads, batch cap 50 → HTTP requests', String(q.distinct50Cap50), '1', q.distinct50Cap50 === 1)
  row('100 identical useRpc reads → HTTP requests', String(q.identical100), '1', q.identical100 === 1)
  row('10,000 transactions paged to the end at limit=100 → history requests', String(q.paging.requests), '100', q.paging.requests === 100)
  const first = q.paging.per1000[0]
  const maxStep = Math.max(...q.paging.per1000)
  row('heap per 1,000 entries loaded', `${q.paging.heapMbPer1000.toFixed(2)} MB (steps ${q.paging.per1000.map((x) => x.toFixed(1)).join(', ')})`, 'linear', maxStep <= first * 1.5)
} else {
  row('request benchmark', 'did not run', 'runs', false)
}

// 5. Export (issue 16): a 10,000-transaction wallet to CSV
const ex = spawnSync(process.execPath, ['--expose-gc', '-e', "const { measureExportAll } = await import('./test/bench/export.mjs'); console.log(JSON.stringify(await measureExportAll()))", '--input-type=module'], { encoding: 'utf8' })
if (ex.status === 0) {
  const e = JSON.parse(ex.stdout)
  row('CSV export of 10,000 transactions at limit=100 → history requests', String(e.requests), `${e.pages} (the page count)`, e.requests === e.pages)
  row('CSV export: heap growth from start to end', `${e.heapGrowthMb.toFixed(1)} MB`, '≤ 10 MB', e.heapGrowthMb <= 10)
  row('CSV generation (pages already read), rows/s', `${Math.round(e.generation.rowsPerSecond).toLocaleString('en')} (${e.generation.rows} rows)`, '≥ 20,000', e.generation.rowsPerSecond >= 20_000)
  row('CSV export end to end without network (read + normalize + write), rows/s', Math.round(e.rowsPerSecond).toLocaleString('en'), 'report', null)
} else {
  row('export benchmark', 'did not run', 'runs', false)
}

// 6. Filtering 10,000 loaded entries with a text search (issue 16): CPU time per keystroke, the
// search text built page by page as the feed does in idle time; the cold first keystroke reported.
const { measureFilter } = await import('./filter.mjs')
const f = await measureFilter()
row('filter 10,000 loaded entries, search + direction: CPU ms per keystroke (max of 8)', `${f.maxCpuMs.toFixed(1)} ms (median ${f.medianCpuMs.toFixed(1)}, wall max ${f.maxMs.toFixed(1)})`, '≤ 16 ms', f.maxCpuMs <= 16)
row('filter: search text built per page of 100 as it arrives (idle work), CPU ms', f.preparePerPageMedianCpuMs.toFixed(1), 'report', null)
row('filter: first keystroke without that preparation, CPU ms', f.coldFirstCpuMs.toFixed(1), 'report', null)

// 7. The proxy under load (issue 17): local upstream, proxy and autocannon on 127.0.0.1.
const pl = spawnSync(process.execPath, ['test/bench/proxy-load.mjs'], { encoding: 'utf8', timeout: 900_000 })
if (pl.status === 0) {
  const l = JSON.parse(pl.stdout)
  for (const [kind, o] of Object.entries(l.overhead)) {
    // The local upstream answers from bytes made once: the worst case of any proxy (the devnet rows below are the realistic one).
    const what = kind === 'history' ? `local upstream, history page (${kB(l.upstreamPageBytes)})` : 'local upstream, JSON-RPC eth_getBalance'
    row(`proxy / direct p50 latency, ${what}, 1 connection`, `${o.p50Ratio}× (${o.proxy.p50Ms} / ${o.direct.p50Ms} ms)`, '≤ 1.25×', o.p50Ratio <= 1.25)
    row(`proxy / direct throughput, ${what}, 10 connections`, `${o.throughputRatio}× (${o.proxy.perSecond} / ${o.direct.perSecond} req/s)`, '≥ 0.6×', o.throughputRatio >= 0.6)
    row(`proxy CPU per request, ${what} (upstream's own)`, `${o.proxy.proxyCpuUsPerRequest} µs (${o.direct.upstreamCpuUsPerRequest} µs)`, 'report', null)
    row(`floor: a 20-line pass-through node:http proxy / direct, ${what}: p50, throughput, CPU per request`, `${o.floorP50Ratio}×, ${o.floorThroughputRatio}×, ${o.floor.proxyCpuUsPerRequest} µs`, 'report', null)
    // Issue 29: what blockfeed's checks, limits and key removal cost in CPU beside passing the bytes on, in the same run:
    // the median of interleaved rounds' ratios at one request rate, their range, and each side's GCs (the noise made visible).
    const c = o.cpu
    const gcs = (w) => `${w.minorGcPer1000} minor, ${w.majorGcPer1000} major`
    row(
      `proxy / floor CPU per request, ${what}${o.cpuRate ? `, both at ${o.cpuRate.toLocaleString('en')} requests/s` : ''}`,
      c
        ? `${c.ratio}× (median of ${c.countedRounds} rounds, ${c.ratioMin}–${c.ratioMax}${c.starvedRounds ? `; ${c.starvedRounds} of ${c.rounds} rounds short of the rate, all rounds ${c.ratioAllRounds}×` : ''}; ${c.proxy.cpuUsPerRequest} / ${c.floor.cpuUsPerRequest} µs; GCs per 1,000 requests: proxy ${gcs(c.proxy)}, floor ${gcs(c.floor)}; at saturation ${o.cpuVsFloorSaturated}×)`
        : `${o.cpuVsFloor}× (at saturation)`,
      '≤ 1.15×',
      o.cpuVsFloor <= 1.15 && (!c || (c.proxy.failed === 0 && c.floor.failed === 0)),
    )
  }
  // The same against the devnet (anvil, its history API and /rpc): an upstream doing real work per request.
  const dp = l.devnetPage
  const devnetWhat = { history: `devnet history page (${dp.entries} entries, ${kB(dp.bytes)})`, getBalance: 'devnet JSON-RPC eth_getBalance', getBlockByNumber: 'devnet JSON-RPC eth_getBlockByNumber' }
  for (const [kind, o] of Object.entries(l.devnetOverhead)) {
    const what = devnetWhat[kind] ?? `devnet ${kind}`
    // A refused request (401, 4xx) would be a fast and meaningless figure: none may fail.
    const clean = ['direct', 'floor', 'proxy'].every((w) => o[w].non2xx === 0 && o[w].errors === 0)
    row(`proxy / direct p50 latency, ${what}, 1 connection`, `${o.p50Ratio}× (${o.proxy.p50Ms} / ${o.direct.p50Ms} ms)`, '≤ 1.25×', clean && o.p50Ratio <= 1.25)
    row(`proxy / direct throughput, ${what}, 10 connections`, `${o.throughputRatio}× (${o.proxy.perSecond} / ${o.direct.perSecond} req/s)`, '≥ 0.6×', clean && o.throughputRatio >= 0.6)
    row(`proxy CPU per request, ${what} (the devnet's own, of which anvil)`, `${o.proxy.proxyCpuUsPerRequest} µs (${o.direct.upstreamCpuUsPerRequest} µs, ${o.direct.nodeCpuUsPerRequest} µs)`, 'report', null)
    row(`floor / direct, ${what}: p50, throughput, CPU per request`, `${o.floorP50Ratio}×, ${o.floorThroughputRatio}×, ${o.floor.proxyCpuUsPerRequest} µs`, 'report', null)
  }
  row('load average (1 min) during the proxy runs: start, after the devnet rows', `${l.loadAverageAtStart}, ${l.loadAverageAfterDevnet}`, 'report', null)
  const s = l.soak
  row(`proxy heap growth over ${s.requests.toLocaleString('en')} requests (after GC, after warm-up)`, `${s.heapGrowthMb} MB (${s.heapBeforeMb} → ${s.heapAfterMb})`, '≤ 5 MB', s.heapGrowthMb <= 5 && s.failed === 0)
  row('proxy open file descriptors before / after', `${s.fdsBefore} / ${s.fdsAfter}`, 'no growth', s.fdsAfter <= s.fdsBefore)
  for (const [name, c] of [['in memory', l.cacheMemory], ['redis-server', l.cacheRedis]]) {
    if (!c || c.skipped) {
      row(`cache ${name}: upstream calls per TTL, 1,000 clients`, c?.skipped ?? 'did not run', '≤ 1', false)
      continue
    }
    row(`cache ${name}: upstream calls, 1,000 clients × ${c.seconds} s (${c.elapsed ?? c.seconds} s from first connection to last answer), TTL ${c.ttlSeconds} s`, `${c.upstreamCalls} (${c.perTtl} per TTL; ${c.requests} answers)`, `≤ 1 per TTL (≤ ${c.allowed})`, c.upstreamCalls <= c.allowed && c.failed === 0)
  }
} else {
  row('proxy load benchmark', 'did not run', 'runs', false)
}

// 7b. Shared head reads (issue 29): open tabs polling the head through the proxy, upstream calls counted.
const hr = spawnSync(process.execPath, ['test/bench/head-reads.mjs'], { encoding: 'utf8', timeout: 300_000 })
const heads = hr.status === 0 ? JSON.parse(hr.stdout) : undefined
for (const [name, x] of [['one proxy', heads?.oneInstance], ['two proxies and one Redis', heads?.twoInstances]]) {
  const what = `300 tabs polling eth_blockNumber every 250 ms for 4 s through ${name}, cache on`
  if (!x || x.skipped) {
    row(`${what} → upstream calls`, x?.skipped ?? 'did not run', '≤ 12', false)
    continue
  }
  row(`${what} → upstream calls`, `${x.upstreamCalls} (${x.answers.toLocaleString('en')} answers, ${x.failed} failed)`, '≤ 12', x.upstreamCalls <= 12 && x.failed === 0)
  row(`${what} → blocks the worst answer was behind the upstream's head (a block every ${heads.blockMs / 1000} s)`, `${x.maxLagBlocks} (a poll's p50 ${x.pollMsP50} ms, max ${x.pollMsMax} ms)`, '≤ 2', x.maxLagBlocks <= 2)
}

// 7b. The head stream (issue 29): 1,000 subscribers, two instances with one Redis, the leader killed, 10,000 connect/disconnect cycles.
const hs = spawnSync(process.execPath, ['test/bench/head-stream.mjs'], { encoding: 'utf8', timeout: 900_000 })
if (hs.status === 0) {
  const h = JSON.parse(hs.stdout)
  for (const [what, o] of [['one instance', h.oneInstance], ['two instances, one redis-server', h.twoInstances]]) {
    if (!o || o.skipped) {
      row(`head stream, ${what}: upstream polls`, o?.skipped ?? 'did not run', 'runs', false)
      continue
    }
    row(
      `head stream, ${what}: ${o.subscribers.toLocaleString('en')} subscribers × ${o.seconds} s, poll every ${o.pollMs} ms → upstream eth_blockNumber calls`,
      `${o.upstreamPolls} (from ${o.pollers.length} instance${o.pollers.length === 1 ? '' : 's'})`,
      `≤ ${o.seconds} s ÷ ${o.pollMs} ms + 2 (${o.allowed})`,
      o.upstreamPolls <= o.allowed && o.pollers.length === 1,
    )
    row(`head stream, ${what}: worst subscriber behind the upstream's head`, `${o.maxBlocksBehind} blocks (${o.eventsPerSubscriber} events each)`, `≤ ${o.blocksPerPoll + 2} blocks (a poll interval's, + 2)`, o.maxBlocksBehind <= o.blocksPerPoll + 2)
    row(`head stream, ${what}: memory per subscriber (heap after GC; RSS)`, `${o.heapKbPerSubscriber} kB; ${o.rssKbPerSubscriber} kB`, 'report', null)
  }
  const k = h.leaderKilled
  if (!k || k.skipped) row('head stream: leader killed → another instance polls', k?.skipped ?? 'did not run', 'runs', false)
  else row(`head stream: leader killed (SIGKILL), lease ${k.leaseMs.toLocaleString('en')} ms → the other instance's first upstream poll`, `${k.medianMs} ms median (${k.runs.join(', ')})`, `≤ one lease (+ 100 ms of round trips)`, k.maxMs <= k.leaseMs + 100)
  const c = h.churn
  row(`head stream: ${c.cycles.toLocaleString('en')} connect/disconnect cycles → heap growth (after GC)`, `${c.heapGrowthMb} MB (${c.heapBeforeMb} → ${c.heapAfterMb}; ${c.subscribersLeft} subscribers left)`, '≤ 2 MB', c.heapGrowthMb <= 2 && c.subscribersLeft === 0)
  row(`head stream: ${c.cycles.toLocaleString('en')} connect/disconnect cycles → open file descriptors before / after`, `${c.fdsBefore} / ${c.fdsAfter}`, 'no growth', c.fdsAfter <= c.fdsBefore)
} else {
  row('head stream benchmark', 'did not run', 'runs', false)
}

// 8. Live tracking, details and names: their scripts print `figure | measured | target` lines.
for (const [script, label] of [['test/bench/live.mjs', 'tracker'], ['test/bench/live-feed.mjs', 'live feed'], ['test/bench/details.mjs', 'details']]) {
  if (!existsSync(script)) continue
  const r = spawnSync(process.execPath, ['--expose-gc', script], { encoding: 'utf8', timeout: 300_000 })
  const lines = (r.stdout ?? '').split('\n').filter((l) => l.includes(' | ') && !l.startsWith('figure'))
  for (const l of lines) {
    const [figure, value, target] = l.split(' | ').map((x) => x.trim())
    row(`${label}: ${figure}`, value, target ?? 'report', null)
  }
  // details.mjs prints sentences and sets the exit code on a missed budget.
  const sentences = script.endsWith('details.mjs') ? (r.stdout ?? '').split('\n').filter((x) => x.includes('→') || x.includes('added to the feed')) : []
  for (const l of sentences) row(`details: ${l.split(':')[0]}`, l.split(':').slice(1).join(':').trim(), 'see budget', r.status === 0)
  // A missed budget is not a script that did not run: it printed its figures.
  if (r.status !== 0 && lines.length === 0 && sentences.length === 0) row(`${label} benchmark`, 'did not run', 'runs', false)
}

// 9. Merged feeds (issue 14): request counts and what merging adds to reading.
const mg = spawnSync(process.execPath, ['--expose-gc', 'test/bench/merge.mjs', '--json'], { encoding: 'utf8' })
if (mg.status === 0) {
  const m = JSON.parse(mg.stdout)
  const f = m.firstScreen
  row('merged first screen (25 rows) across 13 chains → history requests (under way at once)', `${f.requests} (${f.maxInFlight})`, '≤ 13, in parallel', f.requests <= 13 && f.maxInFlight === f.requests && f.rows === 25)
  const t = m.threeChains
  row('merged whole history, 3 chains with 1,000 / 100 / 0 entries at limit 100 → requests', `${t.eth} + ${t.base} + ${t.polygon}`, '10 + 1 + 1', t.eth === 10 && t.base === 1 && t.polygon === 1 && t.entries === 1100)
  row('merging 10,000 entries from 13 sources, added to reading them (median of pairs, CPU)', `+${(m.medianOverhead * 100).toFixed(1)} %`, '≤ 10 %', m.medianOverhead <= 0.1)
} else {
  row('merge benchmark', 'did not run', 'runs', false)
}

// Devnet indexing throughput, when the devnet bench is there.
if (existsSync('test/bench/devnet-indexing.mjs')) {
  // Its default chain: 400 blocks × 10 transactions (native, ERC-20, calls with internal transfers).
  const d = spawnSync(process.execPath, ['test/bench/devnet-indexing.mjs'], { encoding: 'utf8' })
  const m = /(\d+) blocks\/s, (\d+) transactions\/s/.exec(d.stdout ?? '')
  row('devnet indexing throughput (400 blocks × 10 tx)', m ? `${m[1]} blocks/s, ${m[2]} tx/s` : 'did not run', 'report', null)
}

const mark = (p) => (p === null ? '—' : p ? 'pass' : 'FAIL')
const table = [
  '| figure | value | target | result |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.figure} | ${r.value} | ${r.target} | ${mark(r.pass)} |`),
].join('\n')
const header = `# Benchmark results\n\nMeasured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${(await import('node:os')).cpus().length} cores).\n\n`
writeFileSync('test/bench/RESULTS.md', `${header}${table}\n`)
console.log(table)
process.exit(rows.some((r) => r.pass === false) ? 1 : 0)
