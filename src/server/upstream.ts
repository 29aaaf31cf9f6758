import type { RpcConfig } from '../core/client.js'
import { redact } from '../core/errors.js'
import { jsonHeaders, Refusal } from './access.js'
import { readCapped, type ByteBudget } from './readCapped.js'
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
  fetch: typeof fetch
  /** Kept answers (history pages for a while, by-hash reads for good), when the cache is on. */
  cache: ResponseCache | undefined
  /** Text never passed back to a client. */
  secrets: readonly string[]
}

/** One upstream request: no redirects followed, a timeout, failures as refusals (502/504). */
export async function upstreamFetch(config: ProxyConfig, target: string, init: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(config.timeoutMs)
  try {
    // No redirects: a redirect would carry the key to wherever it points.
    return await config.fetch(target, { ...init, redirect: 'manual', signal: timeout })
  } catch {
    if (timeout.aborted) throw new Refusal(504, 'upstream_timeout', `The upstream service did not answer within ${config.timeoutMs} ms`)
    throw new Refusal(502, 'upstream_unreachable', 'The upstream service could not be reached')
  }
}

/** The upstream body as text (the key removed), or a refusal for a redirect or a body over the cap. */
export async function readUpstream(config: ProxyConfig, upstream: Response, budget: ByteBudget = { left: config.maxResponseBytes }): Promise<string> {
  if (upstream.status >= 300 && upstream.status < 400) {
    await upstream.body?.cancel().catch(() => {})
    throw new Refusal(502, 'upstream_redirect', 'The upstream service answered with a redirect, which the proxy does not follow')
  }
  const text = await readCapped(upstream.body, budget)
  if (text === undefined) throw new Refusal(502, 'upstream_too_large', `The upstream body is larger than ${config.maxResponseBytes} bytes`)
  return redact(text, config.secrets)
}

/** Passes the upstream answer on: its status and body, labelled JSON, with a sane `Retry-After`. */
export async function relay(config: ProxyConfig, upstream: Response, cors: Record<string, string>): Promise<Response> {
  const text = await readUpstream(config, upstream)
  const headers: Record<string, string> = { ...cors, ...jsonHeaders }
  const retryAfter = retryAfterOf(upstream)
  if (retryAfter) headers['retry-after'] = retryAfter
  // Labelled JSON whatever upstream said: an upstream HTML page must not render on this origin.
  return new Response(text, { status: upstream.status, headers })
}

export function retryAfterOf(upstream: Response): string | undefined {
  const value = upstream.headers.get('retry-after')
  return value && /^[\w ,:-]{1,64}$/.test(value) ? value : undefined
}
