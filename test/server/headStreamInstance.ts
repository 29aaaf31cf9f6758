// One proxy instance in a process of its own, for the head-stream tests across instances (and the
// bench): bundled from src by esbuild and forked, so that one can be killed (SIGKILL) as a crashed
// server is, its lease left behind in Redis. Says `{ port }` over IPC once listening; answers
// 'stats' with `{ stats }` (headStreamStats), 'usage' with its heap and open descriptors, and 'turns'
// with the longest two turns its event loop took since last asked (support/turns.ts; WATCH_TURNS=1).
import { readdirSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { createProxyHandler, headStreamStats, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { toNodeHandler } from '../../src/server/toNodeHandler.js'
import { watchTurns } from '../support/turns.js'

const env = process.env
const upstream = env.UPSTREAM!
const redis = env.REDIS_PORT ? new Redis({ port: Number(env.REDIS_PORT), host: '127.0.0.1', maxRetriesPerRequest: 1 }) : undefined
redis?.on('error', () => {})
if (redis) await redis.ping()

const cache = redis ? { redis, redisTimeoutMs: Number(env.REDIS_TIMEOUT_MS ?? 50), onWarning: (m: string) => process.send?.({ warning: m }) } : undefined
const options: ProxyHandlerOptions = {
  baseUrl: upstream,
  apiKey: 'sk_test_instance',
  // `?from=` names this instance to the upstream, which counts polls by it.
  rpc: { url: `${upstream}/rpc?from=${env.NAME ?? 'x'}` },
  defaultChain: 'eth',
  cache,
  headStream: { pollIntervalMs: Number(env.POLL_MS ?? 50), leaseMs: Number(env.LEASE_MS ?? 200), heartbeatMs: Number(env.HEARTBEAT_MS ?? 15_000) },
  maxHeadSubscribers: Number(env.MAX_SUBSCRIBERS ?? 10_000),
}
const handler = createProxyHandler(options)
// How late this process runs, for tests that bound a delay of its timers (WATCH_TURNS=1: a 1 ms timer).
const turns = env.WATCH_TURNS ? watchTurns() : undefined
const server = createServer(toNodeHandler(handler))
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }))

process.on('message', (message) => {
  if (message === 'stats') process.send?.({ stats: headStreamStats(handler) })
  if (message === 'turns') process.send?.({ turns: turns?.longest() ?? 0 })
  if (message === 'usage') {
    ;(globalThis as { gc?: () => void }).gc?.()
    process.send?.({ usage: { heapUsed: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss, fds: readdirSync('/proc/self/fd').length } })
  }
  if (message === 'stop') {
    server.closeAllConnections()
    server.close()
    redis?.disconnect()
    process.exit(0)
  }
})
