/**
 * The head stream in Chromium: a real EventSource against MSW's service worker (a streaming
 * `text/event-stream` answer, as the proxy's). Refused, the head poller polls; served again, it goes
 * back to the stream and stops polling; a hidden tab closes the stream, a shown one opens it.
 */
import { http, HttpResponse, sse } from 'msw'
import { setupWorker } from 'msw/browser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { watchHead } from '../../src/core/live/headPoller.js'

const INTERVAL = 100
const node = { head: 100, polls: 0 }
/** The head stream's open connections, as the server sees them. */
const streams: { send(head: number): void; closed: boolean }[] = []
let refusing = true

const worker = setupWorker(
  http.post('/api/blockfeed/rpc', async ({ request }) => {
    const body = (await request.json()) as { id: number; method: string } | { id: number; method: string }[]
    const answer = (c: { id: number; method: string }) => {
      if (c.method === 'eth_blockNumber') node.polls++
      return { jsonrpc: '2.0', id: c.id, result: `0x${node.head.toString(16)}` }
    }
    return HttpResponse.json(Array.isArray(body) ? body.map(answer) : answer(body))
  }),
  http.get('/api/blockfeed/head', () => (refusing ? HttpResponse.json({ error: { code: 'too_many_subscribers' } }, { status: 503 }) : undefined)),
  sse('/api/blockfeed/head', ({ client, request }) => {
    const stream = { closed: false, send: (head: number) => void (stream.closed || client.send({ data: { chain: 'eth', blockNumber: `0x${head.toString(16)}` } })) }
    request.signal.addEventListener('abort', () => void (stream.closed = true))
    streams.push(stream)
    client.send({ retry: 3000 })
    stream.send(node.head)
  }),
)

/** Chromium's own EventSource, each one kept to see whether the poller has closed it. */
const NativeEventSource = globalThis.EventSource
const sources: EventSource[] = []
class KeptEventSource extends NativeEventSource {
  constructor(url: string | URL, init?: EventSourceInit) {
    super(url, init)
    sources.push(this)
  }
}

beforeAll(async () => {
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } })
  globalThis.EventSource = KeptEventSource
})
afterAll(() => {
  globalThis.EventSource = NativeEventSource
  worker.stop()
})

/** Connections the page holds open (or is opening). */
const open = () => sources.filter((s) => s.readyState !== NativeEventSource.CLOSED)
/** The last connection the server served. */
const served = () => streams.at(-1)!

/** Hides or shows the tab as the browser would tell the page. */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('the head stream in Chromium', () => {
  it('refused: polls; served again: back to the stream, polling stops; hidden: the stream closes and nothing is polled; shown: it opens again', async () => {
    const client = createClient({ baseUrl: '/api/blockfeed', rpc: { url: '/api/blockfeed/rpc' }, chain: 'eth', retry: false, head: { url: '/api/blockfeed/head' } })
    const heads: bigint[] = []
    const release = watchHead(client, 'eth', { intervalMs: INTERVAL, onHead: (h) => heads.push(h) })
    try {
      // Refused (503): the poller reads the node.
      await vi.waitFor(() => expect(heads).toEqual([100n]), { timeout: 5_000 })
      node.head = 101
      await vi.waitFor(() => expect(heads.at(-1)).toBe(101n), { timeout: 5_000 })
      expect(node.polls).toBeGreaterThanOrEqual(2)

      // Served again: at its next try the stream takes over, and the polls stop.
      refusing = false
      await vi.waitFor(() => expect(heads.at(-1)).toBe(101n))
      await vi.waitFor(() => expect(streams).toHaveLength(1), { timeout: 10_000 })
      expect(open()).toHaveLength(1)
      node.head = 102
      served().send(102)
      await vi.waitFor(() => expect(heads.at(-1)).toBe(102n))
      // Polling stops: a poll already sent when the stream took over may still reach the node (under
      // load, after this point), none after it. A poller left running would add one every interval.
      const polls = node.polls
      await new Promise((r) => setTimeout(r, INTERVAL * 4))
      expect(node.polls).toBeLessThanOrEqual(polls + 1)

      // Hidden: the stream is closed, nothing is polled.
      setVisibility('hidden')
      await vi.waitFor(() => expect(open()).toHaveLength(0))
      node.head = 103
      await new Promise((r) => setTimeout(r, INTERVAL * 4))
      expect(node.polls).toBeLessThanOrEqual(polls + 1)
      expect(heads.at(-1)).toBe(102n)

      // Shown: a new stream at once, whose first event is the head as it is now.
      setVisibility('visible')
      await vi.waitFor(() => expect(heads.at(-1)).toBe(103n))
      expect(open()).toHaveLength(1)
      expect(node.polls).toBeLessThanOrEqual(polls + 1)
    } finally {
      release()
      delete (document as { visibilityState?: unknown }).visibilityState
    }
  })
})
