/**
 * The head poller on the proxy's head stream (`createClient({ head: { url } })`), through a fake
 * EventSource: heads come from the stream and nothing is polled; refused, closed or silent, it
 * polls, and goes back to the stream later; a hidden tab closes the stream and a shown one opens it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { activeHeadPollers, watchHead } from '../../../src/core/live/headPoller.js'

class FakeEventSource {
  static opened: FakeEventSource[] = []
  readyState = 0
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  onopen: ((event: Event) => void) | null = null
  /** When it was opened, and when `fail()` refused or dropped it. */
  readonly openedAt = Date.now()
  failedAt = 0
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  close() {
    this.readyState = 2
  }
  get closed() {
    return this.readyState === 2
  }
  /** The server's event for a new block. */
  head(chain: string, n: number) {
    if (this.closed) return
    this.readyState = 1
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ chain, blockNumber: `0x${n.toString(16)}` }) }))
  }
  /** Refused (an HTTP error) or dropped: what EventSource says either way. */
  fail() {
    if (this.closed) return
    this.failedAt = Date.now()
    this.readyState = 2
    this.onerror?.(new Event('error'))
  }
  static get open() {
    return FakeEventSource.opened.filter((s) => !s.closed)
  }
}

const INTERVAL = 40
// Waits for a state however long a loaded machine takes; the timeout only fails one that never comes.
const wait = (assertion: () => void, timeout = 15_000) => vi.waitFor(assertion, { timeout, interval: 5 })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A client on a fake proxy: its /rpc answers eth_blockNumber with `node.head` and counts the calls. */
function clientOnFakeProxy({ stream = true } = {}) {
  const node = { head: 100, polls: 0 }
  const fetchFn: typeof fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
    const answer = (c: { id: number; method: string }) => {
      if (c.method === 'eth_blockNumber') node.polls++
      return { jsonrpc: '2.0', id: c.id, result: `0x${node.head.toString(16)}` }
    }
    return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)), { headers: { 'content-type': 'application/json' } })
  }
  const client = createClient({
    baseUrl: 'http://proxy.test/api/blockfeed',
    rpc: { url: 'http://proxy.test/api/blockfeed/rpc' },
    chain: 'eth',
    extraChains: ['0x7a69'],
    retry: false,
    fetch: fetchFn,
    ...(stream ? { head: { url: 'http://proxy.test/api/blockfeed/head' } } : {}),
  })
  return { client, node }
}

let releases: (() => void)[] = []
beforeEach(() => {
  FakeEventSource.opened = []
  ;(globalThis as { EventSource?: unknown }).EventSource = FakeEventSource
})
afterEach(() => {
  for (const release of releases.splice(0)) release()
  delete (globalThis as { EventSource?: unknown }).EventSource
  delete (globalThis as { document?: unknown }).document
})

function watch(client: ReturnType<typeof clientOnFakeProxy>['client'], chain = 'eth') {
  const heads: [bigint, bigint | undefined][] = []
  const polls: bigint[] = []
  releases.push(watchHead(client, chain, { intervalMs: INTERVAL, onHead: (h, p) => heads.push([h, p]), onPoll: (h) => polls.push(h) }))
  return { heads, polls }
}

describe('the head poller on the head stream', () => {
  it('takes its heads from the stream and polls nothing; listeners hear them as from polls (a baseline, then new blocks)', async () => {
    const { client, node } = clientOnFakeProxy()
    const { heads, polls } = watch(client)
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    const stream = FakeEventSource.open[0]!
    expect(stream.url).toBe('http://proxy.test/api/blockfeed/head?chain=eth')
    stream.head('eth', 100)
    stream.head('eth', 101)
    stream.head('eth', 101)
    stream.head('eth', 102)
    expect(heads).toEqual([[100n, undefined], [101n, 100n], [102n, 101n]])
    // Once an interval the listeners hear that the head is known (as a poll would tell them): three of
    // them waited for, however long a loaded machine takes to bring them.
    await wait(() => expect(polls.filter((h) => h === 102n).length).toBeGreaterThanOrEqual(3))
    // Silent for those intervals on a chain whose block time (12 s) is longer: not silence, and no poll.
    expect(node.polls).toBe(0)
  })

  it('one stream for every chain of the client; each chain hears only its own heads', async () => {
    const { client, node } = clientOnFakeProxy()
    const eth = watch(client, 'eth')
    const base = watch(client, 'base')
    await wait(() => expect(FakeEventSource.open.map((s) => s.url)).toEqual(['http://proxy.test/api/blockfeed/head?chain=eth&chain=base']))
    const stream = FakeEventSource.open[0]!
    stream.head('eth', 100)
    stream.head('base', 5_000)
    expect(eth.heads).toEqual([[100n, undefined]])
    expect(base.heads).toEqual([[5_000n, undefined]])
    expect(node.polls).toBe(0)
    expect(activeHeadPollers(client)).toBe(2)
  })

  it('refused: polls at once and on every interval, opens the stream again later, and stops polling once it speaks', async () => {
    const { client, node } = clientOnFakeProxy()
    const { heads } = watch(client)
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    FakeEventSource.open[0]!.fail()
    await wait(() => expect(heads).toEqual([[100n, undefined]]))
    node.head = 101
    await wait(() => expect(heads.at(-1)).toEqual([101n, 100n]))
    const pollsWhileDown = node.polls
    expect(pollsWhileDown).toBeGreaterThanOrEqual(2)
    // Three intervals later, a second try.
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    expect(FakeEventSource.opened).toHaveLength(2)
    FakeEventSource.open[0]!.head('eth', 102)
    expect(heads.at(-1)).toEqual([102n, 101n])
    const pollsBack = node.polls
    await sleep(INTERVAL * 4)
    expect(node.polls).toBeLessThanOrEqual(pollsBack + 1)
  })

  it('closed mid-stream: polls, then back to the stream; refused again, it waits longer before the next try', async () => {
    const { client, node } = clientOnFakeProxy()
    const { heads } = watch(client)
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    FakeEventSource.open[0]!.head('eth', 100)
    FakeEventSource.open[0]!.fail()
    node.head = 103
    await wait(() => expect(heads.at(-1)).toEqual([103n, 100n]))
    await wait(() => expect(FakeEventSource.opened).toHaveLength(2))
    FakeEventSource.open[0]!.fail()
    await wait(() => expect(FakeEventSource.opened).toHaveLength(3))
    // Three poll intervals after the first failure, then doubled: a proxy that refuses is not asked
    // every few seconds for ever. (Lower bounds: a loaded machine only makes the waits longer.)
    const [first, second, third] = FakeEventSource.opened
    expect(second!.openedAt - first!.failedAt).toBeGreaterThanOrEqual(3 * INTERVAL)
    expect(third!.openedAt - second!.failedAt).toBeGreaterThanOrEqual(6 * INTERVAL)
  })

  it('silent past three poll intervals on a chain with no known block time: polls, and opens the stream again later', async () => {
    const { client, node } = clientOnFakeProxy()
    const { heads } = watch(client, '0x7a69')
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    FakeEventSource.open[0]!.head('0x7a69', 100)
    const silentFrom = Date.now()
    node.head = 104
    await wait(() => expect(heads.at(-1)).toEqual([104n, 100n]))
    expect(Date.now() - silentFrom).toBeGreaterThanOrEqual(INTERVAL * 3)
    // Silent on its every chain: the connection was closed as suspect, and is opened again.
    expect(FakeEventSource.opened[0]!.closed).toBe(true)
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    FakeEventSource.open[0]!.head('0x7a69', 105)
    expect(heads.at(-1)).toEqual([105n, 104n])
  })

  it('a hidden tab closes the stream and polls nothing; shown again, it opens the stream at once', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
    ;(globalThis as { document?: unknown }).document = doc
    const { client, node } = clientOnFakeProxy()
    const { heads } = watch(client)
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    FakeEventSource.open[0]!.head('eth', 100)
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(FakeEventSource.open).toHaveLength(0)
    await sleep(INTERVAL * 5)
    expect(node.polls).toBe(0)
    expect(FakeEventSource.opened).toHaveLength(1)
    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    FakeEventSource.open[0]!.head('eth', 101)
    expect(heads.at(-1)).toEqual([101n, 100n])
    expect(node.polls).toBe(0)
  })

  it('shown again after a refusal, the stream is tried at once, not after its retry wait', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
    ;(globalThis as { document?: unknown }).document = doc
    const { client } = clientOnFakeProxy()
    // A long interval: the retry wait (three of them) is far off.
    releases.push(watchHead(client, 'eth', { intervalMs: 10_000, onHead: () => {} }))
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    FakeEventSource.open[0]!.fail()
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
  })

  it('the last release closes the stream', async () => {
    const { client } = clientOnFakeProxy()
    watch(client)
    await wait(() => expect(FakeEventSource.open).toHaveLength(1))
    for (const release of releases.splice(0)) release()
    expect(FakeEventSource.open).toHaveLength(0)
    expect(activeHeadPollers(client)).toBe(0)
  })

  it('a client without `head` polls as before, and a `head` without a URL is refused when the client is made', async () => {
    expect(() => createClient({ baseUrl: '/api/blockfeed', head: { url: '' } })).toThrow(/head\.url/)
    expect(() => createClient({ baseUrl: '/api/blockfeed', head: 'x' as never })).toThrow(/head\.url/)
    const { client: plain, node } = clientOnFakeProxy({ stream: false })
    const { heads } = watch(plain)
    await wait(() => expect(heads).toEqual([[100n, undefined]]))
    expect(FakeEventSource.opened).toHaveLength(0)
    await wait(() => expect(node.polls).toBeGreaterThanOrEqual(3))
  })
})
