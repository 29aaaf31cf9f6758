/**
 * Every error class blockfeed throws. Each has a stable `name` to switch on, a short
 * message a person can act on, and the details as fields. An abort is never wrapped:
 * it stays the caller's `AbortError`.
 */

/** The `name` of each blockfeed error class; `switch (error.name)` on a {@link BlockfeedQueryError} narrows it to its class. */
export type BlockfeedErrorName =
  | 'InvalidParameterError'
  | 'HttpStatusError'
  | 'ResponseShapeError'
  | 'JsonRpcError'
  | 'TimeoutError'
  | 'NetworkError'

/**
 * The base class of every error blockfeed throws: test with `isBlockfeedError(error)` or
 * `error instanceof BlockfeedError`, then read `name` and `retryable` (or test for a subclass
 * with `instanceof` to read its fields).
 *
 * @example
 * ```ts
 * import { BlockfeedError, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * try {
 *   await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * } catch (error) {
 *   if (error instanceof BlockfeedError && error.retryable) console.log('Try again later:', error.message)
 * }
 * ```
 */
export abstract class BlockfeedError extends Error {
  /** Which class this is, stable across versions and bundles: switch on it. */
  abstract override readonly name: BlockfeedErrorName
  /** Whether the same request may succeed when sent again. */
  abstract readonly retryable: boolean
}

/**
 * Thrown when your input is refused before any request is sent: a malformed address, an unknown
 * chain, a bad block number or date, a JSON-RPC method outside the 28, a client option out of range.
 *
 * Nothing was sent, and sending it again cannot help (`retryable` is false): fix the input that
 * `parameter` names. In a hook, the query ends in this error at once instead of waiting.
 * Fields: `parameter` (as you named it, e.g. `address`, `params[0].to`) and `reason`.
 *
 * @example
 * ```ts
 * import { InvalidParameterError, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * try {
 *   await client.getWalletHistory({ address: '0x123' })
 * } catch (error) {
 *   if (error instanceof InvalidParameterError) console.log(`Check ${error.parameter}: ${error.reason}`)
 * }
 * ```
 */
export class InvalidParameterError extends BlockfeedError {
  override readonly name = 'InvalidParameterError' as const
  /** Always false: the same input is refused again. */
  readonly retryable = false
  /** Which parameter was wrong, as the caller named it (e.g. `address`, `params[0].to`). */
  readonly parameter: string
  /** Why it was refused, e.g. `expected 0x followed by 40 hex characters`. */
  readonly reason: string

  constructor(parameter: string, reason: string) {
    super(`Invalid parameter \`${parameter}\`: ${reason}`)
    this.parameter = parameter
    this.reason = reason
  }
}

/**
 * Thrown when the service (or the JSON-RPC node) answers with an HTTP status other than 2xx.
 *
 * 408, 429 and 5xx are `retryable` and were already retried by the client (429 after its
 * `Retry-After`); what reaches you is the last attempt's. 401 or 403 means a missing or wrong API
 * key (check `apiKey`, or your proxy's); 404 a wrong `baseUrl`; 429 that you are rate-limited
 * (wait `retryAfterMs`). Fields: `status`, `retryAfterMs` (from `Retry-After`), `body` (its first
 * 500 characters, any configured key removed) and `url`.
 *
 * @example
 * ```ts
 * import { HttpStatusError, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * try {
 *   await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * } catch (error) {
 *   if (error instanceof HttpStatusError && error.status === 429) console.log(`Rate limited; wait ${error.retryAfterMs ?? 1000} ms`)
 * }
 * ```
 */
export class HttpStatusError extends BlockfeedError {
  override readonly name = 'HttpStatusError' as const
  /** The HTTP status, e.g. 401, 429, 503. */
  readonly status: number
  /** From `Retry-After`, in milliseconds, when the service sent one. */
  readonly retryAfterMs: number | undefined
  /** The first 500 characters of the body (with any configured key removed). */
  readonly body: string
  /** The URL asked for, with any configured key removed (for a JSON-RPC node, its origin only). */
  readonly url: string

  constructor(args: { status: number; url: string; body?: string; retryAfterMs?: number | undefined }) {
    super(`${describeStatus(args.status)} (HTTP ${args.status}) from ${args.url}`)
    this.status = args.status
    this.url = args.url
    this.body = args.body ?? ''
    this.retryAfterMs = args.retryAfterMs
  }

  /** True for 408, 429 and 5xx: the same request may succeed later. */
  get retryable(): boolean {
    return this.status === 408 || this.status === 429 || this.status >= 500
  }
}

/**
 * Thrown when an answer cannot be read as what the spec describes: a body that is not JSON, a
 * wallet-history page with a wrong field, a JSON-RPC reply that answers another call.
 *
 * The service sent something blockfeed cannot use; sending again will not change it
 * (`retryable` is false). `path` names the first wrong field: check that `baseUrl` points at
 * the service (an HTML page means it does not), or report the field to the service's owner.
 * Fields: `path` (e.g. `['result', 3, 'block_number']`) and `issues` (every problem, each with its path).
 *
 * @example
 * ```ts
 * import { ResponseShapeError, readWalletHistoryPage } from 'blockfeed'
 *
 * try {
 *   readWalletHistoryPage({ result: 'not a list' })
 * } catch (error) {
 *   if (error instanceof ResponseShapeError) console.log(error.path, error.issues.length)
 * }
 * ```
 */
export class ResponseShapeError extends BlockfeedError {
  override readonly name = 'ResponseShapeError' as const
  /** Always false: the same answer would come back. */
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

/**
 * Thrown when the JSON-RPC node answers a call with an error object (`{ code, message, data }`):
 * a reverted `eth_call`, invalid params, a transaction the node refuses.
 *
 * Codes -32603 (internal error), -32005 (limit exceeded) and 429 are `retryable` and were retried
 * by the client; the others (a revert, invalid params, an unknown method) are answers: show them
 * or fix the call. Fields: `code`, `rpcMessage` (the node's text), `data` (a revert's encoded
 * reason) and `method`.
 *
 * @example
 * ```ts
 * import { JsonRpcError, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth' })
 * try {
 *   await client.rpc({ method: 'eth_call', params: [{ to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', data: '0x12345678' }] })
 * } catch (error) {
 *   if (error instanceof JsonRpcError && error.code === 3) console.log('Reverted:', error.data)
 * }
 * ```
 */
export class JsonRpcError extends BlockfeedError {
  override readonly name = 'JsonRpcError' as const
  /** The JSON-RPC error code, e.g. -32602 invalid params, 3 execution reverted. */
  readonly code: number
  /** The error's `data` as the node sent it (for a revert, the encoded reason). */
  readonly data: unknown
  /** The method called, e.g. `eth_call`. */
  readonly method: string
  /** The node's own message, as sent. */
  readonly rpcMessage: string

  constructor(args: { code: number; message: string; data?: unknown; method: string }) {
    super(`${args.method} failed: ${args.message} (JSON-RPC ${args.code})`)
    this.code = args.code
    this.rpcMessage = args.message
    this.data = args.data
    this.method = args.method
  }

  /** True for -32603, -32005 and 429: the same call may pass later. */
  get retryable(): boolean {
    // Internal error and limit exceeded may pass; invalid params, reverts and unknown methods never do.
    return this.code === -32603 || this.code === -32005 || this.code === 429
  }
}

/**
 * Thrown when a request got no answer within the client's `timeoutMs` (30 s unless set), on its
 * last attempt.
 *
 * It is `retryable` and was already retried by the client. Try again later, or raise `timeoutMs`
 * if the service is slow for large pages (or ask for a smaller `limit`). Field: `timeoutMs`.
 *
 * @example
 * ```ts
 * import { createClient } from 'blockfeed'
 *
 * // Allow a slow service a minute an attempt, two attempts in all.
 * const client = createClient({ baseUrl: 'https://api.example.com', timeoutMs: 60_000, retry: 1 })
 * ```
 */
export class TimeoutError extends BlockfeedError {
  override readonly name = 'TimeoutError' as const
  /** Always true: the same request may answer in time later. */
  readonly retryable = true
  /** The time allowed for one attempt, in milliseconds. */
  readonly timeoutMs: number

  constructor(timeoutMs: number, what: string) {
    super(`${what} did not answer within ${timeoutMs} ms`)
    this.timeoutMs = timeoutMs
  }
}

/**
 * Thrown when a request never got an HTTP answer: the device is offline, the name does not
 * resolve, the connection is refused, or the browser blocked it (CORS).
 *
 * It is `retryable` and was already retried by the client. In a browser, a CORS refusal looks the
 * same: if it happens every time, check that the service (or your proxy) allows your origin.
 * The underlying error is in `cause`.
 *
 * @example
 * ```ts
 * import { NetworkError, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * try {
 *   await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * } catch (error) {
 *   if (error instanceof NetworkError) console.log(navigator.onLine ? 'The service cannot be reached' : 'You are offline')
 * }
 * ```
 */
export class NetworkError extends BlockfeedError {
  override readonly name = 'NetworkError' as const
  /** Always true: the network may come back. */
  readonly retryable = true

  constructor(url: string, cause?: unknown) {
    super(`Could not reach ${url}`, { cause })
  }
}

/**
 * Tells whether an error is an abort (your `AbortSignal`, or a query cancelled by TanStack Query),
 * which blockfeed never wraps: ignore it rather than showing it.
 *
 * @param error - Anything caught.
 * @returns True when it is an `Error` named `AbortError`.
 * @example
 * ```ts
 * import { createClient, isAbortError } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const controller = new AbortController()
 * const request = client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, { signal: controller.signal })
 * controller.abort()
 * await request.catch((error) => {
 *   if (!isAbortError(error)) throw error
 * })
 * ```
 */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/**
 * Tells whether an error is one of blockfeed's typed errors (any of the six classes).
 *
 * @param error - Anything caught.
 * @returns True for an instance of `BlockfeedError` (any of its six classes).
 * @example
 * ```ts
 * import { HttpStatusError, createClient, isBlockfeedError } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * try {
 *   await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * } catch (error) {
 *   if (!isBlockfeedError(error)) throw error
 *   if (error instanceof HttpStatusError && error.status === 401) console.log('Check the API key')
 *   else console.log(error.name, error.retryable)
 * }
 * ```
 */
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
