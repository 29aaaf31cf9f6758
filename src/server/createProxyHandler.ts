import type { RpcConfig } from '../core/client.js'
import { checkChain } from '../core/chains.js'
import { InvalidParameterError } from '../core/errors.js'
import { checkCount, checkMs } from '../core/options.js'
import { corsHeaders, preflight, Refusal, refusalReply, toRefusal } from './access.js'
import { clientGone, fetchIncoming, fetchTools, NULL_BODY_STATUSES, toResponse, type Incoming, type Reply, type Tools } from './exchange.js'
import { answerHistory, historyTarget } from './forwardHistory.js'
import { forwardRpc } from './forwardRpc.js'
import { eventStreamResponse, headStreamRoute, isEventStreamReply, type HeadStreamOptions } from './headStream.js'
import { batchLimits } from './jsonRpc.js'
import { createResponseCache, type ProxyCacheOptions } from './store/cache.js'
import { createIncomingLimiter, type RateLimitOptions } from './store/rateLimit.js'
import { makeFetchTransport, type ProxyConfig } from './upstream.js'

export type { ProxyErrorBody } from './access.js'
export type { HeadStreamOptions } from './headStream.js'

/** The options of {@link createProxyHandler}: the upstream service and key, and what the proxy allows, limits and caches. */
export interface ProxyHandlerOptions {
  /** The upstream service's {base_url} (absolute http or https). */
  baseUrl: string
  /** Sent upstream as `X-API-Key`; never leaves the server. Visible ASCII (what every HTTP stack sends unchanged). */
  apiKey: string
  /**
   * Upstream JSON-RPC URL(s), as in `createClient`. The chain of an RPC request is the
   * `?chain=` query of `{basePath}/rpc` (e.g. `/api/blockfeed/rpc?chain=polygon`), else `defaultChain`.
   * Without it, `{basePath}/rpc` and `{basePath}/head` are not served.
   */
  rpc?: RpcConfig | undefined
  /** The chain of an RPC request that names none (spec name or hex id). */
  defaultChain?: string | undefined
  /** Chains accepted beyond the spec's 13 (e.g. a devnet's `0x7a69`). @defaultValue `[]` */
  extraChains?: readonly string[] | undefined
  /** Where the proxy is mounted. @defaultValue `'/api/blockfeed'` */
  basePath?: string | undefined
  /**
   * Origins allowed to call cross-origin (CORS). Same-origin requests are always allowed;
   * a request whose `Origin` is neither is refused.
   * @defaultValue `[]` (same origin only)
   */
  allowedOrigins?: readonly string[] | undefined
  /** When set, requests addressed to any other host (the `Host` header) are refused with 403. @defaultValue every host */
  allowedHosts?: readonly string[] | undefined
  /**
   * A per-client limit (rate-limiter-flexible): in this process's memory, or shared by every
   * instance through `rateLimit.redis`. Over it, a 429 with `Retry-After`.
   * @defaultValue off
   */
  rateLimit?: RateLimitOptions | undefined
  /**
   * Serve answers again: history pages, and transactions and receipts read by hash, for `ttlSeconds`
   * (a reorg can change the latter), head reads for a fraction of a block, reads addressed by a block
   * hash for good; identical concurrent requests cost one upstream call (across instances with
   * `redis`). `true` for the in-memory defaults.
   * @defaultValue off
   */
  cache?: ProxyCacheOptions | boolean | undefined
  /** Largest request body (JSON-RPC), in bytes. @defaultValue `262144` (256 KiB) */
  maxRequestBytes?: number | undefined
  /** Largest upstream body passed back (for a batch, its upstream answers together), in bytes. @defaultValue `16777216` (16 MiB) */
  maxResponseBytes?: number | undefined
  /**
   * Most calls a client may send in one JSON-RPC batch (ethers' `batchMaxCount`; set viem's
   * `batchSize` to at most this). A larger batch is answered with JSON-RPC error objects, one per
   * request id, as a node answers one, not with an HTTP error. What goes upstream in one request is
   * `upstreamBatchSize`.
   * @defaultValue `100`
   */
  maxBatchSize?: number | undefined
  /**
   * Most calls sent upstream in one request: a client's batch is split into chunks of this
   * size and the answers joined into one reply, matched by id.
   * @defaultValue `20` (the service's cap)
   */
  upstreamBatchSize?: number | undefined
  /** Upstream requests in flight at once for one client batch. @defaultValue `5` (a full batch of 100 in one round) */
  upstreamConcurrency?: number | undefined
  /** Upstream timeout, in ms. @defaultValue `30000` */
  timeoutMs?: number | undefined
  /**
   * Whether RPC requests carry `X-API-Key` too.
   * @defaultValue only when the RPC URL has the same origin as `baseUrl` (an RPC URL elsewhere usually carries its own key)
   */
  rpcApiKey?: boolean | undefined
  /** The `fetch` used for upstream requests (a test double, an instrumented one). @defaultValue the global `fetch` (under `toNodeHandler`, node:http with kept-alive sockets) */
  fetch?: typeof fetch | undefined
  /** Most `GET {basePath}/head` connections this instance serves at once, all chains together; past it a 503 with `Retry-After`. @defaultValue `10000` */
  maxHeadSubscribers?: number | undefined
  /**
   * Timings of `GET {basePath}/head?chain=eth` (served when `rpc` is given): the chain's head as
   * server-sent events, one `data: {"chain":"eth","blockNumber":"0x…"}` per new block (`chain`
   * repeated: several chains on one connection), read upstream by one poller per chain however many
   * subscribers, and by one instance of the deployment with `cache.redis`.
   */
  headStream?: HeadStreamOptions | undefined
}

/** A Fetch-API request handler: mount it as a route of any framework that speaks `Request` and `Response`. */
export type ProxyHandler = (request: Request) => Promise<Response>

/** The routing itself, on requests and replies of either kind; toNodeHandler calls it with its node:http tools. */
export type ProxyRoute = (request: Incoming, tools: Tools) => Promise<Reply>

/** Where a handler made by createProxyHandler keeps its route, for toNodeHandler's node:http path. */
export const proxyRoute: unique symbol = Symbol('blockfeed.proxyRoute')

/** Where a handler made by createProxyHandler keeps its head streams: for tests and diagnostics. */
export const headStreams: unique symbol = Symbol('blockfeed.headStreams')

/**
 * The head streams a handler serves now: subscribers (all chains), chains with a running poller, and
 * of those the ones it reads upstream itself (the others follow another instance through Redis).
 */
export function headStreamStats(handler: ProxyHandler): { subscribers: number; chains: number; polling: number } {
  const hub = (handler as { [headStreams]?: ReturnType<typeof headStreamRoute> })[headStreams]?.hub
  return { subscribers: hub?.subscribers ?? 0, chains: hub?.chains ?? 0, polling: hub?.polling ?? 0 }
}

/**
 * Makes the server-side proxy that keeps your API key out of the browser: point `createClient` at it
 * (`baseUrl: '/api/blockfeed'`, `rpc: { url: '/api/blockfeed/rpc' }`) and it forwards the two
 * operations blockfeed uses, adding the key on the server.
 *
 * @param options - The upstream service and key, and what the proxy allows, limits and caches.
 * @returns A Fetch-API handler (`Request` to `Response`); serve it from a route, or from Node's
 * `http` through {@link toNodeHandler}. Refusals are JSON {@link ProxyErrorBody} answers, never thrown.
 * @throws {@link InvalidParameterError} When `baseUrl`, `apiKey`, an RPC URL, `extraChains`, `defaultChain` or a number option is invalid (at start, not per request).
 * @remarks Serves `GET {basePath}/api/v2.2/wallets/{address}/history` (query re-serialized from
 * validated parameters) and `POST {basePath}/rpc` (JSON-RPC, the 28 methods only); with `rpc`, also
 * `GET {basePath}/head?chain=` (new blocks as server-sent events, polled upstream once per chain).
 * To a JSON-RPC client the RPC route looks like a node: batches of up to `maxBatchSize` calls are
 * split upstream into chunks of `upstreamBatchSize` and answered in one reply matched by id, and a
 * bad call of a batch gets its own JSON-RPC error. Anything else is refused with a 4xx JSON body and
 * no upstream call. Client headers (cookies, authorization, …) are never forwarded. With `cache`,
 * answers carry `x-blockfeed-cache: hit | miss | shared`.
 * @example
 * ```ts
 * // app/api/blockfeed/[...path]/route.ts (Next.js App Router), or any Fetch-API route
 * import { createProxyHandler } from 'blockfeed/server'
 *
 * const handler = createProxyHandler({
 *   baseUrl: 'https://api.example.com',
 *   apiKey: process.env.BLOCKFEED_API_KEY!,
 *   rpc: { url: 'https://rpc.example.com' },
 *   defaultChain: 'eth',
 *   cache: true,
 * })
 *
 * export { handler as GET, handler as HEAD, handler as POST, handler as OPTIONS }
 * ```
 */
export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  const config = resolveOptions(options)
  const basePath = `/${(options.basePath ?? '/api/blockfeed').replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '')
  const historyRoute = new RegExp(`^${escapeRegExp(basePath)}/api/v2\\.2/wallets/([^/]+)/history$`)
  const rpcRoute = `${basePath}/rpc`
  const headRoute = `${basePath}/head`
  const heads = options.rpc
    ? headStreamRoute(config, options.headStream, checkCount(options.maxHeadSubscribers, 'maxHeadSubscribers', 0) ?? 10_000, typeof options.cache === 'object' ? options.cache : undefined, rpcRoute)
    : undefined
  const allowedOrigins = new Set(options.allowedOrigins ?? [])
  const allowedHosts = options.allowedHosts ? new Set(options.allowedHosts.map((h) => h.toLowerCase())) : undefined
  const limiter = options.rateLimit ? createIncomingLimiter(options.rateLimit) : undefined

  const route: ProxyRoute = async (request, tools) => {
    let cors: Record<string, string> = {}
    try {
      const url = request.url
      // The Host header, as the browser sent it: a framework may build `request.url` on its own bind name (`next start` says localhost).
      if (allowedHosts && !allowedHosts.has((request.header('host') ?? url.host).toLowerCase())) {
        throw new Refusal(403, 'host_not_allowed', 'This host is not served by the proxy')
      }
      cors = corsHeaders(request, allowedOrigins)
      // Methods the Fetch API cannot carry (a scanner's TRACE on the node route): no Request can be made for a rate limit's `key`.
      if (/^(?:connect|trace|track)$/i.test(request.method)) {
        throw new Refusal(405, 'method_not_allowed', `${request.method.toUpperCase()} is not served here`, undefined, { allow: 'GET, POST, OPTIONS' })
      }
      // Not a preflight: it costs no upstream call, and a 429 to it (no CORS method grant) would reach the page
      // as an opaque network error instead of the 429 its request then gets, Retry-After and all.
      if (limiter && request.method !== 'OPTIONS') {
        const verdict = await limiter(request)
        if (!verdict.ok) {
          throw new Refusal(429, 'rate_limited', 'Too many requests; retry later', undefined, {
            'retry-after': String(verdict.retryAfterSeconds),
          })
        }
      }
      // Anything a URL parser might re-interpret (encoded dots or slashes, backslashes) is not a path we serve.
      if (/%|\\|\/\//.test(url.pathname)) throw new Refusal(400, 'bad_path', 'Encoded or ambiguous characters are not allowed in the path')

      const history = historyRoute.exec(url.pathname)
      if (heads && url.pathname === headRoute) {
        if (request.method === 'OPTIONS') return preflight(request, cors, 'GET, HEAD, OPTIONS')
        if (request.method !== 'GET' && request.method !== 'HEAD') throw new Refusal(405, 'method_not_allowed', 'Use GET here', undefined, { allow: 'GET, HEAD, OPTIONS' })
        return heads.answer(request, tools, cors)
      }
      if (!history && (url.pathname !== rpcRoute || !options.rpc)) throw new Refusal(404, 'not_found', 'No such endpoint')
      const allow = history ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS'
      if (request.method === 'OPTIONS') return preflight(request, cors, allow)
      // HEAD is a GET without its body (HTTP asks it of every GET resource): asked upstream as a GET, the body dropped on the way out.
      if (history ? request.method !== 'GET' && request.method !== 'HEAD' : request.method !== 'POST') {
        throw new Refusal(405, 'method_not_allowed', `Use ${history ? 'GET' : 'POST'} here`, undefined, { allow })
      }
      if (history) return await answerHistory(config, tools, historyTarget(config, history[1]!, url.searchParams), request.departure, cors)
      return await forwardRpc(config, tools, request, cors)
    } catch (error) {
      // Gone before its answer (an abort can surface as any error on the way): nobody reads this, and it is no upstream failure.
      if (request.departure.gone) return refusalReply(clientGone(), cors)
      return refusalReply(toRefusal(error, config.secrets), cors)
    }
  }

  const handler: ProxyHandler = async (request) => {
    const reply = await route(fetchIncoming(request), fetchTools)
    if (isEventStreamReply(reply)) return eventStreamResponse(reply, request.signal)
    return toResponse(request.method === 'HEAD' ? withoutBody(reply) : reply)
  }
  Object.defineProperty(handler, proxyRoute, { value: route })
  Object.defineProperty(handler, headStreams, { value: heads })
  return handler
}

/** A HEAD's answer: the GET's status and headers, its Content-Length, no body. */
function withoutBody(reply: Reply): Reply {
  const body = reply.body
  const pieces: readonly Uint8Array[] = body === null ? [] : typeof body === 'string' ? [encoder.encode(body)] : body instanceof Uint8Array ? [body] : body
  const length = pieces.reduce((n, piece) => n + piece.byteLength, 0)
  const headers = NULL_BODY_STATUSES.has(reply.status) ? reply.headers : { ...reply.headers, 'content-length': String(length) }
  return { ...reply, headers, body: null }
}

const encoder = new TextEncoder()

function resolveOptions(options: ProxyHandlerOptions): ProxyConfig {
  if (!options || typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
    throw new InvalidParameterError('baseUrl', 'expected the absolute upstream base URL (http or https)')
  }
  // What every HTTP stack sends as a header value unchanged: visible ASCII, spaces inside only (fetch trims the ends).
  if (typeof options.apiKey !== 'string' || !/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(options.apiKey)) {
    throw new InvalidParameterError('apiKey', 'expected the upstream API key as visible ASCII text (no line breaks, control characters, non-ASCII letters or spaces at the ends)')
  }
  checkRpcUrls(options.rpc)
  const extraChains = options.extraChains ?? []
  if (!Array.isArray(extraChains) || !extraChains.every((c) => typeof c === 'string' && c !== '')) {
    throw new InvalidParameterError('extraChains', 'expected a list of chain ids as text (e.g. ["0x7a69"])')
  }
  // Checked here, not per request: an unknown one would fail every request that names no chain, and blame the client's `chain`.
  if (options.defaultChain !== undefined) checkChain(options.defaultChain, extraChains, 'defaultChain')
  // The client's own checks: a NaN from the environment, a fraction or a timer past 2^31 − 1 ms is named, not failed on per request.
  const count = (name: 'maxBatchSize' | 'upstreamBatchSize' | 'upstreamConcurrency' | 'maxResponseBytes' | 'maxRequestBytes', fallback: number): number =>
    checkCount(options[name], name, 1) ?? fallback
  const timeoutMs = checkMs(options.timeoutMs, 'timeoutMs') ?? 30_000
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    apiKey: options.apiKey,
    rpc: options.rpc,
    defaultChain: options.defaultChain,
    extraChains,
    maxRequestBytes: count('maxRequestBytes', 256 * 1024),
    maxResponseBytes: count('maxResponseBytes', 16 * 1024 * 1024),
    maxBatchSize: count('maxBatchSize', batchLimits.maxBatchSize),
    upstreamBatchSize: count('upstreamBatchSize', batchLimits.upstreamBatchSize),
    upstreamConcurrency: count('upstreamConcurrency', batchLimits.upstreamConcurrency),
    timeoutMs,
    rpcApiKey: options.rpcApiKey,
    fetch: options.fetch,
    fetchTransport: makeFetchTransport(options.fetch),
    cache: options.cache ? createResponseCache(options.cache === true ? {} : options.cache) : undefined,
    secrets: [options.apiKey],
  }
}

/** Fixed RPC URLs must be absolute http(s) URLs; a function's are checked per request (a bad one answers 502). */
function checkRpcUrls(rpc: RpcConfig | undefined): void {
  if (!rpc || typeof rpc !== 'object') return
  const named: [string, unknown][] = 'urls' in rpc ? Object.entries(rpc.urls ?? {}).map(([chain, url]) => [`rpc.urls.${chain}`, url]) : [['rpc.url', rpc.url]]
  for (const [name, url] of named) {
    if (url !== undefined && !isHttpUrl(url)) throw new InvalidParameterError(name, 'expected an absolute upstream JSON-RPC URL (http or https)')
  }
}

function isHttpUrl(url: unknown): boolean {
  try {
    return typeof url === 'string' && /^https?:$/.test(new URL(url).protocol)
  } catch {
    return false
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
