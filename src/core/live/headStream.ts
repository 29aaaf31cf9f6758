import { chainIdentity, getChainInfo } from '../chains.js'
import type { BlockfeedClient } from '../clientTypes.js'
import { headStreamOf } from './headStreamConfig.js'

// The client's end of the proxy's head stream (`createClient({ head: { url } })`): one connection per
// client for every chain its head pollers follow (a browser holds six connections to a host over
// HTTP/1.1), through EventSource when there is one, else fetch. Each chain's poller asks `live()`
// before it polls: while the stream brings that chain's heads, it does not.

/** One chain's place on the client's head stream, as its head poller reads it. */
export interface ChainStream {
  /**
   * Whether this chain's heads come from the stream now; opens the stream when it is closed and its
   * retry time has come. False while it is refused, closed or silent: then the poller polls.
   */
  live(intervalMs: number): boolean
  /** Opens the stream now, whatever its retry time (the tab is shown again). */
  open(): void
  /** Leaves the stream (the poller stopped, or the tab is hidden); the connection closes with its last chain. */
  leave(): void
}

export interface ChainStreamHandlers {
  /** A head of this chain came on the stream. */
  onHead(head: bigint): void
  /** The stream failed (refused, closed, or silent on every chain): poll now. */
  onDown(): void
}

interface Member {
  id: string
  chain: string
  handlers: ChainStreamHandlers
  joinedAt: number
  lastHeadAt: number
  intervalMs: number
  /** The chain's block time: on a chain slower than the poll interval, three blocks without a head are not silence. */
  blockTimeMs: number
}

interface Link {
  url: string
  members: Map<string, Member>
  close: (() => void) | undefined
  /** The chains the open connection carries. */
  carried: Set<string>
  openedAt: number
  /** The last comment (heartbeat) read: fetch sees them, EventSource does not. */
  heardAt: number
  failures: number
  retryAt: number
  openQueued: boolean
}

const MAX_BLOCK = BigInt(Number.MAX_SAFE_INTEGER)
const MAX_RETRY_MS = 60_000
const links = new WeakMap<BlockfeedClient, Link>()

/** `chain`'s place on the client's head stream, or undefined when the client was made without `head` (or no chain is named). */
export function joinHeadStream(client: BlockfeedClient, chain: string | undefined, handlers: ChainStreamHandlers): ChainStream | undefined {
  const config = headStreamOf(client)
  if (!config || !chain) return undefined
  let link = links.get(client)
  if (!link) {
    link = { url: config.url, members: new Map(), close: undefined, carried: new Set(), openedAt: 0, heardAt: 0, failures: 0, retryAt: 0, openQueued: false }
    links.set(client, link)
  }
  const l = link
  const member: Member = {
    id: chainIdentity(chain),
    chain,
    handlers,
    joinedAt: Date.now(),
    lastHeadAt: 0,
    intervalMs: 0,
    blockTimeMs: getChainInfo(chain)?.viemChain.blockTime ?? 0,
  }
  l.members.set(member.id, member)
  // A chain the open connection does not carry: opened again with it (other pollers joining in the same turn share that).
  if (l.close ? !l.carried.has(member.id) : Date.now() >= l.retryAt) queueOpen(l)
  return {
    live: (intervalMs) => isLive(l, member, intervalMs),
    open: () => queueOpen(l),
    leave: () => {
      if (l.members.get(member.id) !== member) return
      l.members.delete(member.id)
      if (l.members.size === 0) shut(l)
    },
  }
}

function isLive(link: Link, member: Member, intervalMs: number): boolean {
  member.intervalMs = intervalMs
  const now = Date.now()
  // (Re)opening in this turn, with this chain: the first interval's grace.
  if (link.openQueued) return true
  if (!link.close) {
    if (now < link.retryAt) return false
    open(link)
  }
  const silent = now - heardOf(link, member)
  if (silent > silenceLimit(member)) {
    // Silent on every chain: the connection itself is suspect (a half-open socket), so it is closed and tried again later.
    if ([...link.members.values()].every((m) => now - heardOf(link, m) > silenceLimit(m))) fail(link)
    return false
  }
  // Before this chain's first head on this connection, a poll interval's grace.
  return member.lastHeadAt >= link.openedAt || silent <= intervalMs
}

const heardOf = (link: Link, member: Member) => Math.max(link.openedAt, link.heardAt, member.joinedAt, member.lastHeadAt)
const silenceLimit = (member: Member) => 3 * Math.max(member.intervalMs || 4_000, member.blockTimeMs)

function queueOpen(link: Link) {
  if (link.openQueued) return
  link.openQueued = true
  queueMicrotask(() => {
    link.openQueued = false
    // Opened meanwhile with every chain (a poller's first tick): not again.
    if (!link.close || [...link.members.keys()].some((id) => !link.carried.has(id))) open(link)
  })
}

function open(link: Link) {
  shut(link)
  if (link.members.size === 0) return
  const members = [...link.members.values()]
  const query = members.map((m) => `chain=${encodeURIComponent(m.chain)}`).join('&')
  link.carried = new Set(members.map((m) => m.id))
  link.openedAt = Date.now()
  link.close = openSource(`${link.url}${link.url.includes('?') ? '&' : '?'}${query}`, {
    head: (chain, head) => {
      const member = link.members.get(chainIdentity(chain))
      if (!member) return
      member.lastHeadAt = Date.now()
      link.failures = 0
      member.handlers.onHead(head)
    },
    heard: () => void (link.heardAt = Date.now()),
    failed: () => fail(link),
  })
}

function shut(link: Link) {
  link.close?.()
  link.close = undefined
  link.carried = new Set()
}

/** Refused, closed or silent: closed, every chain told to poll, and opened again after a wait that doubles with each failure in a row. */
function fail(link: Link) {
  shut(link)
  link.failures += 1
  const intervals = [...link.members.values()].map((m) => m.intervalMs || 4_000)
  const base = 3 * Math.min(...intervals, 4_000)
  link.retryAt = Date.now() + Math.min(MAX_RETRY_MS, base * 2 ** (link.failures - 1))
  for (const member of [...link.members.values()]) member.handlers.onDown()
}

interface SourceEvents {
  head(chain: string, head: bigint): void
  /** A comment (heartbeat): the connection is alive. */
  heard(): void
  failed(): void
}

/** An event stream through EventSource when the platform has one, else fetch; returns its close. */
function openSource(url: string, on: SourceEvents): () => void {
  const EventSourceClass = (globalThis as { EventSource?: typeof EventSource }).EventSource
  if (typeof EventSourceClass !== 'function') return openFetchSource(url, on)
  const source = new EventSourceClass(url)
  source.onmessage = (event: MessageEvent) => readEvent(String(event.data), on)
  // Refused (an HTTP error, not an event stream) or dropped: ours to retry, later, rather than EventSource's every few seconds.
  source.onerror = () => {
    source.close()
    on.failed()
  }
  return () => source.close()
}

function readEvent(data: string, on: SourceEvents) {
  let event: { chain?: unknown; blockNumber?: unknown }
  try {
    event = JSON.parse(data) as typeof event
  } catch {
    return
  }
  if (typeof event?.chain !== 'string' || typeof event.blockNumber !== 'string' || !/^0x[0-9a-f]{1,14}$/i.test(event.blockNumber)) return
  const head = BigInt(event.blockNumber)
  if (head <= MAX_BLOCK) on.head(event.chain, head)
}

/** Server-sent events read with fetch (Node, workers): the same events, and the comments too. */
function openFetchSource(url: string, on: SourceEvents): () => void {
  const controller = new AbortController()
  void (async () => {
    try {
      const response = await globalThis.fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal })
      if (!response.ok || !response.body || !/^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '')) {
        void response.body?.cancel().catch(() => {})
        throw new Error(`head stream refused: HTTP ${response.status}`)
      }
      await readStream(response.body, on)
    } catch {
      // Refused, unreachable or dropped: told below, as a stream that ended is.
    }
    if (!controller.signal.aborted) on.failed()
  })()
  return () => controller.abort()
}

/** Reads `text/event-stream` to its end: `data` lines make an event at a blank line, a line opening with `:` is a comment. */
async function readStream(body: ReadableStream<Uint8Array>, on: SourceEvents) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let pending = ''
  let data: string[] = []
  let type = ''
  let afterCarriageReturn = false
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    const chunk = decoder.decode(value, { stream: true })
    // A CRLF split between two chunks is one line end.
    let text: string = afterCarriageReturn && chunk.startsWith('\n') ? chunk.slice(1) : chunk
    afterCarriageReturn = text.endsWith('\r')
    text = pending + text
    const lines = text.split(/\r\n|\r|\n/)
    pending = lines.pop()!
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0 && (type === '' || type === 'message')) readEvent(data.join('\n'), on)
        data = []
        type = ''
      } else if (line.startsWith(':')) {
        on.heard()
      } else {
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const content = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'data') data.push(content)
        else if (field === 'event') type = content
      }
    }
  }
}
