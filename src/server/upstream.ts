import type { RpcConfig } from '../core/client.js'
import { jsonHeaders, Refusal, type ProxyErrorBody } from './access.js'
import { fetchTransport, NULL_BODY_STATUSES, type Pieces, type Reply, type Tools, type Transport, type UpstreamAnswer, type UpstreamInit } from './exchange.js'
import type { ByteBudget } from './readCapped.js'
import type { ResponseCache } from './store/cache.js'

/** The proxy's options, checked and with their defaults: what the forwarders work from. */
export interface ProxyConfig {
  baseUrl: string
  apiKey: string
  rpc: RpcConfig | undefined
  defaultChain: string | undefined
  extraChains: readonly string[]
  maxRequestBytes: number
  maxResponseBytes: number
  maxBatchSize: number
  upstreamBatchSize: number
  upstreamConcurrency: number
  timeoutMs: number
  rpcApiKey: boolean | undefined
  /** The options' own `fetch`, when given: then every route uses it. */
  fetch: typeof fetch | undefined
  /** A transport over `fetch` (the options' or the global one), for the Fetch route. */
  fetchTransport: Transport
  /** Kept answers (history pages and reads by transaction hash for a while, reads by block hash for good), when the cache is on. */
  cache: ResponseCache | undefined
  /** Text never passed back to a client. */
  secrets: readonly string[]
}

export function makeFetchTransport(custom: typeof fetch | undefined): Transport {
  // Looked up per call when not given, so that a fetch replaced after start-up (tests, polyfills) is the one used.
  return fetchTransport(custom ?? ((input, init) => globalThis.fetch(input, init)))
}

/** One upstream request: no redirects followed, a timeout, failures as refusals (502/504). */
export function upstreamFetch(config: ProxyConfig, tools: Tools, target: string, init: UpstreamInit): Promise<UpstreamAnswer> {
  const transport = (!config.fetch && tools.transport) || config.fetchTransport
  return transport(target, init, config.timeoutMs)
}

/** The upstream body (the key removed), or a refusal for a redirect or a body over the cap. */
export async function readUpstream(config: ProxyConfig, tools: Tools, upstream: UpstreamAnswer, budget: ByteBudget = { left: config.maxResponseBytes }): Promise<Pieces> {
  if (upstream.status >= 300 && upstream.status < 400) {
    upstream.discard()
    throw new Refusal(502, 'upstream_redirect', 'The upstream service answered with a redirect, which the proxy does not follow')
  }
  // No HTTP status the proxy can pass on (a Fetch Response takes 200 to 599; `new Response` would throw, and the handler with it).
  if (upstream.status < 200 || upstream.status > 599) {
    upstream.discard()
    throw new Refusal(502, 'upstream_bad_status', `The upstream service answered with HTTP status ${upstream.status}, which is not one the proxy passes on`)
  }
  const bytes = await upstream.read(budget)
  if (bytes === undefined) throw new Refusal(502, 'upstream_too_large', `The upstream body is larger than ${config.maxResponseBytes} bytes`)
  return tools.redact(bytes, config.secrets)
}

/**
 * Passes the upstream answer on: its status and body, labelled JSON, with a sane `Retry-After`; a body
 * that is not JSON becomes the proxy's own error ({@link notJsonBody}).
 */
export async function relay(config: ProxyConfig, tools: Tools, upstream: UpstreamAnswer, cors: Record<string, string>): Promise<Reply> {
  const body = await readUpstream(config, tools, upstream)
  const headers: Record<string, string> = { ...cors, ...jsonHeaders }
  const retryAfter = retryAfterOf(upstream)
  if (retryAfter) headers['retry-after'] = retryAfter
  if (!passesAsJson(upstream.status, body)) return { ...notJsonBody(upstream.status), headers }
  // Labelled JSON whatever upstream said: an upstream HTML page must not render on this origin.
  return { status: upstream.status, headers, body }
}

/**
 * The proxy's error for an upstream body that is not JSON (a load balancer's HTML page, an empty 200):
 * passed on, a client fails on `Unexpected token <` and loses what went wrong. The upstream's error
 * status is kept (a 429 or 503 still says retry later); a 2xx becomes 502.
 */
export function notJsonBody(status: number): { status: number; body: string } {
  const refusal = new Refusal(status >= 200 && status < 300 ? 502 : status, 'upstream_not_json', `The upstream service answered HTTP ${status} with a body that is not JSON`)
  const body: ProxyErrorBody = { error: { code: refusal.code, message: refusal.message } }
  return { status: refusal.status, body: JSON.stringify(body) }
}

/** Whether an upstream history answer may go on as it is: JSON, or a status that has no body (204, 205). */
export function passesAsJson(status: number, body: Pieces): boolean {
  return NULL_BODY_STATUSES.has(status) || startsLikeJson(body)
}

/** Whether a body opens as a JSON object or array (past white space and a BOM): cheap, so a 290 kB answer is not parsed for it. */
export function startsLikeJson(body: Pieces): boolean {
  for (const piece of body) {
    for (const byte of piece) {
      if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0xef || byte === 0xbb || byte === 0xbf) continue
      return byte === 0x7b || byte === 0x5b
    }
  }
  return false
}

export function retryAfterOf(upstream: UpstreamAnswer): string | undefined {
  const value = upstream.header('retry-after')
  return value && /^[\w ,:-]{1,64}$/.test(value) ? value : undefined
}
