import type { RpcConfig } from '../core/client.js'
import { checkChain } from '../core/chains.js'
import { InvalidParameterError, redact } from '../core/errors.js'
import {
  normalizeWalletHistoryParameters,
  toWalletHistorySearchParams,
  walletHistoryPath,
  walletHistoryQueryNames,
  type WalletHistoryParameters,
} from '../core/history/params.js'
import { normalizeRpcRequest } from '../core/rpc/methods.js'
import { rpcUrlFor } from '../core/rpc/rpc.js'
import { clip } from '../core/text.js'
import { sameOrigin } from '../core/url.js'
import { createRateLimiter, type RateLimitOptions } from './rateLimit.js'
import { readCapped } from './readCapped.js'

export interface ProxyHandlerOptions {
  /** The upstream service's {base_url}. */
  baseUrl: string
  /** Sent upstream as `X-API-Key`; never leaves the server. */
  apiKey: string
  /**
   * Upstream JSON-RPC URL(s), as in `createClient`. The chain of an RPC request is the
   * `?chain=` query of `{basePath}/rpc` (e.g. `/api/blockfeed/rpc?chain=polygon`), else `defaultChain`.
   */
  rpc?: RpcConfig | undefined
  defaultChain?: string | undefined
  /** Chains accepted beyond the spec's 13 (e.g. a devnet's `0x7a69`). */
  extraChains?: readonly string[] | undefined
  /** Where the proxy is mounted. Default `/api/blockfeed`. */
  basePath?: string | undefined
  /**
   * Origins allowed to call cross-origin (CORS). Same-origin requests are always allowed;
   * a request whose `Origin` is neither is refused. Default: none (same origin only).
   */
  allowedOrigins?: readonly string[] | undefined
  /** When set, requests addressed to any other host (the `Host` header) are refused. */
  allowedHosts?: readonly string[] | undefined
  /** Per-client token bucket; off when not given. */
  rateLimit?: RateLimitOptions | undefined
  /** Largest request body (JSON-RPC). Default 256 KiB. */
  maxRequestBytes?: number | undefined
  /** Largest upstream body passed back. Default 16 MiB. */
  maxResponseBytes?: number | undefined
  /** Most calls in one JSON-RPC batch. Default 20. */
  maxBatchSize?: number | undefined
  /** Upstream timeout. Default 30 000 ms. */
  timeoutMs?: number | undefined
  /**
   * Whether RPC requests carry `X-API-Key` too. Default: only when the RPC URL has the
   * same origin as `baseUrl` (an RPC URL elsewhere usually carries its own key).
   */
  rpcApiKey?: boolean | undefined
  fetch?: typeof fetch | undefined
}

export type ProxyHandler = (request: Request) => Promise<Response>

/** The body of every refusal: a stable `code` to switch on and a message a person can act on. */
export interface ProxyErrorBody {
  error: { code: string; message: string; parameter?: string }
}

// Wire name → parameter name, from the core's one table.
const HISTORY_QUERY = Object.fromEntries(
  Object.entries(walletHistoryQueryNames).map(([name, wire]) => [wire, name]),
) as Record<string, keyof WalletHistoryParameters>
const QUERY_NAME: Record<string, string> = walletHistoryQueryNames
const BOOLEAN_PARAMS = new Set(['include_internal_transactions', 'include_input_data', 'nft_metadata'])
// Cursors are opaque tokens: printable ASCII only, and not unbounded.
const CURSOR = /^[\x21-\x7e]{1,2048}$/

class Refusal extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly parameter?: string, readonly headers: Record<string, string> = {}) {
    super(message)
  }
}

/**
 * A Fetch-API handler that forwards only two operations to the upstream service, adding
 * the API key server-side: `GET {basePath}/api/v2.2/wallets/{address}/history` (query
 * re-serialized from validated parameters) and `POST {basePath}/rpc` (JSON-RPC, the 28
 * methods only, batches capped). Anything else is refused with a 4xx JSON body and no
 * upstream call. Client headers (cookies, authorization, …) are never forwarded.
 */
export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  if (!options || typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
    throw new InvalidParameterError('baseUrl', 'expected the absolute upstream base URL (http or https)')
  }
  if (typeof options.apiKey !== 'string' || options.apiKey === '' || /[\r\n]/.test(options.apiKey)) {
    throw new InvalidParameterError('apiKey', 'expected the upstream API key as text without line breaks')
  }
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const basePath = `/${(options.basePath ?? '/api/blockfeed').replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '')
  const historyRoute = new RegExp(`^${escapeRegExp(basePath)}/api/v2\\.2/wallets/([^/]+)/history$`)
  const rpcRoute = `${basePath}/rpc`
  const maxRequestBytes = options.maxRequestBytes ?? 256 * 1024
  const maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024
  const maxBatchSize = options.maxBatchSize ?? 20
  const timeoutMs = options.timeoutMs ?? 30_000
  const allowedOrigins = new Set(options.allowedOrigins ?? [])
  const allowedHosts = options.allowedHosts ? new Set(options.allowedHosts.map((h) => h.toLowerCase())) : undefined
  const limiter = options.rateLimit ? createRateLimiter(options.rateLimit) : undefined
  const doFetch = options.fetch ?? globalThis.fetch
  const secrets = [options.apiKey]

  return async (request) => {
    let cors: Record<string, string> = {}
    try {
      const url = new URL(request.url)
      if (allowedHosts && !allowedHosts.has(url.host.toLowerCase())) {
        throw new Refusal(403, 'host_not_allowed', 'This host is not served by the proxy')
      }
      cors = corsHeaders(request, url, allowedOrigins)
      if (limiter) {
        const verdict = limiter(request)
        if (!verdict.ok) {
          throw new Refusal(429, 'rate_limited', 'Too many requests; retry later', undefined, {
            'retry-after': String(verdict.retryAfterSeconds),
          })
        }
      }
      // Anything a URL parser might re-interpret (encoded dots or slashes, backslashes) is not a path we serve.
      if (/%|\\|\/\//.test(url.pathname)) throw new Refusal(400, 'bad_path', 'Encoded or ambiguous characters are not allowed in the path')

      const history = historyRoute.exec(url.pathname)
      if (!history && (url.pathname !== rpcRoute || !options.rpc)) throw new Refusal(404, 'not_found', 'No such endpoint')
      const allow = history ? 'GET, OPTIONS' : 'POST, OPTIONS'
      if (request.method === 'OPTIONS') return preflight(request, cors, allow)
      if (request.method !== (history ? 'GET' : 'POST')) {
        throw new Refusal(405, 'method_not_allowed', `Use ${history ? 'GET' : 'POST'} here`, undefined, { allow })
      }

      const upstream = history
        ? await forwardHistory(history[1]!, url.searchParams)
        : await forwardRpc(request, url.searchParams)
      return await relay(upstream, cors)
    } catch (error) {
      return refusalResponse(toRefusal(error, secrets), cors)
    }
  }

  async function forwardHistory(address: string, query: URLSearchParams): Promise<Response> {
    const params: Record<string, unknown> = { address }
    for (const key of new Set(query.keys())) {
      const name = HISTORY_QUERY[key]
      if (!name) throw new Refusal(400, 'invalid_parameter', `Unknown query parameter \`${clip(key)}\``, clip(key))
      const values = query.getAll(key)
      if (values.length > 1) throw new Refusal(400, 'invalid_parameter', `Query parameter \`${key}\` is repeated`, key)
      params[name] = readQueryValue(key, values[0]!)
    }
    const normalized = normalizeWalletHistoryParameters(params as unknown as WalletHistoryParameters, {
      chain: options.defaultChain,
      extraChains: options.extraChains ?? [],
    })
    const search = toWalletHistorySearchParams(normalized).toString()
    return upstreamFetch(`${baseUrl}${walletHistoryPath(normalized.address)}${search ? `?${search}` : ''}`, {
      method: 'GET',
      headers: { accept: 'application/json', 'x-api-key': options.apiKey },
    })
  }

  async function forwardRpc(request: Request, query: URLSearchParams): Promise<Response> {
    for (const key of query.keys()) {
      if (key !== 'chain') throw new Refusal(400, 'invalid_parameter', `Unknown query parameter \`${clip(key)}\``, clip(key))
    }
    if (query.getAll('chain').length > 1) throw new Refusal(400, 'invalid_parameter', 'Query parameter `chain` is repeated', 'chain')
    const given = query.get('chain') ?? undefined
    const chain = given === undefined ? options.defaultChain : checkChain(given, options.extraChains ?? [])
    const target = rpcUrlFor(options, chain)

    const type = request.headers.get('content-type') ?? ''
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new Refusal(415, 'unsupported_media_type', 'Send JSON-RPC as Content-Type: application/json')
    }
    const declared = Number(request.headers.get('content-length') ?? '0')
    if (declared > maxRequestBytes) throw new Refusal(413, 'body_too_large', `Request bodies are limited to ${maxRequestBytes} bytes`)
    const text = await readCapped(request.body, maxRequestBytes)
    if (text === undefined) throw new Refusal(413, 'body_too_large', `Request bodies are limited to ${maxRequestBytes} bytes`)

    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new Refusal(400, 'invalid_json', 'The request body is not JSON')
    }
    const isBatch = Array.isArray(body)
    const calls = isBatch ? (body as unknown[]) : [body]
    if (calls.length === 0) throw new Refusal(400, 'invalid_request', 'An empty batch')
    if (calls.length > maxBatchSize) {
      throw new Refusal(413, 'batch_too_large', `A batch holds at most ${maxBatchSize} calls, got ${calls.length}`)
    }
    const forwarded = calls.map((call, i) => toUpstreamCall(call, isBatch ? `[${i}].` : ''))

    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' }
    if (options.rpcApiKey ?? sameOrigin(target, baseUrl)) headers['x-api-key'] = options.apiKey
    return upstreamFetch(target, { method: 'POST', headers, body: JSON.stringify(isBatch ? forwarded : forwarded[0]) })
  }

  async function upstreamFetch(target: string, init: RequestInit): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs)
    try {
      // No redirects: a redirect would carry the key to wherever it points.
      return await doFetch(target, { ...init, redirect: 'manual', signal: timeout })
    } catch {
      if (timeout.aborted) throw new Refusal(504, 'upstream_timeout', `The upstream service did not answer within ${timeoutMs} ms`)
      throw new Refusal(502, 'upstream_unreachable', 'The upstream service could not be reached')
    }
  }

  async function relay(upstream: Response, cors: Record<string, string>): Promise<Response> {
    if (upstream.status >= 300 && upstream.status < 400) {
      await upstream.body?.cancel().catch(() => {})
      throw new Refusal(502, 'upstream_redirect', 'The upstream service answered with a redirect, which the proxy does not follow')
    }
    const text = await readCapped(upstream.body, maxResponseBytes)
    if (text === undefined) throw new Refusal(502, 'upstream_too_large', `The upstream body is larger than ${maxResponseBytes} bytes`)
    const headers: Record<string, string> = { ...cors, ...jsonHeaders }
    const retryAfter = upstream.headers.get('retry-after')
    if (retryAfter && /^[\w ,:-]{1,64}$/.test(retryAfter)) headers['retry-after'] = retryAfter
    // Labelled JSON whatever upstream said: an upstream HTML page must not render on this origin.
    return new Response(redact(text, secrets), { status: upstream.status, headers })
  }

  function toUpstreamCall(call: unknown, at: string): unknown {
    if (call === null || typeof call !== 'object' || Array.isArray(call)) {
      throw new Refusal(400, 'invalid_request', 'Each JSON-RPC call must be an object', at.replace(/\.$/, '') || undefined)
    }
    const c = call as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
    if (c.jsonrpc !== '2.0') throw new Refusal(400, 'invalid_request', 'Expected "jsonrpc": "2.0"', `${at}jsonrpc`)
    const id = c.id ?? null
    if (id !== null && typeof id !== 'number' && !(typeof id === 'string' && id.length <= 128)) {
      throw new Refusal(400, 'invalid_request', 'Expected an id that is a number, short text or null', `${at}id`)
    }
    try {
      const { method, params } = normalizeRpcRequest({ method: c.method, params: c.params })
      return { jsonrpc: '2.0', id, method, params }
    } catch (error) {
      if (error instanceof InvalidParameterError) {
        const code = error.parameter === 'method' ? 'rpc_method_not_allowed' : 'invalid_parameter'
        throw new Refusal(code === 'rpc_method_not_allowed' ? 403 : 400, code, error.message, `${at}${error.parameter}`)
      }
      throw error
    }
  }
}

function readQueryValue(key: string, value: string): unknown {
  if (BOOLEAN_PARAMS.has(key)) {
    if (value === 'true' || value === 'false') return value === 'true'
    throw new Refusal(400, 'invalid_parameter', `Invalid parameter \`${key}\`: expected true or false`, key)
  }
  if (key === 'limit') {
    if (/^\d{1,9}$/.test(value)) return Number(value)
    throw new Refusal(400, 'invalid_parameter', 'Invalid parameter `limit`: expected a positive integer', key)
  }
  if (key === 'cursor' && !CURSOR.test(value)) {
    throw new Refusal(400, 'invalid_parameter', 'Invalid parameter `cursor`: expected printable text without spaces, at most 2048 characters', key)
  }
  return value
}

const jsonHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
}

function corsHeaders(request: Request, url: URL, allowed: ReadonlySet<string>): Record<string, string> {
  const origin = request.headers.get('origin')
  if (origin === null || origin === url.origin) return {}
  // Same host over another scheme: the server sits behind TLS termination and sees http.
  if (hostOf(origin) === url.host) return {}
  if (!allowed.has(origin)) throw new Refusal(403, 'origin_not_allowed', 'This origin may not call the proxy')
  return { 'access-control-allow-origin': origin, vary: 'Origin' }
}

function preflight(request: Request, cors: Record<string, string>, allow: string): Response {
  const wanted = request.headers.get('access-control-request-method')
  if (!wanted || !allow.split(', ').includes(wanted)) {
    throw new Refusal(405, 'method_not_allowed', 'This method is not allowed here', undefined, { allow })
  }
  return new Response(null, {
    status: 204,
    headers: {
      ...cors,
      'access-control-allow-methods': allow,
      // No credentials and no authorization: the key is added here, never by the browser.
      'access-control-allow-headers': 'accept, content-type',
      'access-control-max-age': '600',
    },
  })
}

function toRefusal(error: unknown, secrets: readonly string[]): Refusal {
  if (error instanceof Refusal) return error
  if (error instanceof InvalidParameterError) {
    const parameter = QUERY_NAME[error.parameter] ?? error.parameter
    const message = `Invalid parameter \`${parameter}\`: ${error.reason}`
    return new Refusal(400, 'invalid_parameter', redact(message, secrets), parameter)
  }
  return new Refusal(500, 'internal_error', 'The proxy failed to handle this request')
}

function refusalResponse(r: Refusal, cors: Record<string, string>): Response {
  const body: ProxyErrorBody = { error: { code: r.code, message: r.message, ...(r.parameter ? { parameter: r.parameter } : {}) } }
  return new Response(JSON.stringify(body), { status: r.status, headers: { ...cors, ...jsonHeaders, ...r.headers } })
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

