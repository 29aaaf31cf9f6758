import { redact } from '../core/redact.js'
import { Refusal } from './access.js'
import { signalDeparture, type Departure, type Incoming, type Pieces, type Reply } from './incoming.js'
import { joinPieces, readBytes, type ByteBudget } from './readCapped.js'

export { joinPieces }

// What the proxy's routing works on, whichever server it runs in: a Fetch `Request` → `Response`
// (edge, Next.js, any Fetch server) or node:http's request and response (toNodeHandler's own route,
// which skips building Request/Response objects and talks to the upstream through node:http).

export type { Departure, Incoming, Pieces, Reply } from './incoming.js'
export { signalDeparture } from './incoming.js'

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
  /** Shared between requests: a transport reads them and never changes them. */
  headers: Readonly<Record<string, string>>
  body?: string | undefined
  /** The client's going away: aborts the upstream request, headers or body, as a {@link clientGone} refusal. */
  departure?: Departure | undefined
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
  /**
   * The body with every secret removed by core's `redact` rule, as UTF-8 (invalid bytes replaced, as
   * `TextDecoder` does). The node route passes a body that cannot hold a secret on as its bytes.
   */
  redact(body: Pieces, secrets: readonly string[]): Pieces
}

const decoder = new TextDecoder()
const encoder = new TextEncoder()

export const timedOut = (timeoutMs: number) => new Refusal(504, 'upstream_timeout', `The upstream service did not answer within ${timeoutMs} ms`)
/** The client went away before its answer: nobody reads this refusal, and it is no upstream failure (nginx's 499). */
export const clientGone = () => new Refusal(499, 'client_closed_request', 'The client closed the request before the proxy answered')
export const unreachable = () => new Refusal(502, 'upstream_unreachable', 'The upstream service could not be reached')
export const undecodable = () =>
  new Refusal(502, 'upstream_unsupported_encoding', 'The upstream service answered in a content encoding the proxy cannot decode (it reads gzip, deflate and br)')

/**
 * The codings both routes undo (fetch itself, the node route with zlib). A body in any other is
 * refused: passed on, it would be bytes labelled JSON that mean nothing, the key unlooked-for inside.
 */
const DECODED_CODINGS: ReadonlySet<string> = new Set(['gzip', 'x-gzip', 'deflate', 'br'])

/**
 * The codings of a `Content-Encoding` to undo, first applied first ([] for none), or undefined when
 * the body is in one the proxy cannot undo. `identity` mixed with others counts as one: fetch then
 * undoes none of them.
 */
export function codingsToUndo(header: string | null | undefined): string[] | undefined {
  // None, the usual answer: nothing to split.
  if (!header) return []
  const codings = (header ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '')
  if (codings.every((c) => c === 'identity')) return []
  return codings.every((c) => DECODED_CODINGS.has(c)) ? codings : undefined
}

/** The Fetch route's tools: the options' `fetch`, and redaction on the decoded text (works on any runtime). */
export const fetchTools: Tools = {
  transport: undefined,
  redact: (body, secrets) => [encoder.encode(redact(decoder.decode(joinPieces(body)), secrets))],
}

/** A transport over a Fetch-API `fetch`. */
export function fetchTransport(fetcher: typeof fetch): Transport {
  return async (target, init, timeoutMs) => {
    const timeout = AbortSignal.timeout(timeoutMs)
    const { departure, ...request } = init
    const failure = () => (departure?.gone ? clientGone() : timeout.aborted ? timedOut(timeoutMs) : unreachable())
    let response: Response
    try {
      // No redirects: a redirect would carry the key to wherever it points.
      response = await fetcher(target, { ...request, redirect: 'manual', signal: departure ? AbortSignal.any([departure.signal, timeout]) : timeout })
    } catch {
      throw failure()
    }
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      read: async (budget) => {
        if (!codingsToUndo(response.headers.get('content-encoding'))) {
          void response.body?.cancel().catch(() => {})
          throw undecodable()
        }
        try {
          const bytes = await readBytes(response.body, budget)
          return bytes && [bytes]
        } catch {
          throw failure()
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
    departure: signalDeparture(request.signal),
  }
}

/** Statuses whose answers have no body (`new Response` throws when given one, even empty). */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304])

export function toResponse(reply: Reply): Response {
  const body = NULL_BODY_STATUSES.has(reply.status) ? null : Array.isArray(reply.body) ? joinPieces(reply.body) : reply.body
  return new Response(body as BodyInit | null, { status: reply.status, headers: reply.headers })
}

export function textOf(body: Uint8Array | Pieces): string {
  return decoder.decode(body instanceof Uint8Array ? body : joinPieces(body))
}
