/**
 * The head stream across instances, against a real redis-server: proxy instances in processes of
 * their own (so that one can die as a crashed server does, SIGKILL, its lease left in Redis), one
 * Redis, one upstream that counts the polls of each instance.
 */
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startRedis, type RedisServer } from '../support/redis.js'
import { watchTurns } from '../support/turns.js'
import { heads, instanceScript, removeInstanceScript, startChain, startInstance, subscribe, waitFor, type Instance, type Subscriber } from './headStreamClient.js'

const POLL_MS = 50
// Renewed every 200 ms: a stall of the leader's process under a loaded run must last 400 ms to hand the lease over.
const LEASE_MS = 600
/** The lease of `eth` (`0x1`) in Redis (headStreamShared.ts, under the cache's default prefix). */
const LEASE_KEY = 'blockfeed:cache:head:{0x1}:lease'
let chain: Awaited<ReturnType<typeof startChain>>
let running: Instance[] = []
let opened: Subscriber[] = []
const connections: Redis[] = []

beforeAll(async () => {
  ;[chain] = await Promise.all([startChain(40), instanceScript()])
})
afterAll(() => Promise.all([chain.close(), removeInstanceScript()]))
afterEach(async () => {
  for (const s of opened.splice(0)) s.close()
  for (const c of connections.splice(0)) c.disconnect()
  await Promise.all(running.splice(0).map((i) => i.stop()))
})

async function instances(redis: RedisServer, ...names: string[]) {
  const env = { UPSTREAM: chain.upstream.url, REDIS_PORT: String(redis.port), POLL_MS: String(POLL_MS), LEASE_MS: String(LEASE_MS), WATCH_TURNS: '1' }
  const started = await Promise.all(names.map((name) => startInstance(name, env)))
  running.push(...started)
  return started
}

async function subscribers(instance: Instance, count: number) {
  const list = await Promise.all(Array.from({ length: count }, () => subscribe(`${instance.url}/api/blockfeed/head?chain=eth`)))
  opened.push(...list)
  return list
}

function connect(redis: RedisServer): Redis {
  const client = new Redis({ port: redis.port, host: '127.0.0.1', maxRetriesPerRequest: 1 })
  client.on('error', () => {})
  connections.push(client)
  return client
}

/** The instance whose polls reached the upstream since `since`, by name. */
const pollersSince = (since: number) => new Set(chain.log.filter((p) => p.at >= since).map((p) => p.from))

/**
 * The first stretch of `length` polls in a row, logged from index `from` on, that all came from one
 * instance; undefined while there is none. Two instances polling each on its own interleave theirs
 * within a few polls; a leader's polls follow one another until a handover.
 */
function stretchOfOne(from: number, length: number): { from: string; first: number; last: number } | undefined {
  let start = from
  for (let i = from; i < chain.log.length; i++) {
    if (chain.log[i]!.from !== chain.log[start]!.from) start = i
    if (i - start + 1 === length) return { from: chain.log[start]!.from!, first: chain.log[start]!.at, last: chain.log[i]!.at }
  }
  return undefined
}

// Each test waits on states (a stretch of polls, a takeover, heads come), however long a loaded machine takes
// to bring them: 90 s is a guard against a hang, not a bound on the behaviour.
describe('two instances, one Redis', { timeout: 90_000 }, () => {
  it('one upstream poller for both; the other follows through Redis and its subscribers get every head', async () => {
    const redis = await startRedis()
    const turns = watchTurns()
    try {
      const [a, b] = await instances(redis, 'a', 'b')
      const onA = await subscribers(a!, 10)
      const onB = await subscribers(b!, 10)
      const from = chain.log.length
      // One instance polls: half a second of polls (10) in a row from one of them, which two pollers never
      // give (a late renewal on a busy machine may hand the lease over, and for a moment both poll: that
      // stretch is not the one counted). Waited for, not looked for in a given second.
      const RUN = 10
      await waitFor(() => expect(stretchOfOne(from, RUN), 'ten polls in a row from one instance').toBeDefined(), 40_000)
      const stretch = stretchOfOne(from, RUN)!
      // One poll per interval, not one per subscriber: 9 intervals at least between the first and the
      // last, less how late this process may have logged the first (its longest turns, measured).
      expect(stretch.last - stretch.first).toBeGreaterThanOrEqual((RUN - 1) * POLL_MS - turns.longest())
      let follower = onA
      await waitFor(async () => {
        const [sa, sb] = await Promise.all([a!.stats(), b!.stats()])
        expect(sa.polling + sb.polling).toBe(1)
        expect([sa.chains, sb.chains]).toEqual([1, 1])
        follower = sa.polling === 0 ? onA : onB
      })
      const last = chain.head()
      await waitFor(() => expect([...onA, ...onB].every((s) => heads(s).at(-1)! >= last - 2)).toBe(true))
      // The follower's subscribers see the blocks one by one, as the leader's do: many heads, each once,
      // in order (how many by a given moment depends on the machine's load, so it waits for the count).
      await waitFor(() => expect(heads(follower[0]!).length).toBeGreaterThan(15))
      const seen = heads(follower[0]!)
      expect(seen).toEqual([...new Set(seen)].sort((x, y) => x - y))
    } finally {
      turns.stop()
      await redis.stop()
    }
  })

  it('the leader killed mid-stream: the other instance takes over within one lease, and its subscribers never stop', async () => {
    const redis = await startRedis()
    const turns = watchTurns()
    try {
      const [a, b] = await instances(redis, 'a', 'b')
      const onA = await subscribers(a!, 5)
      const onB = await subscribers(b!, 5)
      const probe = connect(redis)
      // One leader once both have settled (on a loaded machine a late renewal may hand the lease over, and
      // for a moment both poll): both instances say so, and the lease kept one holder while they were asked.
      let leader = a!
      let holder: string | null = null
      await waitFor(async () => {
        const before = await probe.get(LEASE_KEY)
        const [sa, sb] = await Promise.all([a!.stats(), b!.stats()])
        holder = await probe.get(LEASE_KEY)
        expect(sa.polling + sb.polling).toBe(1)
        expect(holder).not.toBeNull()
        expect(holder).toBe(before)
        leader = sa.polling === 1 ? a! : b!
      })
      const follower = leader === a ? b! : a!
      const watching = leader === a ? onB : onA
      await follower.turns()
      turns.longest()
      await leader.kill()
      // Dead once its process has exited (a SIGKILL takes a while to land on a busy machine).
      const diedAt = Date.now()
      running = running.filter((i) => i !== leader)
      // When the lease it last renewed runs out, by Redis's clock (the machine's): its holder, life left and time, read at once.
      const [held, left, [seconds, micros]] = (await probe.eval("return {redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1]), redis.call('TIME')}", 1, LEASE_KEY)) as [string | null, number, [string, string]]
      await waitFor(() => expect(chain.log.some((p) => p.from === follower.name && p.at >= diedAt)).toBe(true))
      const tookOverAt = chain.log.find((p) => p.from === follower.name && p.at >= diedAt)!.at
      // Measured from the moment the lease ran out, not from the kill: unless this process saw the death
      // so late that the lease had run out and been taken already (then that moment is not known).
      if (held === holder) {
        const expiredAt = Number(seconds) * 1000 + Number(micros) / 1000 + left
        // Run out within one lease of the death: nobody renewed it.
        expect(expiredAt).toBeLessThanOrEqual(diedAt + LEASE_MS)
        // Taken over once it ran out, not before (one poller at a time: 1 ms for two clocks' rounding)…
        expect(tookOverAt).toBeGreaterThanOrEqual(expiredAt - 1)
        // …and by the claim the follower set for that moment (its lease's life left + 1 ms): its reply, and
        // the poll it starts, within 100 ms on an idle machine, plus how late the follower's loop and this
        // one (which logs the poll) ran meanwhile. A follower that waited out another lease would be 600 late.
        const lag = (await follower.turns()) * 2 + turns.longest()
        expect(tookOverAt - expiredAt).toBeLessThanOrEqual(100 + lag)
      }
      expect((await follower.stats()).polling).toBe(1)
      const atTakeover = heads(watching[0]!).at(-1)!
      await waitFor(() => expect(watching.every((s) => heads(s).at(-1)! >= atTakeover + 3)).toBe(true))
      expect(watching.every((s) => !s.ended)).toBe(true)
    } finally {
      turns.stop()
      await redis.stop()
    }
  })

  it('Redis killed: each instance falls back to its own poller, subscribers keep getting heads, and a new one is served at once', async () => {
    const redis = await startRedis()
    const turns = watchTurns()
    try {
      const [a, b] = await instances(redis, 'a', 'b')
      const onA = await subscribers(a!, 5)
      const onB = await subscribers(b!, 5)
      // Both serve heads through Redis first.
      await waitFor(() => expect([...onA, ...onB].every((s) => s.events.length > 0)).toBe(true))
      const killedAt = Date.now()
      await redis.kill()
      // Both poll on their own once a Redis command has failed (Redis is asked again once a second).
      await waitFor(() => expect(pollersSince(killedAt)).toEqual(new Set(['a', 'b'])))
      // Each says so once its next claim has found Redis gone (a poll logged just after the kill may be
      // a leader's last before a late renewal handed the lease over).
      await waitFor(async () => {
        const [sa, sb] = await Promise.all([a!.stats(), b!.stats()])
        expect([sa.polling, sb.polling]).toEqual([1, 1])
      })
      const now = chain.head()
      await waitFor(() => expect([...onA, ...onB].every((s) => heads(s).at(-1)! >= now + 2)).toBe(true))
      // Nothing waits on the dead Redis: a new subscriber gets its headers and the known head at once, that
      // is within 500 ms more than how late the instance's loop and this one ran meanwhile (measured).
      await b!.turns()
      turns.longest()
      const askedAt = Date.now()
      const [late] = await subscribers(b!, 1)
      expect(late!.status).toBe(200)
      await waitFor(() => expect(late!.events.length).toBeGreaterThan(0))
      const took = Date.now() - askedAt
      expect(took).toBeLessThan(500 + 2 * (await b!.turns()) + 2 * turns.longest())
      expect([...a!.warnings, ...b!.warnings].some((w) => /Redis unreachable/.test(w))).toBe(true)
    } finally {
      turns.stop()
    }
  })
})
