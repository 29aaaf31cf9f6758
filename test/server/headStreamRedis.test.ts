/**
 * The head stream across instances, against a real redis-server: proxy instances in processes of
 * their own (so that one can die as a crashed server does, SIGKILL, its lease left in Redis), one
 * Redis, one upstream that counts the polls of each instance.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startRedis, type RedisServer } from '../support/redis.js'
import { heads, instanceScript, removeInstanceScript, sleep, startChain, startInstance, subscribe, waitFor, type Instance, type Subscriber } from './headStreamClient.js'

const POLL_MS = 50
// Renewed every 200 ms: a stall of the leader's process under a loaded run must last 400 ms to hand the lease over.
const LEASE_MS = 600
let chain: Awaited<ReturnType<typeof startChain>>
let running: Instance[] = []
let opened: Subscriber[] = []

beforeAll(async () => {
  ;[chain] = await Promise.all([startChain(40), instanceScript()])
})
afterAll(() => Promise.all([chain.close(), removeInstanceScript()]))
afterEach(async () => {
  for (const s of opened.splice(0)) s.close()
  await Promise.all(running.splice(0).map((i) => i.stop()))
})

async function instances(redis: RedisServer, ...names: string[]) {
  const started = await Promise.all(names.map((name) => startInstance(name, { UPSTREAM: chain.upstream.url, REDIS_PORT: String(redis.port), POLL_MS: String(POLL_MS), LEASE_MS: String(LEASE_MS) })))
  running.push(...started)
  return started
}

async function subscribers(instance: Instance, count: number) {
  const list = await Promise.all(Array.from({ length: count }, () => subscribe(`${instance.url}/api/blockfeed/head?chain=eth`)))
  opened.push(...list)
  return list
}

/** The instance whose polls reached the upstream since `since`, by name. */
const pollersSince = (since: number) => new Set(chain.log.filter((p) => p.at >= since).map((p) => p.from))

describe('two instances, one Redis', () => {
  it('one upstream poller for both; the other follows through Redis and its subscribers get every head', async () => {
    const redis = await startRedis()
    try {
      const [a, b] = await instances(redis, 'a', 'b')
      const onA = await subscribers(a!, 10)
      const onB = await subscribers(b!, 10)
      await sleep(300)
      const from = Date.now()
      await sleep(1_000)
      const polls = chain.log.filter((p) => p.at >= from)
      // One instance polls; the window holds one poll per interval (+2 for the window's edges).
      expect(pollersSince(from).size).toBe(1)
      expect(polls.length).toBeLessThanOrEqual(1_000 / POLL_MS + 2)
      const [sa, sb] = await Promise.all([a!.stats(), b!.stats()])
      expect(sa.polling + sb.polling).toBe(1)
      expect([sa.chains, sb.chains]).toEqual([1, 1])
      const last = chain.head()
      await waitFor(() => expect([...onA, ...onB].every((s) => heads(s).at(-1)! >= last - 2)).toBe(true))
      // The follower's subscribers see the blocks one by one, as the leader's do: many heads, each once,
      // in order (how many by a given moment depends on the machine's load, so it waits for the count).
      const follower = sa.polling === 0 ? onA : onB
      await waitFor(() => expect(heads(follower[0]!).length).toBeGreaterThan(15), 10_000)
      const seen = heads(follower[0]!)
      expect(seen).toEqual([...new Set(seen)].sort((x, y) => x - y))
    } finally {
      await redis.stop()
    }
  })

  it('the leader killed mid-stream: the other instance takes over within one lease, and its subscribers never stop', async () => {
    const redis = await startRedis()
    try {
      const [a, b] = await instances(redis, 'a', 'b')
      const onA = await subscribers(a!, 5)
      const onB = await subscribers(b!, 5)
      // One leader once both have settled (on a loaded machine a late renewal may hand the lease over
      // once, and for a moment both poll), read from both instances at once.
      await sleep(400)
      let pollingA = 0
      await waitFor(async () => {
        const [sa, sb] = await Promise.all([a!.stats(), b!.stats()])
        pollingA = sa.polling
        expect(sa.polling + sb.polling).toBe(1)
      })
      const leader = pollingA === 1 ? a! : b!
      const follower = leader === a ? b! : a!
      const watching = leader === a ? onB : onA
      await leader.kill()
      // Dead once its process has exited (a SIGKILL takes a while to land on a busy machine).
      const diedAt = Date.now()
      running = running.filter((i) => i !== leader)
      await waitFor(() => expect(chain.log.some((p) => p.from === follower.name && p.at >= diedAt)).toBe(true))
      const tookOverAt = chain.log.find((p) => p.from === follower.name && p.at >= diedAt)!.at
      // Within one lease of the death (the lease it last renewed runs out), a Redis round trip and an upstream one.
      expect(tookOverAt - diedAt).toBeLessThanOrEqual(LEASE_MS + 150)
      expect((await follower.stats()).polling).toBe(1)
      const atTakeover = heads(watching[0]!).at(-1)!
      await waitFor(() => expect(watching.every((s) => heads(s).at(-1)! >= atTakeover + 3)).toBe(true))
      expect(watching.every((s) => !s.ended)).toBe(true)
    } finally {
      await redis.stop()
    }
  })

  it('Redis killed: each instance falls back to its own poller, subscribers keep getting heads, and a new one is served at once', async () => {
    const redis = await startRedis()
    const [a, b] = await instances(redis, 'a', 'b')
    const onA = await subscribers(a!, 5)
    const onB = await subscribers(b!, 5)
    await sleep(400)
    const killedAt = Date.now()
    await redis.kill()
    // Both poll on their own within a Redis deadline or two (Redis is asked again once a second).
    await waitFor(() => expect(pollersSince(killedAt)).toEqual(new Set(['a', 'b'])), 3_000)
    const [sa, sb] = await Promise.all([a!.stats(), b!.stats()])
    expect([sa.polling, sb.polling]).toEqual([1, 1])
    const now = chain.head()
    await waitFor(() => expect([...onA, ...onB].every((s) => heads(s).at(-1)! >= now + 2)).toBe(true))
    // Nothing waits on the dead Redis: a new subscriber gets its headers and the known head at once.
    const askedAt = Date.now()
    const [late] = await subscribers(b!, 1)
    expect(late!.status).toBe(200)
    await waitFor(() => expect(late!.events.length).toBeGreaterThan(0))
    expect(Date.now() - askedAt).toBeLessThan(500)
    expect([...a!.warnings, ...b!.warnings].some((w) => /Redis unreachable/.test(w))).toBe(true)
  })
})
