/**
 * Every error class blockfeed throws. Each has a stable `name` to switch on, a short
 * message a person can act on, and the details as fields. An abort is never wrapped:
 * it stays the caller's `AbortError`.
 */

export type BlockfeedErrorName =
  | 'InvalidParameterError'
  | 'HttpStatusError'
  | 'ResponseShapeError'
  | 'JsonRpcError'
  | 'TimeoutError'
  | 'NetworkError'

export abstract class BlockfeedError extends Error {
  abstract override readonly name: BlockfeedErrorName
  /** Whether the same request may succeed when sent again. */
  abstract readonly retryable: boolean
}

/** A caller's input was refused before any request was sent. */
export class InvalidParameterError extends BlockfeedError {
  override readonly name = 'InvalidParameterError' as const
  readonly retryable = false
  /** Which parameter was wrong, as the caller named it (e.g. `address`, `params[0].to`). */
  readonly parameter: string
  readonly reason: string

  constructor(parameter: string, reason: string) {
    super(`Invalid parameter \`${parameter}\`: ${reason}`)
    this.parameter = parameter
    this.reason = reason
  }
}

/** The service answered with a status other than 2xx. */
export class HttpStatusError extends BlockfeedError {
  override readonly name = 'HttpStatusError' as const
  readonly status: number
  /** From `Retry-After`, in milliseconds, when the service sent one. */
  readonly retryAfterMs: number | undefined
  /** The first 500 characters of the body (with any configured key removed). */
  readonly body: string
  readonly url: string

  constructor(args: { status: number; url: string; body?: string; retryAfterMs?: number | undefined }) {
    super(`${describeStatus(args.status)} (HTTP ${args.status}) from ${args.url}`)
    this.status = args.status
    this.url = args.url
    this.body = args.body ?? ''
    this.retryAfterMs = args.retryAfterMs
  }

  get retryable(): boolean {
    return this.status === 408 || this.status === 429 || this.status >= 500
  }
}

/** The body could not be read as the resource the spec describes. */
export class ResponseShapeError extends BlockfeedError {
  override readonly name = 'ResponseShapeError' as const
  readonly retryable = false
  /** Path of the first wrong field, e.g. `['result', 3, 'block_number']`. */
  readonly path: readonly (string | number)[]
  /** Every problem found, each with its path. */
  readonly issues: readonly { path: readonly (string | number)[]; message: string }[]

  constructor(resource: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const clean = issues.map((i) => ({
      path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: i.message,
    }))
    const first = clean[0]
    const where = first && first.path.length > 0 ? formatPath(first.path) : '(body)'
    super(`Unexpected ${resource}: ${where}: ${first?.message ?? 'unreadable'}`)
    this.path = first?.path ?? []
    this.issues = clean
  }
}

/** A JSON-RPC error object returned by the node (`{ code, message, data }`). */
export class JsonRpcError extends BlockfeedError {
  override readonly name = 'JsonRpcError' as const
  /** The JSON-RPC error code, e.g. -32602 invalid params, 3 execution reverted. */
  readonly code: number
  readonly data: unknown
  readonly method: string
  readonly rpcMessage: string

  constructor(args: { code: number; message: string; data?: unknown; method: string }) {
    super(`${args.method} failed: ${args.message} (JSON-RPC ${args.code})`)
    this.code = args.code
    this.rpcMessage = args.message
    this.data = args.data
    this.method = args.method
  }

  get retryable(): boolean {
    // Internal error and limit exceeded may pass; invalid params, reverts and unknown methods never do.
    return this.code === -32603 || this.code === -32005 || this.code === 429
  }
}

export class TimeoutError extends BlockfeedError {
  override readonly name = 'TimeoutError' as const
  readonly retryable = true
  readonly timeoutMs: number

  constructor(timeoutMs: number, what: string) {
    super(`${what} did not answer within ${timeoutMs} ms`)
    this.timeoutMs = timeoutMs
  }
}

/** The request never got an HTTP answer (DNS, refused connection, CORS, offline). */
export class NetworkError extends BlockfeedError {
  override readonly name = 'NetworkError' as const
  readonly retryable = true

  constructor(url: string, cause?: unknown) {
    super(`Could not reach ${url}`, { cause })
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

export function isBlockfeedError(error: unknown): error is BlockfeedError {
  return error instanceof BlockfeedError
}

// Callers clean an error's message or body where they build it: the one rule, offered beside the classes.
export { redact } from './redact.js'

export function formatPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (out, p) => (typeof p === 'number' ? `${out}[${p}]` : out ? `${out}.${p}` : p),
    '',
  )
}

function describeStatus(status: number): string {
  switch (status) {
    case 400: return 'Bad request'
    case 401: return 'Missing or invalid API key'
    case 403: return 'Forbidden'
    case 404: return 'Not found'
    case 413: return 'Request too large'
    case 429: return 'Rate limited'
    case 502: return 'Bad gateway'
    case 503: return 'Service unavailable'
    case 504: return 'Gateway timeout'
    default: return status >= 500 ? 'Server error' : 'Request failed'
  }
}
