import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { ProxyHandler } from './createProxyHandler.js'

export interface NodeHandlerOptions {
  /**
   * Keep the client's `X-Forwarded-For` (only behind a reverse proxy that overwrites it).
   * Default false: it is replaced by the socket's address, so the rate limit cannot be dodged.
   */
  trustForwardedFor?: boolean | undefined
}

/** Adapts a Fetch-API handler to `node:http`: `http.createServer(toNodeHandler(createProxyHandler(…)))`. */
export function toNodeHandler(handler: ProxyHandler, options: NodeHandlerOptions = {}) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void serve(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
      res.end('{"error":{"code":"internal_error","message":"The proxy failed to handle this request"}}')
    })
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
    }
    if (!options.trustForwardedFor) {
      headers.delete('x-real-ip')
      headers.set('x-forwarded-for', req.socket.remoteAddress ?? 'unknown')
    }
    const host = req.headers.host ?? 'localhost'
    let url: URL
    try {
      url = new URL(req.url ?? '/', `http://${host}`)
    } catch {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' })
      res.end('{"error":{"code":"bad_request","message":"Unreadable request target or Host header"}}')
      return
    }
    const method = req.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const request = new Request(url, {
      method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit)
    const response = await handler(request)
    const head: Record<string, string> = Object.fromEntries(response.headers)
    if (!response.body) {
      res.writeHead(response.status, head)
      res.end()
      return
    }
    // Chunk by chunk as they come, not copied into one buffer (arrayBuffer) per request. A body
    // that is already whole (one chunk, the usual case) goes out in one write with its Content-Length.
    const reader = response.body.getReader()
    try {
      let held: ReadableStreamReadResult<Uint8Array> = await reader.read()
      let next: Promise<ReadableStreamReadResult<Uint8Array>> = reader.read()
      const ready = held.done ? undefined : await soon(next)
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
      if (!res.writableEnded) void reader.cancel().catch(() => {})
    }
  }
}

const PENDING = Symbol('pending')
/** The read's result if it is there by the next turn of the event loop, else undefined (the body is still being made). */
async function soon<T>(read: Promise<T>): Promise<T | undefined> {
  const first = await Promise.race([read, new Promise<typeof PENDING>((r) => setImmediate(r, PENDING))])
  return first === PENDING ? undefined : first
}

/** Waits for the socket to take more; false when the client went away first. */
function drained(res: ServerResponse): Promise<boolean> {
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
