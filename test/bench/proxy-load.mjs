#!/usr/bin/env node
// Issue 17's load figures for the proxy, printed as one JSON object. Three processes, all on
// 127.0.0.1: a local upstream (proxy-load-upstream.mjs), the proxy (proxy-load-proxy.mjs, node:http
// + toNodeHandler, --expose-gc) and autocannon here. Needs `npm run build` (it loads dist/).
//   1. overhead: the same requests direct to the upstream and through the proxy, side by side;
//      p50 latency at 1 connection (unloaded: at saturation latency is only connections/throughput),
//      throughput at CONNECTIONS connections, the same connections and duration for both; and
//      against the local upstream, CPU per request of the proxy and of the pass-through floor at one
//      request rate (CPU_RATES), issue 29's budget: proxy-load-cpu.mjs, interleaved rounds after a
//      warm-up, the median of the rounds' ratios, with each side's GC counts.
//   2. 100,000 requests through the proxy: heap after GC before/after, /proc/self/fd before/after.
//   3. cache on (memory, then a real redis-server): 1,000 connections reading one wallet for
//      several TTLs; upstream history calls counted at the upstream.
//   4. overhead again against a realistic upstream, the devnet (proxy-load-devnet.mjs: anvil, seeded,
//      its history API and /rpc, with a key): a 100-entry page, eth_getBalance, eth_getBlockByNumber.
//      The local upstream of 1. answers from bytes made once in 20–70 µs: the worst case of any proxy;
//      the devnet does real work per request, as the hosted service does.
import os from 'node:os'
import autocannon from 'autocannon'
import { CPU_RATES, child, cpuVsFloor } from './proxy-load-cpu.mjs'
import { startRedis } from './redis.mjs'

const quick = process.argv.includes('--quick')
// --overhead: only the side-by-side figures (for iterating on the proxy's hot path).
const overheadOnly = process.argv.includes('--overhead')
// --devnet: only the side-by-side figures against the devnet (4.).
const devnetOnly = process.argv.includes('--devnet')
// --local: only the side-by-side figures against the local upstream (1.), for the CPU ratios.
const localOnly = process.argv.includes('--local')
const SECONDS = 2
const CONNECTIONS = 10
const ROUNDS = quick ? 1 : 3
const TOTAL = quick ? 20_000 : 100_000
const TTL = 1
const TTL_RUNS = quick ? 3 : 4
const wallet = '0xd8da6bf26964af9d7eed9e10c67ec0a8b24e5a3f'
const historyPath = `/api/v2.2/wallets/${wallet}/history?chain=eth`
const rpcBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [wallet, 'latest'] })

/** One autocannon run; p50 from every response's own time (autocannon's histogram is whole ms). */
async function load(opts) {
  const times = []
  const instance = autocannon({ timeout: 30, ...opts })
  instance.on('response', (_client, _status, _bytes, ms) => {
    if (times.length < 2_000_000) times.push(ms)
  })
  const r = await instance
  times.sort((a, b) => a - b)
  const seconds = r.duration
  return {
    requests: r.requests.total,
    perSecond: r.requests.total / seconds,
    p50Ms: times.length ? times[Math.floor(times.length / 2)] : NaN,
    p99Ms: times.length ? times[Math.floor(times.length * 0.99)] : NaN,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  }
}

const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d

function localKinds(upstream, proxy, floor) {
  const rpcPost = { method: 'POST', headers: { 'content-type': 'application/json' }, body: rpcBody }
  return {
    history: {
      direct: { url: `http://127.0.0.1:${upstream.port}${historyPath}` },
      floor: { url: `http://127.0.0.1:${floor.port}/api/blockfeed${historyPath}` },
      proxy: { url: `http://127.0.0.1:${proxy.port}/api/blockfeed${historyPath}` },
    },
    rpc: {
      direct: { url: `http://127.0.0.1:${upstream.port}/rpc`, ...rpcPost },
      floor: { url: `http://127.0.0.1:${floor.port}/api/blockfeed/rpc`, ...rpcPost },
      proxy: { url: `http://127.0.0.1:${proxy.port}/api/blockfeed/rpc`, ...rpcPost },
    },
  }
}

/** The same three ways to the devnet; a direct call carries the key, as the proxy and the floor add it. */
function devnetKinds(devnet, proxy, floor) {
  const path = `/api/v2.2/wallets/${devnet.wallet}/history?chain=${devnet.chain}&limit=100`
  const key = { 'x-api-key': 'bench-key-not-secret' }
  const rpc = (method, params) => {
    const post = { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }
    return {
      direct: { url: `http://127.0.0.1:${devnet.port}/rpc`, ...post, headers: { 'content-type': 'application/json', ...key } },
      floor: { url: `http://127.0.0.1:${floor.port}/api/blockfeed/rpc`, ...post, headers: { 'content-type': 'application/json' } },
      proxy: { url: `http://127.0.0.1:${proxy.port}/api/blockfeed/rpc`, ...post, headers: { 'content-type': 'application/json' } },
    }
  }
  return {
    history: {
      direct: { url: `http://127.0.0.1:${devnet.port}${path}`, headers: key },
      floor: { url: `http://127.0.0.1:${floor.port}/api/blockfeed${path}` },
      proxy: { url: `http://127.0.0.1:${proxy.port}/api/blockfeed${path}` },
    },
    getBalance: rpc('eth_getBalance', [devnet.wallet, 'latest']),
    getBlockByNumber: rpc('eth_getBlockByNumber', ['latest', false]),
  }
}

async function overhead(upstream, proxy, floor, kinds, rates = {}) {
  const via = { floor, proxy }
  const out = {}
  for (const [kind, targets] of Object.entries(kinds)) {
    // Warm-up (JIT, keep-alive sockets), then the three side by side with the same settings,
    // in ROUNDS interleaved rounds: the median of each side, so that a burst of other work on the
    // shared machine lands on all three rather than on one.
    for (const t of Object.values(targets)) await load({ ...t, connections: CONNECTIONS, duration: 1 })
    const runs = Object.fromEntries(Object.keys(targets).map((w) => [w, []]))
    for (let round = 0; round < ROUNDS; round++) {
      for (const [where, t] of Object.entries(targets)) {
        const unloaded = await load({ ...t, connections: 1, duration: SECONDS })
        // CPU per request, in each process (process.cpuUsage): a figure the other work on the machine moves less.
        const middle = via[where]
        const [p0, u0] = [await middle?.ask('cpu', 'cpuMs'), await upstream.ask('counts', 'counts')]
        const loaded = await load({ ...t, connections: CONNECTIONS, duration: SECONDS })
        const [p1, u1] = [await middle?.ask('cpu', 'cpuMs'), await upstream.ask('counts', 'counts')]
        runs[where].push({
          upstreamCpuUsPerRequest: ((u1.cpuMs - u0.cpuMs) * 1000) / loaded.requests,
          // The devnet's share that is its node's (anvil): what the server itself spends is the rest.
          ...(u1.anvilCpuMs === undefined ? {} : { nodeCpuUsPerRequest: ((u1.anvilCpuMs - u0.anvilCpuMs) * 1000) / loaded.requests }),
          ...(middle ? { proxyCpuUsPerRequest: ((p1.cpuMs - p0.cpuMs) * 1000) / loaded.requests } : {}),
          p50Ms: unloaded.p50Ms,
          perSecond: loaded.perSecond,
          loadedP50Ms: loaded.p50Ms,
          non2xx: unloaded.non2xx + loaded.non2xx,
          errors: unloaded.errors + loaded.errors,
        })
      }
    }
    const row = {}
    for (const [where, list] of Object.entries(runs)) {
      const med = (k) => median(list.map((r) => r[k]))
      row[where] = {
        upstreamCpuUsPerRequest: Math.round(med('upstreamCpuUsPerRequest')),
        ...(list[0].nodeCpuUsPerRequest === undefined ? {} : { nodeCpuUsPerRequest: Math.round(med('nodeCpuUsPerRequest')) }),
        ...(where === 'direct' ? {} : { proxyCpuUsPerRequest: Math.round(med('proxyCpuUsPerRequest')) }),
        p50Ms: round(med('p50Ms'), 3),
        perSecond: Math.round(med('perSecond')),
        loadedP50Ms: round(med('loadedP50Ms'), 3),
        non2xx: list.reduce((n, r) => n + r.non2xx, 0),
        errors: list.reduce((n, r) => n + r.errors, 0),
      }
    }
    row.p50Ratio = round(row.proxy.p50Ms / row.direct.p50Ms)
    row.throughputRatio = round(row.proxy.perSecond / row.direct.perSecond)
    // The floor: what a proxy that does nothing but pass bytes on costs on this machine.
    row.floorP50Ratio = round(row.floor.p50Ms / row.direct.p50Ms)
    row.floorThroughputRatio = round(row.floor.perSecond / row.direct.perSecond)
    // Against the floor: what blockfeed's checks, limits and key removal add to passing bytes on.
    row.p50VsFloor = round(row.proxy.p50Ms / row.floor.p50Ms)
    row.throughputVsFloor = round(row.proxy.perSecond / row.floor.perSecond)
    // Issue 29's budget: blockfeed's CPU per request against the pass-through's, in the same processes, at
    // the same request rate when one is set for this kind (proxy-load-cpu.mjs: interleaved rounds, the
    // median of their ratios, GC counts beside it), else at saturation.
    row.cpuVsFloorSaturated = round(row.proxy.proxyCpuUsPerRequest / row.floor.proxyCpuUsPerRequest)
    if (rates[kind]) {
      row.cpu = await cpuVsFloor({ proxy, floor, kind, rate: rates[kind], rounds: quick ? 3 : 7 })
      row.cpuRate = rates[kind]
      row.cpuVsFloor = row.cpu.ratio
    } else row.cpuVsFloor = row.cpuVsFloorSaturated
    out[kind] = row
  }
  return out
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

async function soak(proxy) {
  // Warm-up: pools, JIT and lazily made tables settle before the first heap figure.
  const small = `http://127.0.0.1:${proxy.port}/api/blockfeed${historyPath}&limit=5`
  const rpc = { url: `http://127.0.0.1:${proxy.port}/api/blockfeed/rpc`, method: 'POST', headers: { 'content-type': 'application/json' }, body: rpcBody }
  await load({ url: small, connections: CONNECTIONS, amount: 5_000 })
  await load({ ...rpc, connections: CONNECTIONS, amount: 5_000 })
  const before = await proxy.ask('probe', 'probe')
  // Half history pages, half JSON-RPC calls; new connections now and then (autocannon reconnects per run).
  const runs = 10
  let requests = 0
  let failed = 0
  for (let i = 0; i < runs; i++) {
    const r = await load(i % 2 ? { ...rpc, connections: CONNECTIONS, amount: TOTAL / runs } : { url: small, connections: CONNECTIONS, amount: TOTAL / runs })
    requests += r.requests
    failed += r.non2xx + r.errors
  }
  await new Promise((r) => setTimeout(r, 200))
  const after = await proxy.ask('probe', 'probe')
  return {
    requests,
    failed,
    heapBeforeMb: round(before.heapUsed / 2 ** 20),
    heapAfterMb: round(after.heapUsed / 2 ** 20),
    heapGrowthMb: round((after.heapUsed - before.heapUsed) / 2 ** 20),
    fdsBefore: before.fds,
    fdsAfter: after.fds,
    socketsAfter: after.sockets,
  }
}

async function popular(upstream, proxy) {
  await upstream.ask('reset', 'reset')
  const seconds = TTL * TTL_RUNS
  const started = performance.now()
  const r = await load({ url: `http://127.0.0.1:${proxy.port}/api/blockfeed${historyPath}`, connections: 1_000, duration: seconds })
  // Wall time from the first connection to the last answer: opening 1,000 sockets and draining the
  // requests in flight add to autocannon's `duration`, and each TTL window in it may cost one load.
  const elapsed = (performance.now() - started) / 1000
  const { counts } = await upstream.ask('counts', 'counts')
  // One load per TTL window, plus the window the run started in part-way.
  const allowed = Math.ceil(elapsed / TTL) + 1
  return { connections: 1_000, seconds, elapsed: round(elapsed), ttlSeconds: TTL, requests: r.requests, failed: r.non2xx + r.errors, upstreamCalls: counts.history, allowed, perTtl: round(counts.history / (elapsed / TTL)) }
}



const started = Date.now()
// The machine is shared: its load average says how much else ran alongside.
const result = { cpus: os.cpus().length, loadAverageAtStart: os.loadavg()[0] }
if (!devnetOnly) await localRuns()
if (!localOnly) await devnetRuns()
result.loadAverageAtEnd = os.loadavg()[0]
result.seconds = round((Date.now() - started) / 1000, 1)
console.log(JSON.stringify(result, null, 2))

async function localRuns() {
const upstream = await child('proxy-load-upstream.mjs')
result.upstreamPageBytes = upstream.pageBytes
try {
  const plain = await child('proxy-load-proxy.mjs', { env: { UPSTREAM_PORT: String(upstream.port), CACHE: 'off' }, execArgv: ['--expose-gc'] })
  const floor = await child('proxy-load-proxy.mjs', { env: { UPSTREAM_PORT: String(upstream.port), FLOOR: '1' } })
  try {
    result.overhead = await overhead(upstream, plain, floor, localKinds(upstream, plain, floor), CPU_RATES)
    await floor.stop()
    if (!overheadOnly) result.soak = await soak(plain)
  } finally {
    await floor.stop()
    await plain.stop()
  }
  if (!overheadOnly) await cacheRuns(upstream)
} finally {
  await upstream.stop()
}
}

async function devnetRuns() {
  const devnet = await child('proxy-load-devnet.mjs')
  try {
    const env = { UPSTREAM_PORT: String(devnet.port), EXTRA_CHAIN: devnet.chain }
    const plain = await child('proxy-load-proxy.mjs', { env: { ...env, CACHE: 'off' } })
    const floor = await child('proxy-load-proxy.mjs', { env: { ...env, FLOOR: '1' } })
    try {
      // The page's size as the proxy passes it on (one request, outside the measured runs).
      const page = await fetch(`http://127.0.0.1:${plain.port}/api/blockfeed/api/v2.2/wallets/${devnet.wallet}/history?chain=${devnet.chain}&limit=100`)
      const body = await page.text()
      if (page.status !== 200) throw new Error(`the devnet page through the proxy: ${page.status} ${body.slice(0, 200)}`)
      result.devnetPage = { entries: JSON.parse(body).result.length, bytes: Buffer.byteLength(body), blocks: devnet.head }
      result.devnetOverhead = await overhead(devnet, plain, floor, devnetKinds(devnet, plain, floor))
      result.loadAverageAfterDevnet = os.loadavg()[0]
    } finally {
      await floor.stop()
      await plain.stop()
    }
  } finally {
    await devnet.stop()
  }
}

async function cacheRuns(upstream) {
  const memory = await child('proxy-load-proxy.mjs', { env: { UPSTREAM_PORT: String(upstream.port), CACHE: 'memory', TTL_SECONDS: String(TTL) } })
  try {
    result.cacheMemory = await popular(upstream, memory)
  } finally {
    await memory.stop()
  }
  let redis
  try {
    redis = await startRedis()
  } catch (e) {
    result.cacheRedis = { skipped: `redis-server did not start: ${e.message}` }
  }
  if (redis) {
    const shared = await child('proxy-load-proxy.mjs', { env: { UPSTREAM_PORT: String(upstream.port), CACHE: 'redis', TTL_SECONDS: String(TTL), REDIS_URL: redis.url } })
    try {
      result.cacheRedis = await popular(upstream, shared)
    } finally {
      await shared.stop()
      await redis.stop()
    }
  }
}
