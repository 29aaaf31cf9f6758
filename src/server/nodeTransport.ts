import { Buffer } from 'node:buffer'
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { urlToHttpOptions } from 'node:url'
import { clientGone, timedOut, undecodable, unreachable, type Departure, type Transport, type UpstreamAnswer, type UpstreamInit } from './exchange.js'
import type { Pieces } from './incoming.js'
import { headerOf } from './nodeHeaders.js'
import type { ByteBudget } from './readCapped.js'
import { decodeBody, decodersOf } from './zlibDecode.js'

// toNodeHandler's transport: node:http upstream on kept-alive sockets, bodies as Buffers. Making
// Request/Response objects in undici's fetch costs most of a request's CPU on this route.

interface Agents {
  http: HttpAgent
  https: HttpsAgent
}

/** The request options of one upstream origin, made once: its scheme's `request`, host, port, pool and Host header. */
interface Origin {
  send: typeof httpRequest
  protocol: string
  hostname: string
  port: number | string | undefined
  agent: HttpAgent | HttpsAgent
  /** The Host header node:http would send for it (the URL's host: the port only when not the scheme's default). */
  host: string
}

/** Upstream requests through node:http, on one keep-alive pool per transport. */
export function nodeTransport(): Transport {
  const agents: Agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) }
  const origins = new Map<string, Origin | null>()
  return (target, init, timeoutMs) =>
    new Promise<UpstreamAnswer>((resolve, reject) => {
      if (init.departure?.gone) return reject(clientGone())
      const payload = init.body === undefined ? undefined : Buffer.from(init.body)
      const req = openRequest(target, init, payload, agents, origins)
      // Refused before any socket (a relative URL, a scheme node:http does not speak, a header
      // character Node will not send): the upstream cannot be reached, as fetch says it.
      if (!req) return reject(unreachable())
      new UpstreamCall(req, init.departure, timeoutMs, resolve, reject)
      req.end(payload)
    })
}

/**
 * One upstream request and its answer in one object: the deadline, the client's departure and the
 * answer's body watched by its own listeners, made with it (no `once` wrappers, no object per watch).
 */
class UpstreamCall implements UpstreamAnswer {
  status = 502
  private res: IncomingMessage | undefined
  private readonly timer: ReturnType<typeof setTimeout>
  private deadlinePassed = false
  private unwatch: (() => void) | undefined
  // The body being read: its pieces, its size, the budget it takes from, how it ends.
  private chunks: Buffer[] = []
  private size = 0
  private budget: ByteBudget | undefined
  private settleRead: ((pieces: Pieces | undefined) => void) | undefined
  private failRead: ((error: unknown) => void) | undefined

  constructor(
    private readonly req: ClientRequest,
    private readonly client: Departure | undefined,
    private readonly timeoutMs: number,
    private readonly answered: (answer: UpstreamAnswer) => void,
    private readonly failed: (error: unknown) => void,
  ) {
    // One deadline for the headers and the body, as the Fetch route's AbortSignal.timeout.
    this.timer = setTimeout(this.onDeadline, timeoutMs)
    // The client gone drops the socket, headers or body, as the Fetch route's signal does.
    this.unwatch = client?.watch(this.onClientGone)
    req.on('error', this.onRequestError)
    req.on('response', this.onResponse)
  }

  private readonly onDeadline = (): void => {
    this.deadlinePassed = true
    this.req.destroy()
  }

  private readonly onClientGone = (): void => void this.req.destroy()

  private readonly onRequestError = (): void => {
    this.stopWatching()
    this.failed(this.failureOf())
  }

  private readonly onResponse = (res: IncomingMessage): void => {
    this.req.off('response', this.onResponse)
    this.res = res
    this.status = res.statusCode ?? 502
    // Failures while reading show as 'close' before 'end'; without a listener an 'error' would be thrown.
    res.on('error', noop)
    this.answered(this)
  }

  private stopWatching(): void {
    clearTimeout(this.timer)
    this.unwatch?.()
    this.unwatch = undefined
  }

  private failureOf(): Error {
    return this.client?.gone ? clientGone() : this.deadlinePassed ? timedOut(this.timeoutMs) : unreachable()
  }

  header(name: string): string | null {
    return headerOf(this.res!.headers, name)
  }

  discard(): void {
    this.stopWatching()
    this.res!.destroy()
  }

  /** The answer's body decoded, or undefined once it takes more than is left of `budget` (then the socket is dropped). */
  read(budget: ByteBudget): Promise<Pieces | undefined> {
    return new Promise((resolve, reject) => {
      const res = this.res!
      this.budget = budget
      this.settleRead = resolve
      this.failRead = reject
      res.on('data', this.onData)
      res.on('end', this.onEnd)
      res.on('close', this.onClose)
    })
  }

  private stopReading(): void {
    this.stopWatching()
    const res = this.res!
    res.off('data', this.onData)
    res.off('end', this.onEnd)
    res.off('close', this.onClose)
  }

  private readonly onData = (chunk: Buffer): void => {
    const budget = this.budget!
    this.size += chunk.byteLength
    budget.left -= chunk.byteLength
    if (budget.left < 0) {
      this.stopReading()
      this.res!.destroy()
      this.settleRead!(undefined)
      return
    }
    this.chunks.push(chunk)
  }

  private readonly onEnd = (): void => {
    this.stopReading()
    const { chunks, size } = this
    const decoders = decodersOf(this.res!.headers['content-encoding'])
    if (decoders === undefined) return this.failRead!(undecodable())
    if (decoders.length === 0 || size === 0) return this.settleRead!(chunks)
    // The cap counts the decompressed bytes (as fetch's would): a small bomb is refused, not inflated.
    this.budget!.left += size
    decodeBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), decoders, this.budget!).then(this.settleRead!, this.failRead!)
  }

  // Closed before its end: reset, or destroyed by the deadline.
  private readonly onClose = (): void => {
    this.stopReading()
    this.failRead!(this.failureOf())
  }
}

const noop = (): void => {}

/** The request, not sent yet, or undefined when node:http refuses to make it. */
function openRequest(target: string, init: UpstreamInit, payload: Buffer | undefined, agents: Agents, origins: Map<string, Origin | null>): ClientRequest | undefined {
  try {
    const plain = PLAIN_TARGET.exec(target)
    const rest = plain?.[2] ?? '/'
    const origin = plain && isPlainPath(rest) ? originOf(plain[1]!, agents, origins) : null
    if (origin) {
      const { send, protocol, hostname, port, agent } = origin
      // The head as name/value pairs, Host included: node:http writes them as they are, without its per-header table.
      return send({ protocol, hostname, port, agent, path: rest.startsWith('/') ? rest : `/${rest}`, method: init.method, headers: headPairs(init, payload, origin.host) })
    }
    // Anything a URL parser would rewrite (dot segments, characters it escapes): parsed as fetch would.
    const url = new URL(target)
    const https = url.protocol === 'https:'
    return (https ? httpsRequest : httpRequest)(url, { method: init.method, headers: headObject(init, payload), agent: https ? agents.https : agents.http })
  } catch {
    return undefined
  }
}

// Compressed answers asked for, as fetch asks for them: the bench page of 290 kB is 58 kB gzipped.
// The user agent fetch sends: services behind a firewall may refuse requests without one.
const DEFAULT_HEAD: Readonly<Record<string, string>> = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'node' }

/** The request's headers as node:http takes them in an object (it adds Host itself). */
function headObject(init: UpstreamInit, payload: Buffer | undefined): Record<string, string | number> {
  const headers: Record<string, string | number> = { ...DEFAULT_HEAD, ...init.headers }
  if (payload) headers['content-length'] = payload.byteLength
  return headers
}

/** The same headers as flat name/value pairs, with the Host header (node:http adds none to pairs). */
function headPairs(init: UpstreamInit, payload: Buffer | undefined, host: string): string[] {
  const pairs = ['host', host]
  for (const name in DEFAULT_HEAD) if (init.headers[name] === undefined) pairs.push(name, DEFAULT_HEAD[name]!)
  for (const name in init.headers) pairs.push(name, init.headers[name]!)
  if (payload) pairs.push('content-length', String(payload.byteLength))
  return pairs
}

/** An http(s) URL: its origin (scheme and authority) and the rest (path and query), without a fragment. */
const PLAIN_TARGET = /^(https?:\/\/[^/?#\\]+)([/?][^#\\]*)?$/i

/** A path and query a URL parser keeps as they are: no character it escapes, no dot segment. */
function isPlainPath(rest: string): boolean {
  if (!/^[/?][\w\-.~!$&()*+,;=:@/%?]*$/.test(rest)) return false
  const path = rest.split('?', 1)[0]!
  return !/(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i.test(path)
}

/** The request options of an origin, parsed once (a few per deployment; a function making new URLs per call is bounded). */
function originOf(text: string, agents: Agents, origins: Map<string, Origin | null>): Origin | null {
  let origin = origins.get(text)
  if (origin !== undefined) return origin
  try {
    const url = new URL(text)
    const https = url.protocol === 'https:'
    const { hostname, port } = urlToHttpOptions(url)
    // Only an origin the URL parser leaves as written (no credentials, default port, upper case or IDN): any other is parsed per request.
    origin =
      url.origin === text
        ? { send: https ? httpsRequest : httpRequest, protocol: url.protocol, hostname: hostname!, port: port ?? undefined, agent: https ? agents.https : agents.http, host: url.host }
        : null
  } catch {
    origin = null
  }
  if (origins.size >= 256) origins.clear()
  origins.set(text, origin)
  return origin
}
