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

/** What ends an upstream request's watch: `stopWatching` once its body is read or dropped, `failureOf` for why it broke. */
interface Watch {
  stopWatching(): void
  failureOf(): Error
}

/** The request options of one upstream origin, made once: its scheme's `request`, host, port and pool. */
interface Origin {
  send: typeof httpRequest
  protocol: string
  hostname: string
  port: number | string | undefined
  agent: HttpAgent | HttpsAgent
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
      const watch = watchRequest(req, init.departure, timeoutMs)
      req.on('error', () => {
        watch.stopWatching()
        reject(watch.failureOf())
      })
      req.once('response', (res) => {
        // Failures while reading show as 'close' before 'end'; without a listener an 'error' would be thrown.
        res.on('error', () => {})
        resolve(answerOf(res, watch))
      })
      req.end(payload)
    })
}

/** The request, not sent yet, or undefined when node:http refuses to make it. */
function openRequest(target: string, init: UpstreamInit, payload: Buffer | undefined, agents: Agents, origins: Map<string, Origin | null>): ClientRequest | undefined {
  // Compressed answers asked for, as fetch asks for them: the bench page of 290 kB is 58 kB gzipped.
  // The user agent fetch sends: services behind a firewall may refuse requests without one.
  const headers: Record<string, string | number> = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'node', ...init.headers }
  if (payload) headers['content-length'] = payload.byteLength
  try {
    const plain = PLAIN_TARGET.exec(target)
    const rest = plain?.[2] ?? '/'
    const origin = plain && isPlainPath(rest) ? originOf(plain[1]!, agents, origins) : null
    if (origin) {
      const { send, protocol, hostname, port, agent } = origin
      return send({ protocol, hostname, port, agent, path: rest.startsWith('/') ? rest : `/${rest}`, method: init.method, headers })
    }
    // Anything a URL parser would rewrite (dot segments, characters it escapes): parsed as fetch would.
    const url = new URL(target)
    const https = url.protocol === 'https:'
    return (https ? httpsRequest : httpRequest)(url, { method: init.method, headers, agent: https ? agents.https : agents.http })
  } catch {
    return undefined
  }
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
    origin = url.origin === text ? { send: https ? httpsRequest : httpRequest, protocol: url.protocol, hostname: hostname!, port: port ?? undefined, agent: https ? agents.https : agents.http } : null
  } catch {
    origin = null
  }
  if (origins.size >= 256) origins.clear()
  origins.set(text, origin)
  return origin
}

/**
 * One deadline for the headers and the body, as the Fetch route's AbortSignal.timeout; the client
 * gone drops the socket, headers or body, as the Fetch route's signal does.
 */
function watchRequest(req: ClientRequest, client: Departure | undefined, timeoutMs: number): Watch {
  let deadlinePassed = false
  const timer = setTimeout(() => {
    deadlinePassed = true
    req.destroy()
  }, timeoutMs)
  const unwatch = client?.watch(() => req.destroy())
  return {
    stopWatching: () => {
      clearTimeout(timer)
      unwatch?.()
    },
    failureOf: () => (client?.gone ? clientGone() : deadlinePassed ? timedOut(timeoutMs) : unreachable()),
  }
}

function answerOf(res: IncomingMessage, watch: Watch): UpstreamAnswer {
  return {
    status: res.statusCode ?? 502,
    header: (name) => headerOf(res.headers, name),
    read: (budget) => readAnswer(res, budget, watch),
    discard: () => {
      watch.stopWatching()
      res.destroy()
    },
  }
}

/** The answer's body decoded, or undefined once it takes more than is left of `budget` (then the socket is dropped). */
function readAnswer(res: IncomingMessage, budget: ByteBudget, watch: Watch): Promise<Pieces | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const settle = () => {
      watch.stopWatching()
      res.off('data', onData)
      res.off('end', onEnd)
      res.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength
      budget.left -= chunk.byteLength
      if (budget.left < 0) {
        settle()
        res.destroy()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      settle()
      const decoders = decodersOf(res.headers['content-encoding'])
      if (decoders === undefined) return reject(undecodable())
      if (decoders.length === 0 || size === 0) return resolve(chunks)
      // The cap counts the decompressed bytes (as fetch's would): a small bomb is refused, not inflated.
      budget.left += size
      decodeBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), decoders, budget).then(resolve, reject)
    }
    // Closed before its end: reset, or destroyed by the deadline.
    const onClose = () => {
      settle()
      reject(watch.failureOf())
    }
    res.on('data', onData)
    res.once('end', onEnd)
    res.once('close', onClose)
  })
}
