// One proxy instance of the head-stream bench in its own process (run with --expose-gc):
// createProxyHandler behind toNodeHandler on node:http, 127.0.0.1, from dist/. With REDIS_URL, the
// head stream's lease and pub/sub go through that Redis (cache.redis). Says `{ port }` over IPC once
// listening; answers 'usage' with its heap after GC, RSS and open descriptors, 'stats' with its
// head streams (subscribers, chains, chains it polls itself). NAME tags its upstream polls (`?from=`).
import { readdirSync } from 'node:fs'
import { createServer } from 'node:http'

// BLOCKFEED_DIST: another build of the package (compiled elsewhere, so that a shared dist/ is left alone).
const dist = process.env.BLOCKFEED_DIST ?? new URL('../../dist', import.meta.url).pathname
const { createProxyHandler, headStreamStats } = await import(`${dist}/server/createProxyHandler.js`)
const { toNodeHandler } = await import(`${dist}/server/toNodeHandler.js`)

const upstream = process.env.UPSTREAM
let redis
if (process.env.REDIS_URL) {
  const { default: Redis } = await import('ioredis')
  redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 })
  redis.on('error', () => {})
  await redis.ping()
}
const handler = createProxyHandler({
  baseUrl: upstream,
  apiKey: 'bench-key-not-secret',
  rpc: { url: `${upstream}/rpc?from=${process.env.NAME ?? 'a'}` },
  defaultChain: 'eth',
  ...(redis ? { cache: { redis, onWarning: () => {} } } : {}),
  headStream: {
    pollIntervalMs: Number(process.env.POLL_MS ?? 250),
    ...(process.env.LEASE_MS ? { leaseMs: Number(process.env.LEASE_MS) } : {}),
  },
  maxHeadSubscribers: 20_000,
})
const server = createServer(toNodeHandler(handler))
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }))

process.on('message', (message) => {
  if (message === 'usage') {
    for (let i = 0; i < 3; i++) globalThis.gc?.()
    const { heapUsed, rss } = process.memoryUsage()
    process.send({ usage: { heapUsed, rss, fds: readdirSync('/proc/self/fd').length } })
  }
  if (message === 'stats') process.send({ stats: headStreamStats(handler) })
  if (message === 'stop') {
    server.closeAllConnections()
    server.close()
    redis?.disconnect()
    process.exit(0)
  }
})
