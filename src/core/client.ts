import { checkChain, getChainInfo, type ChainInfo, type ChainInput } from './chains.js'
import { HttpStatusError, InvalidParameterError, NetworkError, ResponseShapeError, TimeoutError, isAbortError, redact } from './errors.js'
import { getWalletHistory } from './history/getWalletHistory.js'
import { walletHistoryPages } from './history/pages.js'
import type { WalletHistoryParameters } from './history/params.js'
import type { WalletHistoryPage } from './history/schema.js'
import { resolveRetry, parseRetryAfter, withRetry, type RetryConfig, type RetryOption } from './retry.js'
import { createRpcSender, type RpcSender } from './rpc/rpc.js'
import type { RpcMethod, RpcRequest, RpcReturnType } from './rpc/methods.js'

/** Where JSON-RPC requests go: one URL, one per chain, or a function of the chain. */
export type RpcConfig =
  | { url: string; headers?: Record<string, string> }
  | { urls: Partial<Record<string, string>>; headers?: Record<string, string> }
  | ((chain: string) => string | undefined)

export interface ClientConfig {
  /** The service's {base_url}; may be relative (e.g. `/api/blockfeed` behind `createProxyHandler`). */
  baseUrl: string
  /** Sent as `X-API-Key`. Leave it out in browsers: put `createProxyHandler` on your server instead. */
  apiKey?: string | undefined
  rpc?: RpcConfig | undefined
  /** Default chain for history and RPC calls (a spec name or hex id). */
  chain?: ChainInput | undefined
  /** Chains accepted beyond the spec's 13, e.g. a devnet's `0x7a69`. */
  extraChains?: readonly string[] | undefined
  fetch?: typeof fetch | undefined
  /** Extra headers for every wallet-history request. */
  headers?: Record<string, string> | undefined
  /** Per attempt. Default 30 000 ms. */
  timeoutMs?: number | undefined
  /** The one retry layer. Default 3 retries (at most 4 calls) with back-off. `false` turns it off. */
  retry?: RetryOption | undefined
  /** JSON-RPC batching: on by default, at most 20 calls a batch (some providers refuse more). */
  batch?: false | { size?: number; waitMs?: number } | undefined
}

export interface RequestOptions {
  signal?: AbortSignal | undefined
}

export interface RpcOptions extends RequestOptions {
  /** Which chain's RPC URL to use; defaults to the client's `chain`. */
  chain?: ChainInput | undefined
}

export interface BlockfeedClient {
  /** The base URL, used to keep query caches of different services apart (never holds the key). */
  readonly baseUrl: string
  readonly chain: string | undefined
  readonly extraChains: readonly string[]
  getWalletHistory(params: WalletHistoryParameters, options?: RequestOptions): Promise<WalletHistoryPage>
  walletHistoryPages(params: WalletHistoryParameters, options?: RequestOptions): AsyncGenerator<WalletHistoryPage, void, undefined>
  rpc<M extends RpcMethod>(request: RpcRequest<M>, options?: RpcOptions): Promise<RpcReturnType<M>>
  /** Chain metadata (label, native currency, explorer) by spec name or hex id. */
  chainInfo(chain?: string): ChainInfo | undefined
}

/** What the operations get from the client: the config, checked, and the one HTTP sender. */
export interface ClientContext {
  config: Readonly<ClientConfig>
  retry: Required<RetryConfig>
  /**
   * GET a JSON resource from the service (retries, timeout, typed errors) and read it with
   * `read`, which gets the parsed body and its text (to re-read numbers above 2^53 exactly).
   */
  getJson<T>(pathAndQuery: string, read: (json: unknown, text: string) => T, options?: RequestOptions): Promise<T>
  rpc: RpcSender
}

export function createClient(config: ClientConfig): BlockfeedClient {
  if (config === null || typeof config !== 'object') throw new InvalidParameterError('config', 'expected an object')
  if (typeof config.baseUrl !== 'string' || config.baseUrl === '') {
    throw new InvalidParameterError('baseUrl', 'expected the service base URL, e.g. https://api.example.com or /api/blockfeed')
  }
  if (config.apiKey !== undefined && (typeof config.apiKey !== 'string' || /[\r\n]/.test(config.apiKey))) {
    throw new InvalidParameterError('apiKey', 'expected text without line breaks')
  }
  if (config.timeoutMs !== undefined && !(config.timeoutMs > 0)) throw new InvalidParameterError('timeoutMs', 'expected a positive number')
  const extraChains = config.extraChains ?? []
  const defaultChain = config.chain === undefined ? undefined : checkChain(config.chain, extraChains)
  const baseUrl = config.baseUrl.replace(/\/+$/, '')
  const retry = resolveRetry(config.retry)
  const secrets = config.apiKey ? [config.apiKey] : []

  const ctx: ClientContext = {
    config: { ...config, baseUrl, chain: defaultChain, extraChains },
    retry,
    getJson: (pathAndQuery, read, options) =>
      withRetry(() => getJsonOnce(`${baseUrl}${pathAndQuery}`, read, config, secrets, options?.signal), retry, options?.signal),
    rpc: createRpcSender({ ...config, chain: defaultChain, extraChains }, retry, secrets),
  }

  return {
    baseUrl,
    chain: defaultChain,
    extraChains,
    getWalletHistory: (params, options) => getWalletHistory(ctx, params, options),
    walletHistoryPages: (params, options) => walletHistoryPages(ctx, params, options),
    rpc: (request, options) => ctx.rpc(request, options) as never,
    chainInfo: (chain) => getChainInfo(chain ?? defaultChain),
  }
}

async function getJsonOnce<T>(
  url: string,
  read: (json: unknown, text: string) => T,
  config: ClientConfig,
  secrets: readonly string[],
  signal?: AbortSignal,
): Promise<T> {
  const timeoutMs = config.timeoutMs ?? 30_000
  const timeout = AbortSignal.timeout(timeoutMs)
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
  // Headers, not a spread: a configured `Accept` or `x-api-key` in any casing is replaced, not doubled.
  const headers = new Headers(config.headers)
  headers.set('accept', 'application/json')
  if (config.apiKey) headers.set('X-API-Key', config.apiKey)
  const shownUrl = redact(url, secrets)

  let response: Response
  let body: string
  try {
    response = await (config.fetch ?? globalThis.fetch)(url, { method: 'GET', headers, signal: combined })
    body = await response.text()
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error
    if (timeout.aborted) throw new TimeoutError(timeoutMs, shownUrl)
    if (isAbortError(error)) throw error
    throw new NetworkError(shownUrl, error)
  }

  if (!response.ok) {
    throw new HttpStatusError({
      status: response.status,
      url: shownUrl,
      body: redact(body.slice(0, 500), secrets),
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    })
  }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    const type = response.headers.get('content-type') ?? 'no content type'
    const what = body.trim() === '' ? 'an empty body' : `a body that is not JSON (${type})`
    throw new ResponseShapeError('response', [{ path: [], message: `expected JSON, got ${what}` }])
  }
  return read(json, body)
}
