import { BlockfeedError } from './base.js'

// A request over HTTP that got no usable answer: a status other than 2xx, no answer in time, no connection.

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
