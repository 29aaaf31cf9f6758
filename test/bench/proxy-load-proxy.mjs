// The proxy of the load bench in its own process (run with --expose-gc): createProxyHandler behind
// toNodeHandler on node:http, 127.0.0.1. The parent asks over IPC for the heap (after GC) and the fd count.
import { readdirSync } from 'node:fs'
import { Agent, createServer, request } from 'node:http'
import { PerformanceObserver, constants as perf } from 'node:perf_hooks'
// BLOCKFEED_DIST: another build of the package (a copy compiled elsewhere while iterating on the hot path).
const { createProxyHandler, toNodeHandler } = await import(process.env.BLOCKFEED_DIST ? `${process.env.BLOCKFEED_DIST}/exports/server.js` : '../../dist/exports/server.js')

const upstream = `http://127.0.0.1:${process.env.UPSTREAM_PORT}`
const cacheMode = process.env.CACHE ?? 'off' // off | memory | redis
const ttlSeconds = Number(process.env.TTL_SECONDS ?? 1)
let redis
if (cacheMode === 'redis') {
  const { default: Redis } = await import('ioredis')
  redis = new Redis(process.env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
}
// FLOOR=1: no blockfeed at all, the least any proxy does (a pass-through node:http proxy, kept-alive
// upstream sockets, bodies piped): the floor the real proxy is measured against.
function passThrough() {
  const agent = new Agent({ keepAlive: true })
  return (req, res) => {
    const path = req.url.replace(/^\/api\/blockfeed/, '')
    const headers = { 'x-api-key': 'bench-key-not-secret', ...(req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {}) }
    const up = request({ host: '127.0.0.1', port: process.env.UPSTREAM_PORT, path, method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode, { 'content-type': 'application/json; charset=utf-8', ...(answer.headers['content-length'] ? { 'content-length': answer.headers['content-length'] } : {}) })
      answer.pipe(res)
    })
    up.on('error', () => (res.writeHead(502), res.end()))
    req.pipe(up)
  }
}

const handler = createProxyHandler({
  baseUrl: upstream,
  apiKey: 'bench-key-not-secret',
  rpc: { url: `${upstream}/rpc` },
  // The devnet's chain (e.g. 0x7a69) is not one of the spec's 13: EXTRA_CHAIN makes it the default.
  defaultChain: process.env.EXTRA_CHAIN ?? 'eth',
  ...(process.env.EXTRA_CHAIN ? { extraChains: [process.env.EXTRA_CHAIN] } : {}),
  basePath: '/api/blockfeed',
  ...(cacheMode === 'off' ? {} : { cache: { ttlSeconds, ...(redis ? { redis } : {}) } }),
})
const server = createServer(process.env.FLOOR ? passThrough() : toNodeHandler(handler))
server.keepAliveTimeout = 60_000

// Garbage collections since start, by kind, and the time they took (perf_hooks 'gc' entries): what
// makes one round of a CPU figure differ from the next, reported beside it so that noise shows.
const gc = { minor: 0, major: 0, incremental: 0, weak: 0, ms: 0 }
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = e.detail?.kind
    if (kind === perf.NODE_PERFORMANCE_GC_MINOR) gc.minor++
    else if (kind === perf.NODE_PERFORMANCE_GC_MAJOR) gc.major++
    else if (kind === perf.NODE_PERFORMANCE_GC_INCREMENTAL) gc.incremental++
    else gc.weak++
    gc.ms += e.duration
  }
}).observe({ entryTypes: ['gc'] })

const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
const fds = () => readdirSync('/proc/self/fd').length
function heap() {
  for (let i = 0; i < 3; i++) globalThis.gc()
  return process.memoryUsage().heapUsed
}

server.listen(0, '127.0.0.1', () => process.send({ ready: true, port: server.address().port }))
// Steady-state CPU profile on request (the parent's `--profile`): what --cpu-prof gives, minus start-up.
let session
process.on('message', async (m) => {
  if (m === 'profile-start') {
    const { Session } = await import('node:inspector/promises')
    session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
    process.send({ profiling: true })
  } else if (m?.profileStop) {
    const { profile } = await session.post('Profiler.stop')
    const { writeFileSync } = await import('node:fs')
    writeFileSync(m.profileStop, JSON.stringify(profile))
    process.send({ profiled: m.profileStop })
  } else if (m === 'heap-sample-start') {
    // Where the proxy allocates, garbage included (what makes its minor GCs): the sampling heap profiler.
    const { Session } = await import('node:inspector/promises')
    session = new Session()
    session.connect()
    await session.post('HeapProfiler.enable')
    await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
    process.send({ sampling: true })
  } else if (m?.heapSampleStop) {
    const { profile } = await session.post('HeapProfiler.stopSampling')
    const { writeFileSync } = await import('node:fs')
    writeFileSync(m.heapSampleStop, JSON.stringify(profile))
    process.send({ sampled: m.heapSampleStop })
  } else if (m === 'cpu') {
    const { user, system } = process.cpuUsage()
    // Minor page faults: a heap that grows and shrinks touches fresh pages, which costs system time.
    process.send({ cpuMs: (user + system) / 1000, userMs: user / 1000, systemMs: system / 1000, gc: { ...gc }, minorFaults: process.resourceUsage().minorPageFault })
  }
  else if (m === 'probe') process.send({ probe: true, cpuMs: cpuMs(), heapUsed: heap(), fds: fds(), sockets: await new Promise((r) => server.getConnections((_, n) => r(n))) })
  else if (m === 'stop') {
    server.closeAllConnections()
    server.close()
    await redis?.quit()
    process.exit(0)
  }
})
