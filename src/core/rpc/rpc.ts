import {
  BaseError,
  HttpRequestError,
  RpcRequestError,
  TimeoutError as ViemTimeoutError,
  http,
} from 'viem'
import type { ClientConfig, RpcSender } from '../clientTypes.js'
import { chainAlias, checkChain } from '../chains.js'
import { HttpStatusError, InvalidParameterError, JsonRpcError, NetworkError, ResponseShapeError, TimeoutError, isAbortError } from '../errors.js'
import { redact, redactUrl } from '../redact.js'
import { parseRetryAfter, withRetry, type RetryConfig } from '../retry.js'
import { recordHead } from './head.js'
import { normalizeRpcRequest, type RpcMethod } from './methods.js'
import { clip } from '../text.js'
import { sameOrigin } from '../url.js'

export type { RpcSender } from '../clientTypes.js'

type Transport = { request: (args: { method: string; params?: unknown }) => Promise<unknown> }

const DEFAULT_BATCH_SIZE = 20

/**
 * viem before 2.57.20 keeps one batch queue per URL for the whole page, so two clients on one
 * node URL would share batches, sent with the first one's fetch and headers (its API key). Each
 * sender's transports get a fragment of their own: fetch never sends a fragment, and
 * the reply matcher removes it before the caller's fetch sees the URL.
 */
let senders = 0

/**
 * Sends the 28 methods through viem's http transport (JSON-RPC 2.0 POST, batching,
 * timeouts). viem's own retries are off: the one retry layer is `withRetry`.
 *
 * A caller's AbortSignal is raced, not forwarded: viem batches per signal, so forwarding
 * every query's signal would send one HTTP request per query. An aborted call rejects at
 * once with the caller's AbortError; its batch still completes for the others.
 */
export function createRpcSender(config: ClientConfig, retry: Required<RetryConfig>, secrets: readonly string[]): RpcSender {
  const transports = new Map<string, Transport>()
  const tag = `#blockfeed-${++senders}`
  // As client.baseUrl and so the query keys have it: the head is recorded under the same name.
  const baseUrl = config.baseUrl.replace(/\/+$/, '')
  const timeout = config.timeoutMs ?? 30_000
  const batch =
    config.batch === false
      ? false
      : { batchSize: config.batch?.size ?? DEFAULT_BATCH_SIZE, wait: config.batch?.waitMs ?? 0 }

  function transportFor(url: string): Transport {
    let t = transports.get(url)
    if (!t) {
      const headers: Record<string, string> = { ...(typeof config.rpc === 'object' ? config.rpc.headers : undefined) }
      if (config.apiKey && sameOrigin(url, config.baseUrl)) headers['X-API-Key'] = config.apiKey
      t = http(url + tag, {
        batch,
        retryCount: 0,
        timeout,
        fetchFn: matchRepliesById(config.fetch, tag),
        fetchOptions: { headers },
      })({ retryCount: 0 }) as unknown as Transport
      transports.set(url, t)
    }
    return t
  }

  return async (request, options) => {
    const { method, params } = normalizeRpcRequest(request)
    const chain = options?.chain ?? config.chain
    if (options?.chain !== undefined) checkChain(options.chain, config.extraChains)
    const url = rpcUrlFor(config, chain)
    const transport = transportFor(url)
    const signal = options?.signal
    const send = () =>
      transport.request({ method, params }).then(
        (result) => (recordHead(baseUrl, chain, method, params, result), result),
        (error: unknown) => {
          throw toBlockfeedError(error, method, timeout, secrets)
        },
      )
    // A send is never retried: if the first one landed, a second answers "already known" and the
    // caller would see a failure for a transaction that went through.
    const policy = method === 'eth_sendRawTransaction' ? { ...retry, count: 0 } : retry
    return withRetry(() => (signal ? race(send(), signal) : send()), policy, signal)
  }
}

export function rpcUrlFor(config: Pick<ClientConfig, 'rpc'>, chain: string | undefined): string {
  const rpc = config.rpc
  let url: string | undefined
  if (typeof rpc === 'function') url = chain === undefined ? undefined : rpc(chain)
  else if (rpc && 'url' in rpc) url = rpc.url
  // Own keys only: a chain named like an Object.prototype member must not find its function.
  else if (rpc && 'urls' in rpc) url = chain === undefined ? undefined : (ownUrl(rpc.urls, chain) ?? ownUrl(rpc.urls, chain.toLowerCase()))
  if (!url) {
    throw new InvalidParameterError(
      'chain',
      rpc ? `no RPC URL is configured for chain ${chain === undefined ? '(none given)' : `"${clip(chain)}"`}` : 'no RPC URL is configured: pass `rpc` to createClient',
    )
  }
  return url
}

function ownUrl(urls: Partial<Record<string, string>>, chain: string): string | undefined {
  // Configured under either spelling of a spec chain: `{ eth: url }` serves `0x1` too.
  for (const key of [chain, chainAlias(chain)]) {
    const url = key !== undefined && Object.hasOwn(urls, key) ? urls[key] : undefined
    if (typeof url === 'string') return url
  }
  return undefined
}

function race<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The call is already under way (it may be in a batch with others): its outcome is nobody's now.
    promise.catch(() => {})
    return Promise.reject(signal.reason)
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e) => (signal.removeEventListener('abort', onAbort), reject(e)),
    )
  })
}

function toBlockfeedError(error: unknown, method: string, timeoutMs: number, secrets: readonly string[]): unknown {
  if (isAbortError(error)) return error
  if (!(error instanceof BaseError)) return error
  const rpcError = error.walk((e) => e instanceof RpcRequestError) as RpcRequestError | null
  const httpError = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null
  const timeoutError = error.walk((e) => e instanceof ViemTimeoutError) as ViemTimeoutError | null
  const url = redactUrl((rpcError ?? httpError ?? timeoutError)?.url ?? '', secrets)
  if (timeoutError) return new TimeoutError(timeoutMs, `${method} at ${url}`)
  if (rpcError) {
    if (rpcError.details === UNMATCHED) {
      return new ResponseShapeError('JSON-RPC response', [{ path: [], message: `${method}: no reply carried this request's id, or it had neither result nor error` }])
    }
    const status = rpcError.status
    if (status !== undefined && (status === 429 || status >= 500)) {
      return new HttpStatusError({ status, url, body: redact(rpcError.details, secrets).slice(0, 500), retryAfterMs: parseRetryAfter(rpcError.headers?.get('retry-after') ?? null) })
    }
    return new JsonRpcError({ code: rpcError.code, message: rpcError.details, data: rpcError.data, method })
  }
  if (httpError) {
    if (httpError.status) {
      return new HttpStatusError({
        status: httpError.status,
        url,
        body: redact(httpError.details ?? '', secrets).slice(0, 500),
        retryAfterMs: parseRetryAfter(httpError.headers?.get('retry-after') ?? null),
      })
    }
    const cause = httpError.cause
    if (isAbortError(cause)) return cause
    // The node answered, but not with JSON-RPC (an HTML page, a batch answered by one object): not a network failure.
    if (cause instanceof SyntaxError || (cause instanceof Error && /responses to batch request/.test(cause.message))) {
      return new ResponseShapeError('JSON-RPC response', [{ path: [], message: `${method}: ${cause.message.slice(0, 120)}` }])
    }
    return new NetworkError(url, cause)
  }
  // A reply viem could not match to the request (missing id, wrong id, not JSON-RPC).
  return new JsonRpcError({ code: -32603, message: error.shortMessage, method })
}

/** Marks a call the reply did not answer; turned into a ResponseShapeError for that caller only. */
const UNMATCHED = 'blockfeed: unmatched JSON-RPC reply'

type Envelope = { id?: unknown; result?: unknown; error?: unknown }

/**
 * viem hands batch replies to callers by position, so a reply that drops or swaps an id
 * would give one caller another call's result. This fetch re-pairs replies with requests by
 * id and answers any unpaired request with an UNMATCHED error; well-formed replies pass
 * through untouched.
 */
function matchRepliesById(custom: typeof fetch | undefined, tag: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' && input.endsWith(tag) ? input.slice(0, -tag.length) : input
    // Looked up per call: test and app code may replace globalThis.fetch after createClient.
    const response = await (custom ?? globalThis.fetch)(url, init)
    const sent = typeof init?.body === 'string' ? tryParse(init.body) : undefined
    if (sent === undefined || (!response.ok && (response.status === 429 || response.status >= 500))) return response
    const text = await response.text()
    const got = tryParse(text)
    // A 4xx carrying one JSON-RPC error is the node's answer to every call (viem reads it so
    // only from 2.57.12; before, as an HTTP failure): handed on as a 200 answering each call.
    const rejection = Array.isArray(got) && got.length === 1 ? got[0] : got
    const answered = response.ok || isRpcError(rejection)
    const each = (r: Envelope) => ({ ...(rejection as object), id: r.id })
    const fixed = response.ok ? pair(sent, got) : !answered ? undefined : Array.isArray(sent) ? sent.map(each) : each(sent as Envelope)
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    headers.delete('content-encoding')
    if (fixed !== undefined) headers.set('content-type', 'application/json')
    return new Response(fixed === undefined ? text : JSON.stringify(fixed), { status: answered && !response.ok ? 200 : response.status, statusText: response.statusText, headers })
  }
}

/** The reply re-paired with `sent`, or undefined when it needs no change (or is not ours to judge). */
function pair(sent: unknown, got: unknown): unknown {
  const answers = (req: Envelope, rep: unknown): boolean =>
    rep !== null && typeof rep === 'object' && String((rep as Envelope).id) === String(req.id) && ('result' in rep || 'error' in rep)
  const unmatched = (req: Envelope) => ({ jsonrpc: '2.0', id: req.id, error: { code: -32603, message: UNMATCHED } })
  if (Array.isArray(sent)) {
    const reqs = sent as Envelope[]
    // Settled here, not left to viem (only 2.57.12+ does): one error for the whole batch (a bare
    // error object, or geth's one-element array with id null) goes to every call; a reply that is no batch fails each.
    const rejection = Array.isArray(got) ? (got.length === 1 && isBatchRejection(got[0]) ? got[0] : undefined) : got
    if (isRpcError(rejection)) return reqs.map((r) => ({ ...(rejection as object), id: r.id }))
    if (!Array.isArray(got)) return reqs.map(unmatched)
    if (got.length === reqs.length && reqs.every((r, i) => answers(r, got[i]))) return undefined
    return reqs.map((r) => {
      const found = got.filter((g) => answers(r, g))
      return found.length === 1 ? { ...(found[0] as object), id: r.id } : unmatched(r)
    })
  }
  if (got === undefined || sent === null || typeof sent !== 'object' || Array.isArray(got)) return undefined
  const req = sent as Envelope
  if (isBatchRejection(got)) return undefined
  return answers(req, got) ? undefined : unmatched(req)
}

function isRpcError(reply: unknown): boolean {
  const error = reply !== null && typeof reply === 'object' ? (reply as Envelope).error : undefined
  return error !== null && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'number' && typeof (error as { message?: unknown }).message === 'string'
}

/** A server error about the request as a whole (id null, e.g. a parse error or a batch too large). */
function isBatchRejection(reply: unknown): boolean {
  return reply !== null && typeof reply === 'object' && (reply as Envelope).id === null && 'error' in reply
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
