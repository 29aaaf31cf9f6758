#!/usr/bin/env node
// Issue 29's figures for shared head reads, printed as one JSON object: 300 tabs polling
// `eth_blockNumber` every 250 ms for 4 s through the proxy with its cache on (default settings:
// chain eth, so a head TTL of 1 s), against a local upstream that makes a block every second and
// counts the calls it gets; then the same through two proxy instances sharing one redis-server.
// Every answer is compared with the upstream's head when it arrives. All on 127.0.0.1; the proxies
// are proxy-load-proxy.mjs in their own processes. Needs `npm run build` (it loads dist/).
import { fork } from 'node:child_process'
import { Agent, createServer, request } from 'node:http'
import { startRedis } from './redis.mjs'

const here = import.meta.dirname
const TABS = 300
const POLL_MS = 250
const SECONDS = 4
/** The upstream's block time: 12 times eth's, so that an answer kept too long shows as blocks behind. */
const BLOCK_MS = 1_000
/** The upstream's own answer time, as a node across a network takes. */
const UPSTREAM_MS = 20

/** The local upstream: its head is a function of the clock, so a tab can tell how far behind an answer is. */
async function startUpstream() {
  const started = Date.now()
  const headAt = (t) => Math.floor((t - started) / BLOCK_MS) + 1_000
  const counts = { eth_blockNumber: 0, other: 0 }
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const call = JSON.parse(Buffer.concat(chunks).toString())
      const calls = [call].flat()
      for (const c of calls) c.method === 'eth_blockNumber' ? counts.eth_blockNumber++ : counts.other++
      // The head as the node reads it on receipt; the answer leaves after UPSTREAM_MS.
      const head = headAt(Date.now())
      const answer = (c) => ({ jsonrpc: '2.0', id: c.id, result: `0x${head.toString(16)}` })
      const body = JSON.stringify(Array.isArray(call) ? calls.map(answer) : answer(call))
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body), UPSTREAM_MS)
    })
  })
  server.keepAliveTimeout = 60_000
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  return {
    port: server.address().port,
    headAt,
    counts,
    reset: () => void ((counts.eth_blockNumber = 0), (counts.other = 0)),
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))),
  }
}

/** A proxy instance in its own process (proxy-load-proxy.mjs), with the cache on. */
async function startProxy(env) {
  const proc = fork(`${here}/proxy-load-proxy.mjs`, [], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const ready = await new Promise((resolve, reject) => {
    proc.once('message', resolve)
    proc.once('exit', (code) => reject(new Error(`proxy exited (${code}) before it was ready`)))
  })
  const stop = () =>
    new Promise((resolve) => {
      if (proc.exitCode !== null) return resolve()
      proc.once('exit', resolve)
      proc.send('stop')
      setTimeout(() => proc.kill('SIGKILL'), 3_000).unref()
    })
  return { port: ready.port, stop }
}

const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })

/** One poll: the block number the proxy answered, or undefined when it failed. */
function poll(agent, port) {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/blockfeed/rpc', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => {
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString())
            resolve(res.statusCode === 200 && typeof answer.result === 'string' ? Number.parseInt(answer.result, 16) : undefined)
          } catch {
            resolve(undefined)
          }
        })
      },
    )
    req.on('error', () => resolve(undefined))
    req.end(body)
  })
}

/** TABS tabs, each on its own connection and out of step with the others, polling every POLL_MS for SECONDS. */
async function tabs(upstream, ports) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  // Connections opened before the measured run, as open tabs have theirs.
  await Promise.all(Array.from({ length: TABS }, (_, i) => poll(agent, ports[i % ports.length])))
  upstream.reset()
  const start = performance.now()
  let answers = 0
  let failed = 0
  let maxLag = 0
  // Behind the head as it was when the poll was sent: what the cache kept, without the time the answer spent on its way.
  let maxLagAtSend = 0
  const lags = new Map()
  // How long each poll took: an overloaded machine makes answers late, and lateness shows as blocks behind too.
  const times = []
  await Promise.all(
    Array.from({ length: TABS }, async (_, i) => {
      const port = ports[i % ports.length]
      // Each tab's timer fires at its own phase of the interval.
      const phase = (i * POLL_MS) / TABS
      const polls = []
      for (let k = 0; k < (SECONDS * 1000) / POLL_MS; k++) {
        const due = start + phase + k * POLL_MS
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
        const sent = performance.now()
        const headAtSend = upstream.headAt(Date.now())
        polls.push(
          poll(agent, port).then((n) => {
            times.push(performance.now() - sent)
            if (n === undefined) return void failed++
            answers++
            const lag = upstream.headAt(Date.now()) - n
            lags.set(lag, (lags.get(lag) ?? 0) + 1)
            maxLag = Math.max(maxLag, lag)
            maxLagAtSend = Math.max(maxLagAtSend, headAtSend - n)
          }),
        )
      }
      await Promise.all(polls)
    }),
  )
  const elapsed = (performance.now() - start) / 1000
  agent.destroy()
  times.sort((a, b) => a - b)
  const ms = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))] * 10) / 10
  return {
    tabs: TABS,
    pollMs: POLL_MS,
    seconds: SECONDS,
    elapsed: Math.round(elapsed * 100) / 100,
    instances: ports.length,
    answers,
    failed,
    upstreamCalls: upstream.counts.eth_blockNumber,
    maxLagBlocks: maxLag,
    maxLagAtSendBlocks: maxLagAtSend,
    lagBlocks: Object.fromEntries([...lags].sort((a, b) => a[0] - b[0])),
    pollMsP50: ms(0.5),
    pollMsP99: ms(0.99),
    pollMsMax: ms(1),
  }
}

const upstream = await startUpstream()
const result = { blockMs: BLOCK_MS, upstreamMs: UPSTREAM_MS }
try {
  const env = { UPSTREAM_PORT: String(upstream.port), CACHE: 'memory' }
  const one = await startProxy(env)
  try {
    result.oneInstance = await tabs(upstream, [one.port])
  } finally {
    await one.stop()
  }
  let redis
  try {
    redis = await startRedis()
  } catch (e) {
    result.twoInstances = { skipped: `redis-server did not start: ${e.message}` }
  }
  if (redis) {
    const both = await Promise.all([1, 2].map(() => startProxy({ ...env, CACHE: 'redis', REDIS_URL: redis.url })))
    try {
      result.twoInstances = await tabs(upstream, both.map((p) => p.port))
    } finally {
      await Promise.all(both.map((p) => p.stop()))
      await redis.stop()
    }
  }
} finally {
  await upstream.close()
}
console.log(JSON.stringify(result, null, 2))
