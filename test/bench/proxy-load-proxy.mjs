// The proxy of the load bench in its own process (run with --expose-gc): createProxyHandler behind
// toNodeHandler on node:http, 127.0.0.1. The parent asks over IPC for the heap (after GC) and the fd count.
import { readdirSync } from 'node:fs'
import { createServer } from 'node:http'
import { createProxyHandler, toNodeHandler } from '../../dist/exports/server.js'

const upstream = `http://127.0.0.1:${process.env.UPSTREAM_PORT}`
const cacheMode = process.env.CACHE ?? 'off' // off | memory | redis
const ttlSeconds = Number(process.env.TTL_SECONDS ?? 1)
let redis
if (cacheMode === 'redis') {
  const { default: Redis } = await import('ioredis')
  redis = new Redis(process.env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
}
const handler = createProxyHandler({
  baseUrl: upstream,
  apiKey: 'bench-key-not-secret',
  rpc: { url: `${upstream}/rpc` },
  defaultChain: 'eth',
  basePath: '/api/blockfeed',
  ...(cacheMode === 'off' ? {} : { cache: { ttlSeconds, ...(redis ? { redis } : {}) } }),
})
const server = createServer(toNodeHandler(handler))
server.keepAliveTimeout = 60_000

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
  } else if (m === 'cpu') process.send({ cpuMs: cpuMs() })
  else if (m === 'probe') process.send({ probe: true, cpuMs: cpuMs(), heapUsed: heap(), fds: fds(), sockets: await new Promise((r) => server.getConnections((_, n) => r(n))) })
  else if (m === 'stop') {
    server.closeAllConnections()
    server.close()
    await redis?.quit()
    process.exit(0)
  }
})
