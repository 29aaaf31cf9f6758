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
    res.writeHead(response.status, Object.fromEntries(response.headers))
    if (!response.body) {
      res.end()
      return
    }
    res.end(Buffer.from(await response.arrayBuffer()))
  }
}
