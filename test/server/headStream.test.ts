/**
 * `GET {basePath}/head?chain=`: new blocks as server-sent events, from one upstream poller per chain
 * however many subscribers; in a Fetch handler (a Next.js route handler) and under toNodeHandler.
 */
import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProxyHandler, headStreamStats, type ProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { API_KEY } from '../faults/support/fixtures.js'
import { heads, sleep, startChain, subscribe, waitFor, type Subscriber } from './headStreamClient.js'
import { closedAfterEach, serveProxy } from './support.js'

const POLL_MS = 25
let chain: Awaited<ReturnType<typeof startChain>>
const served = closedAfterEach()

beforeAll(async () => {
  chain = await startChain(40)
})
afterAll(() => chain.close())

function proxy(extra: Partial<ProxyHandlerOptions> = {}): ProxyHandler {
  return createProxyHandler({
    baseUrl: chain.upstream.url,
    apiKey: API_KEY,
    rpc: { url: `${chain.upstream.url}/rpc` },
    defaultChain: 'eth',
    headStream: { pollIntervalMs: POLL_MS, heartbeatMs: 60, leaseMs: 200 },
    ...extra,
  })
}

async function serve(handler: ProxyHandler) {
  const server = await serveProxy(handler)
  served.push(server)
  return server
}

/**
 * Reads a Fetch body as events until `count` of them came, however long a busy machine takes to bring
 * them (a stream that never brings them fails the test at its timeout).
 */
async function readEvents(response: Response, count: number) {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  while ((text.match(/^data: /gm) ?? []).length < count) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
  }
  return { text, reader }
}

const openFds = () => readdirSync('/proc/self/fd').length

describe('the head stream in a Fetch handler (a Next.js route handler)', () => {
  it('answers text/event-stream: retry first, the known head, then one event per new block; cancelling the body lets the subscriber go', async () => {
    const handler = proxy()
    const response = await handler(new Request('http://app.test/api/blockfeed/head?chain=eth'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('cache-control')).toContain('no-transform')
    const { text, reader } = await readEvents(response, 3)
    expect(text.startsWith('retry: 3000\n\n')).toBe(true)
    const events = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as { chain: string; blockNumber: string })
    expect(events.length).toBeGreaterThanOrEqual(3)
    expect(events[0]!.chain).toBe('eth')
    const numbers = events.map((e) => Number(BigInt(e.blockNumber)))
    // Strictly climbing: one event per new block, never the same block twice.
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    expect(new Set(numbers).size).toBe(numbers.length)
    expect(headStreamStats(handler)).toMatchObject({ subscribers: 1, chains: 1 })
    await reader.cancel()
    expect(headStreamStats(handler).subscribers).toBe(0)
    // The poller stops at its next tick, and polls no more.
    await waitFor(() => expect(headStreamStats(handler).chains).toBe(0))
    const polls = chain.polls()
    await sleep(POLL_MS * 4)
    expect(chain.polls()).toBe(polls)
  })

  it("the request's signal aborting (the client gone) ends the subscription", async () => {
    const handler = proxy()
    const client = new AbortController()
    const response = await handler(new Request('http://app.test/api/blockfeed/head?chain=eth', { signal: client.signal }))
    await readEvents(response, 1)
    expect(headStreamStats(handler).subscribers).toBe(1)
    client.abort()
    expect(headStreamStats(handler).subscribers).toBe(0)
  })

  it('sends a comment heartbeat between blocks', async () => {
    const handler = proxy({ headStream: { pollIntervalMs: 5_000, heartbeatMs: 30 } })
    const response = await handler(new Request('http://app.test/api/blockfeed/head'))
    const reader = response.body!.getReader()
    let text = ''
    while (!text.includes(': heartbeat')) text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
  })
})

describe('the head stream under toNodeHandler', () => {
  it('one upstream poller for 50 subscribers on two spellings of the chain, each told in its own spelling', async () => {
    const handler = proxy()
    const { url } = await serve(handler)
    chain.reset()
    const started = Date.now()
    const subscribers: Subscriber[] = []
    for (let i = 0; i < 50; i++) subscribers.push(await subscribe(`${url}/api/blockfeed/head?chain=${i % 2 ? 'eth' : '0x1'}`))
    await sleep(600)
    const last = chain.head()
    await waitFor(() => expect(subscribers.every((s) => heads(s).at(-1)! >= last - 1)).toBe(true))
    // One poller: the polls of one subscriber's worth, not fifty (counted and timed at one moment: the
    // poller goes on while the subscribers catch up).
    expect(chain.polls()).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / POLL_MS) + 3)
    expect(subscribers[0]!.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(subscribers[0]!.retry).toBe(3000)
    expect(subscribers[0]!.events.every((e) => e.chain === '0x1')).toBe(true)
    expect(subscribers[1]!.events.every((e) => e.chain === 'eth')).toBe(true)
    expect(headStreamStats(handler)).toEqual({ subscribers: 50, chains: 1, polling: 1 })
    for (const s of subscribers) s.close()
    await waitFor(() => expect(headStreamStats(handler)).toEqual({ subscribers: 0, chains: 0, polling: 0 }))
    // (A volume of connections, each waited for: a loaded machine took more than 30 s.)
  }, 60_000)

  it('several chains on one connection: each event names its chain, and the connection counts once', async () => {
    const handler = proxy({ maxHeadSubscribers: 1 })
    const { url } = await serve(handler)
    const s = await subscribe(`${url}/api/blockfeed/head?chain=eth&chain=base&chain=0x1`)
    await waitFor(() => expect(new Set(s.events.map((e) => e.chain))).toEqual(new Set(['eth', 'base'])))
    // `0x1` is `eth` spelled again: one feed, told once.
    expect(headStreamStats(handler)).toEqual({ subscribers: 1, chains: 2, polling: 2 })
    const refused = await subscribe(`${url}/api/blockfeed/head?chain=polygon`)
    expect(refused.status).toBe(503)
    s.close()
    await waitFor(() => expect(headStreamStats(handler).chains).toBe(0))
  })

  it('an unknown chain, an unknown parameter, a chain without an RPC URL: a 400 JSON error and no subscription', async () => {
    const handler = proxy({ rpc: { urls: { eth: `${chain.upstream.url}/rpc` } } })
    const { url } = await serve(handler)
    for (const [query, parameter] of [['chain=dogecoin', 'chain'], ['chain=eth&since=1', 'since'], ['chain=polygon', 'chain'], ['chain=eth&chain=polygon', 'chain']] as const) {
      const s = await subscribe(`${url}/api/blockfeed/head?${query}`)
      await waitFor(() => expect(s.ended).toBe(true))
      expect(s.status).toBe(400)
      expect(s.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(JSON.parse(s.text).error).toMatchObject({ parameter })
    }
    // No default chain and none given.
    const noDefault = await serve(proxy({ defaultChain: undefined }))
    const s = await subscribe(`${noDefault.url}/api/blockfeed/head`)
    await waitFor(() => expect(s.ended).toBe(true))
    expect(s.status).toBe(400)
    expect(headStreamStats(handler).subscribers).toBe(0)
  })

  it('past maxHeadSubscribers: a 503 with Retry-After; a place freed is taken again', async () => {
    const handler = proxy({ maxHeadSubscribers: 3 })
    const { url } = await serve(handler)
    const open = await Promise.all([0, 1, 2].map(() => subscribe(`${url}/api/blockfeed/head?chain=eth`)))
    expect(open.map((s) => s.status)).toEqual([200, 200, 200])
    const refused = await subscribe(`${url}/api/blockfeed/head?chain=eth`)
    await waitFor(() => expect(refused.ended).toBe(true))
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toMatch(/^\d+$/)
    expect(JSON.parse(refused.text).error.code).toBe('too_many_subscribers')
    open[0]!.close()
    await waitFor(() => expect(headStreamStats(handler).subscribers).toBe(2))
    const again = await subscribe(`${url}/api/blockfeed/head?chain=eth`)
    expect(again.status).toBe(200)
    for (const s of [...open, again]) s.close()
  })

  it('the rate limit counts a connection once, not its events', async () => {
    // One token a 100 s: however long a loaded machine takes to bring six events, none comes back meanwhile.
    const handler = proxy({ rateLimit: { capacity: 3, refillPerSecond: 0.01 } })
    const { url } = await serve(handler)
    const s = await subscribe(`${url}/api/blockfeed/head?chain=eth`)
    await waitFor(() => expect(s.events.length).toBeGreaterThanOrEqual(6))
    // Two more requests fit the budget of 3: the six events did not spend it.
    const second = await subscribe(`${url}/api/blockfeed/head?chain=eth`)
    const third = await subscribe(`${url}/api/blockfeed/head?chain=eth`)
    expect([s.status, second.status, third.status]).toEqual([200, 200, 200])
    const fourth = await subscribe(`${url}/api/blockfeed/head?chain=eth`)
    expect(fourth.status).toBe(429)
    for (const x of [s, second, third, fourth]) x.close()
  })

  it('300 subscribers that connect and leave one after another are all released: no subscriber, socket or poller left behind', async () => {
    const handler = proxy()
    const { url } = await serve(handler)
    // Warm-up: the server's and the upstream's kept-alive sockets.
    const warm = await subscribe(`${url}/api/blockfeed/head?chain=eth`)
    await waitFor(() => expect(warm.events.length).toBeGreaterThan(0))
    warm.close()
    await sleep(50)
    const fdsBefore = openFds()
    chain.reset()
    const started = Date.now()
    for (let i = 0; i < 300; i++) {
      const s = await subscribe(`${url}/api/blockfeed/head?chain=eth`)
      if (i % 50 === 0) await waitFor(() => expect(s.events.length).toBeGreaterThan(0))
      s.close()
    }
    await waitFor(() => expect(headStreamStats(handler)).toEqual({ subscribers: 0, chains: 0, polling: 0 }))
    // The sockets close as the loop gets to them: waited for, not given a moment.
    await waitFor(() => expect(openFds()).toBeLessThanOrEqual(fdsBefore + 2), 10_000)
    // The poller was not restarted by each connection: its polls follow the clock, not the subscribers.
    expect(chain.polls()).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / POLL_MS) + 3)
    // (A volume of connections, each waited for: a loaded machine took more than 30 s.)
  }, 60_000)

  it('a HEAD gets the headers without a subscription; another method is a 405', async () => {
    const handler = proxy()
    const { url } = await serve(handler)
    const head = await fetch(`${url}/api/blockfeed/head?chain=eth`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(headStreamStats(handler).subscribers).toBe(0)
    const post = await fetch(`${url}/api/blockfeed/head?chain=eth`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })

  it('is not served without `rpc` (no upstream to poll): 404', async () => {
    const handler = proxy({ rpc: undefined })
    const response = await handler(new Request('http://app.test/api/blockfeed/head?chain=eth'))
    expect(response.status).toBe(404)
  })
})

describe('a Fetch handler that streams, under toNodeHandler', () => {
  it('writes each event as it comes, and a client that leaves cancels the stream', async () => {
    const inner = proxy()
    // Not made by createProxyHandler: served through Request and Response.
    const handler: ProxyHandler = (request) => inner(request)
    const { url } = await serve(handler)
    const s = await subscribe(`${url}/api/blockfeed/head?chain=eth`)
    await waitFor(() => expect(s.events.length).toBeGreaterThanOrEqual(3))
    expect(s.ended).toBe(false)
    expect(headStreamStats(inner).subscribers).toBe(1)
    s.close()
    await waitFor(() => expect(headStreamStats(inner).subscribers).toBe(0))
  })
})
