import { checkChain, getChainInfo } from './chains.js'
import type { BlockfeedClient, ClientConfig, ClientContext, RequestOptions } from './clientTypes.js'
import { HttpStatusError, InvalidParameterError, NetworkError, ResponseShapeError, TimeoutError, isAbortError, redact } from './errors.js'
import { getWalletHistory } from './history/getWalletHistory.js'
import { readWalletHistoryPage } from './history/schema.js'
import { walletHistoryPages } from './history/pages.js'
import { checkCount, checkMs } from './options.js'
import { resolveRetry, parseRetryAfter, withRetry } from './retry.js'
import { createRpcSender } from './rpc/rpc.js'
import { keepHeadStream } from './live/headStreamConfig.js'

// The contract types live in clientTypes.ts; re-exported so existing imports of them from here keep working.
export type {
  BlockfeedClient,
  ClientConfig,
  ClientContext,
  GetJson,
  HeadStreamConfig,
  HistoryContext,
  RequestOptions,
  RpcConfig,
  RpcOptions,
  RpcSender,
} from './clientTypes.js'

/**
 * Creates the client every other part of blockfeed reads through: it holds your service's
 * address, key, RPC URLs and retry policy, and sends the wallet-history and JSON-RPC requests.
 *
 * The client keeps `getWalletHistory`, `walletHistoryPages`, `rpc` and `chainInfo`. Every other
 * capability is an action that takes the client first (`getTransactionDetails(client, …)`,
 * `getNames(client, …)`, `exportWalletHistoryCsv(client, …)`, `mergedWalletHistoryPages(client, …)`),
 * so your bundle holds only the actions you import. Create one client per service and share it
 * (in React, through `BlockfeedProvider`).
 *
 * @param config - Where the service and the JSON-RPC node are, and how to talk to them.
 * @returns The client: pass it to the actions, the query options factories and `BlockfeedProvider`.
 * @throws {@link InvalidParameterError} When an option is malformed (no `baseUrl`, an `apiKey`
 *   with a line break, an unknown `chain`, a `timeoutMs`, `retry` or `batch` that is not a whole
 *   number in range, a `head` without `url`); `parameter` names it. Nothing is sent.
 * @remarks Creating a client sends nothing. With `head` set it opens the proxy's head stream when
 *   something first follows new blocks. The API key is sent as `X-API-Key` and never appears in a
 *   URL, an error message or a query key.
 * @example
 * ```ts
 * import { createClient } from 'blockfeed'
 *
 * const client = createClient({
 *   baseUrl: 'https://api.example.com',
 *   apiKey: 'your-api-key',
 *   rpc: { url: 'https://rpc.example.com' },
 *   chain: 'eth',
 * })
 * const page = await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * console.log(page.result.length)
 * ```
 */
export function createClient(config: ClientConfig): BlockfeedClient {
  if (config === null || typeof config !== 'object') throw new InvalidParameterError('config', 'expected an object')
  if (typeof config.baseUrl !== 'string' || config.baseUrl === '') {
    throw new InvalidParameterError('baseUrl', 'expected the service base URL, e.g. https://api.example.com or /api/blockfeed')
  }
  if (config.apiKey !== undefined && (typeof config.apiKey !== 'string' || /[\r\n]/.test(config.apiKey))) {
    throw new InvalidParameterError('apiKey', 'expected text without line breaks')
  }
  checkMs(config.timeoutMs, 'timeoutMs')
  const batch = config.batch
  if (batch !== undefined && batch !== false) {
    if (batch === null || typeof batch !== 'object') throw new InvalidParameterError('batch', 'expected false or { size, waitMs }')
    checkCount(batch.size, 'batch.size', 1)
    checkMs(batch.waitMs, 'batch.waitMs', 0)
  }
  const head = config.head
  if (head !== undefined && (head === null || typeof head !== 'object' || typeof head.url !== 'string' || !/^\S+$/.test(head.url))) {
    throw new InvalidParameterError('head.url', 'expected the URL of the proxy\'s head stream, e.g. /api/blockfeed/head')
  }
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

  const client: BlockfeedClient = {
    baseUrl,
    chain: defaultChain,
    extraChains,
    getWalletHistory: (params, options) => getWalletHistory(ctx, params, options),
    walletHistoryPages: (params, options) => walletHistoryPages(ctx, params, options),
    rpc: (request, options) => ctx.rpc(request, options) as never,
    ensUniversalResolver: config.ensUniversalResolver,
    chainInfo: (chain) => getChainInfo(chain ?? defaultChain),
  }
  if (head) keepHeadStream(client, { url: head.url })
  // The history reader, for the rows of the last visit read back from storage (src/core/persist):
  // reached through the client, so that the persister's chunk imports no module of the first load.
  Object.defineProperty(client, Symbol.for('blockfeed.readWalletHistoryPage'), { value: readWalletHistoryPage })
  return client
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
  // Only an error shows the URL: redact it then, not on every successful page.
  const shownUrl = () => redact(url, secrets)

  let response: Response
  let body: string
  try {
    response = await (config.fetch ?? globalThis.fetch)(url, { method: 'GET', headers, signal: combined })
    body = await response.text()
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error
    if (timeout.aborted) throw new TimeoutError(timeoutMs, shownUrl())
    if (isAbortError(error)) throw error
    throw new NetworkError(shownUrl(), error)
  }

  if (!response.ok) {
    throw new HttpStatusError({
      status: response.status,
      url: shownUrl(),
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
