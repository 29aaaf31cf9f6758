import { InvalidParameterError } from '../core/errors.js'
import { redact } from '../core/redact.js'
import type { Incoming, Reply } from './incoming.js'

// Who may call the proxy (CORS, preflights) and what a refusal looks like.

/**
 * The JSON body of every refusal of the proxy: a stable `code` to switch on (`not_found`,
 * `rate_limited`, `invalid_parameter`, `origin_not_allowed`, …), a message a person can act on, and
 * for a bad parameter its name.
 */
export interface ProxyErrorBody {
  /** What was refused: `code` to switch on, `message` for a person, `parameter` when one parameter was wrong. */
  error: { code: string; message: string; parameter?: string }
}

/** A request the proxy will not serve: answered with `status` and a {@link ProxyErrorBody}, nothing sent upstream. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly parameter?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const jsonHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const

/** The CORS headers for a request, or a refusal when its `Origin` is neither this origin nor allowed. */
export function corsHeaders(request: Incoming, allowed: ReadonlySet<string>): Record<string, string> {
  const url = request.url
  const origin = request.header('origin')
  if (origin === null || origin === url.origin) return {}
  // Same host over another scheme: the server sits behind TLS termination and sees http.
  if (hostOf(origin) === url.host) return {}
  // The host the browser asked for: a framework may build `request.url` from its own bind name (`next start` says localhost).
  const host = request.header('host')
  if (host !== null && hostOf(origin) === host.toLowerCase()) return {}
  if (!allowed.has(origin)) throw new Refusal(403, 'origin_not_allowed', 'This origin may not call the proxy')
  // Not CORS-safelisted: without this, a page on another origin cannot read how long a 429 asks it to wait.
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'retry-after, x-blockfeed-cache', vary: 'Origin' }
}

export function preflight(request: Incoming, cors: Record<string, string>, allow: string): Reply {
  const wanted = request.header('access-control-request-method')
  // A plain OPTIONS (curl -X OPTIONS, a monitor), not a preflight: say what the path takes, as the Allow of a 405 does.
  if (wanted === null) return { status: 204, headers: { ...cors, allow }, body: null }
  if (!allow.split(', ').includes(wanted)) {
    throw new Refusal(405, 'method_not_allowed', 'This method is not allowed here', undefined, { allow })
  }
  return {
    status: 204,
    headers: {
      ...cors,
      'access-control-allow-methods': allow,
      // No credentials and no authorization: the key is added here, never by the browser.
      'access-control-allow-headers': 'accept, content-type',
      'access-control-max-age': '600',
    },
    body: null,
  }
}

/** Any failure as a refusal; an unexpected one says nothing about its cause (it may hold the key). */
export function toRefusal(error: unknown, secrets: readonly string[]): Refusal {
  if (error instanceof Refusal) return error
  if (error instanceof InvalidParameterError) {
    return new Refusal(400, 'invalid_parameter', redact(error.message, secrets), error.parameter)
  }
  return new Refusal(500, 'internal_error', 'The proxy failed to handle this request')
}

export function refusalReply(r: Refusal, cors: Record<string, string>): Reply {
  const body: ProxyErrorBody = { error: { code: r.code, message: r.message, ...(r.parameter ? { parameter: r.parameter } : {}) } }
  return { status: r.status, headers: { ...cors, ...jsonHeaders, ...r.headers }, body: JSON.stringify(body) }
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}
