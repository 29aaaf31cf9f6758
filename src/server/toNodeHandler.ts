import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { Buffer } from 'node:buffer'
import { proxyRoute, type ProxyHandler, type ProxyRoute } from './createProxyHandler.js'
import { NULL_BODY_STATUSES, type Reply, type Tools } from './exchange.js'
import { isEventStreamReply, UNREAD_LIMIT_BYTES, type EventStreamReply } from './headStream.js'
import { nodeIncoming } from './nodeIncoming.js'
import { nodeTools } from './nodeRoute.js'

/** The options of {@link toNodeHandler}. */
export interface NodeHandlerOptions {
  /**
   * Keep the client's `X-Forwarded-For` (only behind a reverse proxy that overwrites it). Otherwise it
   * is replaced by the socket's address, so the rate limit cannot be dodged.
   * @defaultValue `false`
   */
  trustForwardedFor?: boolean | undefined
}

/**
 * Serves a Fetch-API handler (the proxy from `createProxyHandler`) from Node's `http` server, Express
 * or any framework that hands you `(req, res)`.
 *
 * @param handler - The handler from `createProxyHandler` (any `Request` to `Response` function works).
 * @param options - Whether to trust the client's `X-Forwarded-For`.
 * @returns A `(req, res)` listener for `http.createServer`.
 * @remarks A handler made by `createProxyHandler` is served by its own node:http route (same answers,
 * without making Request/Response objects, upstream through node:http with kept-alive sockets, unless
 * the options give their own `fetch`); any other handler through Request and Response. A client that
 * goes away aborts its upstream request. A failure inside the handler is answered with a 500 JSON body.
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * import { createProxyHandler, toNodeHandler } from 'blockfeed/server'
 *
 * const handler = createProxyHandler({
 *   baseUrl: 'https://api.example.com',
 *   apiKey: process.env.BLOCKFEED_API_KEY!,
 *   rpc: { url: 'https://rpc.example.com' },
 * })
 * createServer(toNodeHandler(handler)).listen(8787)
 * ```
 */
export function toNodeHandler(handler: ProxyHandler, options: NodeHandlerOptions = {}) {
  const route = (handler as { [proxyRoute]?: ProxyRoute })[proxyRoute]
  const tools = route && nodeTools()
  const trustForwardedFor = options.trustForwardedFor === true
  return (req: IncomingMessage, res: ServerResponse): void => {
    const served = route ? serveRoute(route, tools!, trustForwardedFor, req, res) : serveFetchHandler(handler, trustForwardedFor, req, res)
    void served.catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
      res.end('{"error":{"code":"internal_error","message":"The proxy failed to handle this request"}}')
    })
  }
}

/** A request through createProxyHandler's own routing, node:http in and out. */
async function serveRoute(route: ProxyRoute, tools: Tools, trustForwardedFor: boolean, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = targetOf(req)
  if (!url) return badTarget(res)
  // The connection closed before the answer was written: the client has gone, and its upstream request
  // with it. Watched by what waits on the client (the upstream request, a shared load), not per request.
  const reply = await route(nodeIncoming(req, url, trustForwardedFor, res), tools)
  if (res.destroyed) return
  if (isEventStreamReply(reply)) return writeEventStream(res, reply)
  writeReply(req, res, reply)
}

/** Server-sent events: the headers at once, each event written as it comes, the subscription ended when the connection closes. */
function writeEventStream(res: ServerResponse, reply: EventStreamReply): void {
  res.writeHead(reply.status, reply.headers)
  res.flushHeaders()
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    res.off('close', end)
    stop?.()
    res.end()
  }
  res.once('close', end)
  let stop: (() => void) | undefined
  stop = reply.events.open({
    write: (text) => {
      if (ended) return false
      res.write(text)
      // A client that stops reading is let go, not buffered for without end.
      return res.writableLength <= UNREAD_LIMIT_BYTES
    },
    end,
  })
  if (ended) stop()
}

function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  const body = reply.body === null ? [] : typeof reply.body === 'string' ? [Buffer.from(reply.body)] : reply.body instanceof Uint8Array ? [reply.body] : reply.body
  const head: Record<string, string | number> = reply.headers
  const empty = NULL_BODY_STATUSES.has(reply.status)
  // A 205 says its emptiness with a length of 0; a 204 or 304 carries none.
  if (reply.status === 205) head['content-length'] = 0
  else if (!empty && reply.body !== null) head['content-length'] = body.reduce((n, piece) => n + piece.byteLength, 0)
  // A request body left unread (over the cap) is not drained: the connection closes after the answer.
  if (!req.complete) head.connection = 'close'
  res.writeHead(reply.status, head)
  if (empty || req.method === 'HEAD') return void res.end()
  // The pieces of a page go out together (one writev), not copied into one buffer first.
  res.cork()
  for (const piece of body) res.write(piece)
  res.end()
  res.uncork()
}

/** A request through any other Fetch-API handler, as a Request and its Response. */
async function serveFetchHandler(handler: ProxyHandler, trustForwardedFor: boolean, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = targetOf(req)
  if (!url) return badTarget(res)
  // The connection closed before the answer was all written: the request's signal aborts and its body is cancelled (a stream's subscription ends).
  const client = new AbortController()
  const onClose = () => void (res.writableFinished || client.abort())
  res.once('close', onClose)
  try {
    const response = await handler(toRequest(req, url, trustForwardedFor, client.signal))
    await writeResponse(res, response, client.signal)
  } finally {
    res.off('close', onClose)
  }
}

function toRequest(req: IncomingMessage, url: URL, trustForwardedFor: boolean, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  if (!trustForwardedFor) {
    headers.delete('x-real-ip')
    headers.set('x-forwarded-for', req.socket.remoteAddress ?? 'unknown')
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit)
}

/**
 * Chunk by chunk as they come, not copied into one buffer (arrayBuffer) per request. A body that is
 * already whole (one chunk, the usual case) goes out in one write with its Content-Length.
 */
async function writeResponse(res: ServerResponse, response: Response, gone: AbortSignal): Promise<void> {
  const head: Record<string, string> = Object.fromEntries(response.headers)
  if (!response.body) {
    res.writeHead(response.status, head)
    res.end()
    return
  }
  const reader = response.body.getReader()
  // A read waiting on a stream (server-sent events) ends at once when the client goes: cancelled, it is done.
  const cancel = () => void reader.cancel().catch(() => {})
  if (gone.aborted) cancel()
  gone.addEventListener('abort', cancel, { once: true })
  try {
    let held: ReadableStreamReadResult<Uint8Array> = await reader.read()
    let next: Promise<ReadableStreamReadResult<Uint8Array>> = reader.read()
    const ready = held.done ? undefined : await readIfReady(next)
    if (held.done || ready?.done) {
      if (!held.done && head['content-length'] === undefined) head['content-length'] = String(held.value.byteLength)
      res.writeHead(response.status, head)
      res.end(held.done ? undefined : held.value)
      return
    }
    res.writeHead(response.status, head)
    for (;;) {
      if (!res.write(held.value) && !(await drained(res))) return
      held = await next
      if (held.done) return void res.end()
      next = reader.read()
    }
  } finally {
    gone.removeEventListener('abort', cancel)
    if (!res.writableEnded) cancel()
  }
}

function targetOf(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
  } catch {
    return undefined
  }
}

function badTarget(res: ServerResponse): void {
  res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' })
  res.end('{"error":{"code":"bad_request","message":"Unreadable request target or Host header"}}')
}

const PENDING = Symbol('pending')
/** The read's result if it is there by the next turn of the event loop, else undefined (the body is still being made). */
async function readIfReady<T>(read: Promise<T>): Promise<T | undefined> {
  const first = await Promise.race([read, new Promise<typeof PENDING>((r) => setImmediate(r, PENDING))])
  return first === PENDING ? undefined : first
}

/** Waits for the socket to take more; false when the client went away first. */
function drained(res: ServerResponse): Promise<boolean> {
  // Closed already: its 'close' has been and gone.
  if (res.destroyed) return Promise.resolve(false)
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      res.off('drain', onDrain)
      res.off('close', onClose)
      resolve(ok)
    }
    const onDrain = done(true)
    const onClose = done(false)
    res.once('drain', onDrain)
    res.once('close', onClose)
  })
}
