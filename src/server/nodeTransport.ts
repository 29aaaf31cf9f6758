import { Buffer } from 'node:buffer'
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { clientGone, timedOut, undecodable, unreachable, type Transport, type UpstreamAnswer, type UpstreamInit } from './exchange.js'
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

/** Upstream requests through node:http, on one keep-alive pool per transport. */
export function nodeTransport(): Transport {
  const agents: Agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) }
  return (target, init, timeoutMs) =>
    new Promise<UpstreamAnswer>((resolve, reject) => {
      const payload = init.body === undefined ? undefined : Buffer.from(init.body)
      const req = openRequest(target, init, payload, agents)
      // Refused before any socket (a relative URL, a scheme node:http does not speak, a header
      // character Node will not send): the upstream cannot be reached, as fetch says it.
      if (!req) return reject(unreachable())
      if (init.signal?.aborted) return reject(clientGone())
      const watch = watchRequest(req, init.signal, timeoutMs)
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
function openRequest(target: string, init: UpstreamInit, payload: Buffer | undefined, agents: Agents): ClientRequest | undefined {
  // Compressed answers asked for, as fetch asks for them: the bench page of 290 kB is 58 kB gzipped.
  // The user agent fetch sends: services behind a firewall may refuse requests without one.
  const headers: Record<string, string | number> = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'node', ...init.headers }
  if (payload) headers['content-length'] = payload.byteLength
  try {
    const url = new URL(target)
    const https = url.protocol === 'https:'
    return (https ? httpsRequest : httpRequest)(url, { method: init.method, headers, agent: https ? agents.https : agents.http })
  } catch {
    return undefined
  }
}

/**
 * One deadline for the headers and the body, as the Fetch route's AbortSignal.timeout; the client
 * gone drops the socket, headers or body, as the Fetch route's signal does.
 */
function watchRequest(req: ClientRequest, client: AbortSignal | undefined, timeoutMs: number): Watch {
  let deadlinePassed = false
  const timer = setTimeout(() => {
    deadlinePassed = true
    req.destroy()
  }, timeoutMs)
  const dropRequest = () => req.destroy()
  client?.addEventListener('abort', dropRequest, { once: true })
  return {
    stopWatching: () => {
      clearTimeout(timer)
      client?.removeEventListener('abort', dropRequest)
    },
    failureOf: () => (client?.aborted ? clientGone() : deadlinePassed ? timedOut(timeoutMs) : unreachable()),
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
