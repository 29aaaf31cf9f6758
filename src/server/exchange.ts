import { redact } from '../core/errors.js'
import { Refusal } from './access.js'
import { joinPieces, readBytes, type ByteBudget } from './readCapped.js'

export { joinPieces }

// What the proxy's routing works on, whichever server it runs in: a Fetch `Request` → `Response`
// (edge, Next.js, any Fetch server) or node:http's request and response (toNodeHandler's own route,
// which skips building Request/Response objects and talks to the upstream through node:http).

/** A client request as the proxy reads it. */
export interface Incoming {
  readonly method: string
  readonly url: URL
  /** A request header as `Headers.get` gives it (null when absent). */
  header(name: string): string | null
  /** The body, or undefined when it is longer than `maxBytes` (the rest is not read). */
  body(maxBytes: number): Promise<Uint8Array | undefined>
  /** The request as a Fetch `Request` (no body), for a rate limit's own `key` function. */
  request(): Request
}

/** A whole body as the pieces it arrived in (joining 290 kB per request was a tenth of its CPU). */
export type Pieces = readonly Uint8Array[]

/** What the proxy answers: status, headers, and the whole body (or none). */
export interface Reply {
  status: number
  headers: Record<string, string>
  body: Uint8Array | Pieces | string | null
}

/** An upstream answer whose body has not been read yet. */
export interface UpstreamAnswer {
  readonly status: number
  header(name: string): string | null
  /** The whole body, or undefined when it takes more than is left of `budget` (the rest is not read). */
  read(budget: ByteBudget): Promise<Pieces | undefined>
  /** Drops the body unread. */
  discard(): void
}

export interface UpstreamInit {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string | undefined
}

/**
 * Sends one request upstream without following redirects, within `timeoutMs` (headers and body);
 * failures are refusals (502 unreachable, 504 timeout).
 */
export type Transport = (target: string, init: UpstreamInit, timeoutMs: number) => Promise<UpstreamAnswer>

/** The parts that differ between the Fetch route and the node route. */
export interface Tools {
  /** The transport used when the options give no `fetch`. */
  transport: Transport | undefined
  /** The body with every secret removed, as UTF-8 (invalid bytes replaced, as `TextDecoder` does). */
  redact(body: Pieces, secrets: readonly string[]): Pieces
}

const decoder = new TextDecoder()
const encoder = new TextEncoder()

export const timedOut = (timeoutMs: number) => new Refusal(504, 'upstream_timeout', `The upstream service did not answer within ${timeoutMs} ms`)
export const unreachable = () => new Refusal(502, 'upstream_unreachable', 'The upstream service could not be reached')

/** The Fetch route's tools: the options' `fetch`, and redaction on the decoded text (works on any runtime). */
export const fetchTools: Tools = {
  transport: undefined,
  redact: (body, secrets) => [encoder.encode(redact(decoder.decode(joinPieces(body)), secrets))],
}

/** A transport over a Fetch-API `fetch`. */
export function fetchTransport(fetcher: typeof fetch): Transport {
  return async (target, init, timeoutMs) => {
    const timeout = AbortSignal.timeout(timeoutMs)
    let response: Response
    try {
      // No redirects: a redirect would carry the key to wherever it points.
      response = await fetcher(target, { ...init, redirect: 'manual', signal: timeout })
    } catch {
      throw timeout.aborted ? timedOut(timeoutMs) : unreachable()
    }
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      read: async (budget) => {
        try {
          const bytes = await readBytes(response.body, budget)
          return bytes && [bytes]
        } catch {
          throw timeout.aborted ? timedOut(timeoutMs) : unreachable()
        }
      },
      discard: () => void response.body?.cancel().catch(() => {}),
    }
  }
}

/** A Fetch `Request` as the proxy reads it. */
export function fetchIncoming(request: Request): Incoming {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    body: (maxBytes) => readBytes(request.body, { left: maxBytes }),
    request: () => request,
  }
}

export function toResponse(reply: Reply): Response {
  const body = Array.isArray(reply.body) ? joinPieces(reply.body) : reply.body
  return new Response(body as BodyInit | null, { status: reply.status, headers: reply.headers })
}

export function textOf(body: Uint8Array | Pieces): string {
  return decoder.decode(body instanceof Uint8Array ? body : joinPieces(body))
}
