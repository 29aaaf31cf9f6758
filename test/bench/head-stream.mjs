#!/usr/bin/env node
// Issue 29's head-stream figures, printed as one JSON object (sentences on stderr). All on 127.0.0.1:
// a local JSON-RPC upstream here (its head climbs a block every BLOCK_MS, each eth_blockNumber counted
// by the instance that asked), proxy instances in processes of their own (head-stream-proxy.mjs,
// --expose-gc, from dist/: needs `npm run build`), subscribers here on node:http.
//   1. 1,000 subscribers on one instance for 10 s: upstream polls (≤ 10 s ÷ the poll interval + 2),
//      every subscriber at the upstream's head at the end, heap and RSS per subscriber.
//   2. The same 1,000 over two instances sharing one redis-server: upstream polls for both together.
//   3. Leader killed (SIGKILL) with the default lease (3 s): time until the other instance's first poll.
//   4. 10,000 connect/disconnect cycles on one instance: heap after GC and open descriptors, before and after.
// --quick: shorter and smaller (for iterating).
import { fork } from 'node:child_process'
import { Agent, createServer, request } from 'node:http'
import { startRedis } from './redis.mjs'

const here = import.meta.dirname
const quick = process.argv.includes('--quick')
const SUBSCRIBERS = quick ? 200 : 1_000
const SECONDS = quick ? 3 : 10
const POLL_MS = 250
const BLOCK_MS = 100
const CYCLES = quick ? 1_000 : 10_000
const LEASE_MS = 3_000
const KILLS = quick ? 1 : 3
const log = (line) => process.stderr.write(`${line}\n`)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** The upstream: eth_blockNumber answers a head that climbs by one every BLOCK_MS; each call logged with its instance. */
async function startUpstream() {
  const startedAt = Date.now()
  const polls = []
  const head = () => 0x1000 + Math.floor((Date.now() - startedAt) / BLOCK_MS)
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const calls = [].concat(JSON.parse(body))
      const from = /from=(\w+)/.exec(req.url)?.[1]
      const answers = calls.map((c) => {
        if (c.method === 'eth_blockNumber') polls.push({ at: Date.now(), from })
        return { jsonrpc: '2.0', id: c.id, result: `0x${head().toString(16)}` }
      })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]))
    })
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${server.address().port}`, polls, head, close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))) }
}

/** A proxy instance (head-stream-proxy.mjs) in its own process. */
let upstreamUrl
const children = new Set()
// However this script ends, no instance outlives it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})
async function instance(name, env) {
  const proc = fork(`${here}/head-stream-proxy.mjs`, [], { env: { ...process.env, UPSTREAM: upstreamUrl, NAME: name, POLL_MS: String(POLL_MS), ...env }, execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  children.add(proc)
  proc.once('exit', () => children.delete(proc))
  const { port } = await new Promise((resolve, reject) => {
    proc.once('message', resolve)
    proc.once('exit', (code) => reject(new Error(`instance ${name} exited (${code}) before it listened`)))
  })
  const ask = (message, key) =>
    new Promise((resolve) => {
      const on = (m) => {
        if (m?.[key] === undefined) return
        proc.off('message', on)
        resolve(m[key])
      }
      proc.on('message', on)
      proc.send(message)
    })
  const exited = new Promise((r) => proc.once('exit', r))
  return {
    name,
    url: `http://127.0.0.1:${port}/api/blockfeed/head?chain=eth`,
    usage: () => ask('usage', 'usage'),
    stats: () => ask('stats', 'stats'),
    kill: async () => (proc.kill('SIGKILL'), await exited),
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.send('stop')
      setTimeout(() => proc.kill('SIGKILL'), 3_000).unref()
      await exited
    },
  }
}

const agent = new Agent({ keepAlive: false, maxSockets: Infinity })

/** One subscriber: the last head it read; `first` resolves with its first event. */
function subscribe(url) {
  return new Promise((resolve, reject) => {
    const s = { last: 0, events: 0, close: () => req.destroy() }
    let gotFirst
    s.first = new Promise((r) => (gotFirst = r))
    const req = request(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`))
      res.setEncoding('utf8')
      let buffer = ''
      res.on('data', (chunk) => {
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (!data) continue
          s.last = Number(BigInt(JSON.parse(data).blockNumber))
          s.events++
          gotFirst()
        }
      })
      res.on('error', () => {})
      resolve(s)
    })
    req.on('error', (e) => (s.closed ? undefined : reject(e)))
    req.end()
  })
}

async function subscribeMany(urls, count) {
  const all = []
  for (let i = 0; i < count; i += 100) {
    all.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => subscribe(urls[(i + j) % urls.length])))))
  }
  await Promise.all(all.map((s) => s.first))
  return all
}

/** 1. and 2.: `count` subscribers over `instances` for SECONDS: polls in the window, heads at the end, memory per subscriber. */
async function holdSubscribers(upstream, instances, count) {
  const before = await Promise.all(instances.map((i) => i.usage()))
  const subscribers = await subscribeMany(instances.map((i) => i.url), count)
  const from = Date.now()
  await sleep(SECONDS * 1_000)
  const polls = upstream.polls.filter((p) => p.at >= from && p.at < from + SECONDS * 1_000)
  // How far behind the upstream's head each subscriber is, at one instant: at most a poll interval's blocks, and the trip.
  const head = upstream.head()
  const behind = subscribers.map((s) => head - s.last)
  const during = await Promise.all(instances.map((i) => i.usage()))
  const stats = await Promise.all(instances.map((i) => i.stats()))
  for (const s of subscribers) s.close()
  const heapPerSubscriber = during.reduce((n, u, k) => n + u.heapUsed - before[k].heapUsed, 0) / count
  const rssPerSubscriber = during.reduce((n, u, k) => n + u.rss - before[k].rss, 0) / count
  return {
    subscribers: count,
    seconds: SECONDS,
    pollMs: POLL_MS,
    upstreamPolls: polls.length,
    pollers: [...new Set(polls.map((p) => p.from))],
    allowed: Math.floor((SECONDS * 1_000) / POLL_MS) + 2,
    maxBlocksBehind: Math.max(...behind),
    blocksPerPoll: POLL_MS / BLOCK_MS,
    eventsPerSubscriber: Math.round(subscribers.reduce((n, s) => n + s.events, 0) / count),
    heapKbPerSubscriber: +(heapPerSubscriber / 1024).toFixed(2),
    rssKbPerSubscriber: +(rssPerSubscriber / 1024).toFixed(2),
    polling: stats.map((s) => s.polling),
  }
}

/** 3.: two instances with one Redis and the default lease; the leader SIGKILLed; ms until the other's first upstream poll. */
async function leaderKilled(upstream, redis) {
  const a = await instance('a', { REDIS_URL: redis.url, LEASE_MS: String(LEASE_MS) })
  const b = await instance('b', { REDIS_URL: redis.url, LEASE_MS: String(LEASE_MS) })
  const subscribers = [...(await subscribeMany([a.url], 10)), ...(await subscribeMany([b.url], 10))]
  await sleep(1_000)
  const leader = (await a.stats()).polling === 1 ? a : b
  const follower = leader === a ? b : a
  await leader.kill()
  const diedAt = Date.now()
  while (!upstream.polls.some((p) => p.from === follower.name && p.at >= diedAt)) await sleep(5)
  const tookOverMs = upstream.polls.find((p) => p.from === follower.name && p.at >= diedAt).at - diedAt
  // Its subscribers went on: at the head within a poll interval's blocks once it polls.
  await sleep(POLL_MS * 2 + 50)
  const onFollower = subscribers.slice(leader === a ? 10 : 0, leader === a ? 20 : 10)
  const now = upstream.head()
  const behind = Math.max(...onFollower.map((s) => now - s.last))
  for (const s of subscribers) s.close()
  await follower.stop()
  return { tookOverMs, followerBlocksBehind: behind }
}

/** 4.: CYCLES subscribers that connect, read their first event and leave, 50 at a time. */
async function cycles(one) {
  const run = async (n) => {
    let next = 0
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < n) {
          next++
          const s = await subscribe(one.url)
          await s.first
          s.closed = true
          s.close()
        }
      }),
    )
  }
  await run(500) // warm-up: the heap's and the sockets' steady state
  await sleep(300)
  const before = await one.usage()
  const started = Date.now()
  await run(CYCLES)
  const seconds = (Date.now() - started) / 1_000
  await sleep(500)
  const after = await one.usage()
  const stats = await one.stats()
  return {
    cycles: CYCLES,
    seconds: +seconds.toFixed(1),
    heapBeforeMb: +(before.heapUsed / 2 ** 20).toFixed(2),
    heapAfterMb: +(after.heapUsed / 2 ** 20).toFixed(2),
    heapGrowthMb: +((after.heapUsed - before.heapUsed) / 2 ** 20).toFixed(2),
    fdsBefore: before.fds,
    fdsAfter: after.fds,
    subscribersLeft: stats.subscribers,
  }
}

const upstream = await startUpstream()
upstreamUrl = upstream.url
const result = {}
try {
  const one = await instance('a', {})
  result.oneInstance = await holdSubscribers(upstream, [one], SUBSCRIBERS)
  log(`1,000 subscribers, one instance: ${JSON.stringify(result.oneInstance)}`)
  await sleep(POLL_MS * 2)
  result.churn = await cycles(one)
  log(`connect/disconnect cycles: ${JSON.stringify(result.churn)}`)
  await one.stop()

  let redis
  try {
    redis = await startRedis()
  } catch (e) {
    result.twoInstances = { skipped: `redis-server did not start: ${e.message}` }
    result.leaderKilled = { skipped: result.twoInstances.skipped }
  }
  if (redis) {
    try {
      const pair = [await instance('a', { REDIS_URL: redis.url }), await instance('b', { REDIS_URL: redis.url })]
      await sleep(500)
      result.twoInstances = await holdSubscribers(upstream, pair, SUBSCRIBERS)
      log(`1,000 subscribers over two instances and one Redis: ${JSON.stringify(result.twoInstances)}`)
      await Promise.all(pair.map((i) => i.stop()))
      const kills = []
      for (let k = 0; k < KILLS; k++) kills.push(await leaderKilled(upstream, redis))
      const sorted = kills.map((k) => k.tookOverMs).sort((x, y) => x - y)
      result.leaderKilled = { leaseMs: LEASE_MS, runs: sorted, medianMs: sorted[Math.floor(sorted.length / 2)], maxMs: sorted.at(-1), followerBlocksBehind: Math.max(...kills.map((k) => k.followerBlocksBehind)) }
      log(`leader killed: ${JSON.stringify(result.leaderKilled)}`)
    } finally {
      await redis.stop()
    }
  }
} finally {
  await upstream.close()
}
console.log(JSON.stringify(result))
process.exit(0)
