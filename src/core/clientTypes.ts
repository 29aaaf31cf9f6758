/**
 * The client's contract: its configuration, its public face and what the operations get from
 * it. Types only, in a module of their own, so `client.ts` (which builds the client) and the
 * operations (`history/*`, `rpc/rpc.ts`) each depend on this file instead of on each other.
 */
import type { ChainInfo, ChainInput } from './chains.js'
import type { WalletHistoryParameters } from './history/params.js'
import type { WalletHistoryPage } from './history/schema.js'
import type { RetryConfig, RetryOption } from './retry.js'
import type { RpcMethod, RpcRequest, RpcReturnType } from './rpc/methods.js'

/**
 * Where the client sends JSON-RPC calls: one URL for every chain, one URL per chain, or a
 * function that returns the URL for a chain.
 *
 * In the `urls` form a spec chain may be keyed by its name or its hex id (`{ eth: url }` also
 * serves `0x1`). A chain with no URL is an `InvalidParameterError` naming `chain` when you call it.
 * `headers` go with every JSON-RPC request (the API key is added only for a URL on the same
 * origin as `baseUrl`).
 */
export type RpcConfig =
  | { url: string; headers?: Record<string, string> }
  | { urls: Partial<Record<string, string>>; headers?: Record<string, string> }
  | ((chain: string) => string | undefined)

/**
 * The proxy's head stream (`createProxyHandler`'s `GET {basePath}/head`): new blocks pushed to the
 * browser instead of polled.
 */
export interface HeadStreamConfig {
  /** Its URL, e.g. `/api/blockfeed/head`; the chains followed go in its `chain` query parameter. */
  url: string
}

/** The options of `createClient`: where the service and the JSON-RPC node are, and how to talk to them. */
export interface ClientConfig {
  /** The service's `{base_url}`; may be relative (e.g. `/api/blockfeed` behind `createProxyHandler`). A trailing `/` is removed. */
  baseUrl: string
  /**
   * Your API key, sent as the `X-API-Key` header (and to RPC URLs on the same origin as `baseUrl`).
   * Leave it out in browsers: put `createProxyHandler` on your server instead.
   * @defaultValue no key is sent
   */
  apiKey?: string | undefined
  /**
   * Where JSON-RPC calls go: `{ url }`, `{ urls: { eth, polygon, … } }` or `(chain) => url`.
   * @defaultValue none: `client.rpc` then throws an `InvalidParameterError`
   */
  rpc?: RpcConfig | undefined
  /**
   * The chain used when a call names none (a spec name such as `eth` or a hex id such as `0x1`).
   * @defaultValue none: the service picks its own default for history; RPC needs a chain unless `rpc` is one URL
   */
  chain?: ChainInput | undefined
  /**
   * Chains accepted beyond the spec's 13, e.g. a devnet's `0x7a69`.
   * @defaultValue `[]`
   */
  extraChains?: readonly string[] | undefined
  /**
   * The `fetch` every request goes through (a test double, `blockfeed/testing`'s built-in data, a
   * fetch with your own auth).
   * @defaultValue `globalThis.fetch`, looked up at each request
   */
  fetch?: typeof fetch | undefined
  /**
   * Extra headers for every wallet-history request (`accept` and `X-API-Key` are always set by the
   * client). Headers for JSON-RPC go in `rpc.headers`.
   * @defaultValue `{}`
   */
  headers?: Record<string, string> | undefined
  /**
   * How long one attempt may take, in milliseconds, before it fails with a `TimeoutError`.
   * @defaultValue `30000`
   */
  timeoutMs?: number | undefined
  /**
   * The one retry layer: a number of retries, `{ count, baseDelayMs, maxDelayMs }`, or `false` for none.
   * @defaultValue `3` retries (at most 4 calls), back-off from 300 ms, at most 30 s a wait
   */
  retry?: RetryOption | undefined
  /**
   * JSON-RPC batching: calls made in the same tick go in one HTTP request. `false` sends each
   * alone; `size` caps a batch (some providers refuse more than 20); `waitMs` waits to fill it.
   * @defaultValue `{ size: 20, waitMs: 0 }`
   */
  batch?: false | { size?: number; waitMs?: number } | undefined
  /**
   * The ENS Universal Resolver `getNames` uses on chains `viem/chains` does not know one for
   * (e.g. a devnet's; `startDevnet().clientOptions` carries it).
   * @defaultValue the chain's resolver from `viem/chains`
   */
  ensUniversalResolver?: `0x${string}` | undefined
  /**
   * New blocks pushed by the proxy instead of polled: the shared head poller (under `watch`, the
   * tracker and new arrivals) listens to this server-sent event stream, one connection for every
   * chain it follows, and polls while the stream is refused, closed or silent.
   * @defaultValue none: new blocks are polled with `eth_blockNumber`
   */
  head?: HeadStreamConfig | undefined
}

/** Options of one request. */
export interface RequestOptions {
  /** Aborts the request (and its retries); the promise rejects with the signal's reason, never wrapped. */
  signal?: AbortSignal | undefined
}

/** Options of one JSON-RPC call: its signal, and the chain whose RPC URL to use. */
export interface RpcOptions extends RequestOptions {
  /**
   * Which chain's RPC URL to use.
   * @defaultValue the client's `chain`
   */
  chain?: ChainInput | undefined
}

/**
 * The client `createClient` returns: the wallet-history and JSON-RPC transport, and the
 * configuration the actions and query options read.
 */
export interface BlockfeedClient {
  /** The base URL, used to keep query caches of different services apart (never holds the key). */
  readonly baseUrl: string
  /** The default chain given to `createClient`, as given; `undefined` when none was. */
  readonly chain: string | undefined
  /** The chains accepted beyond the spec's 13 (`createClient({ extraChains })`). */
  readonly extraChains: readonly string[]
  /**
   * Reads one page of a wallet's history, normalized to the spec's field names.
   *
   * @param params - The wallet and the optional filters and paging of the operation.
   * @param options - An `AbortSignal` for the request.
   * @returns The page: `result` (its transactions), `cursor` (the next page's, or `null` when there is none), `page`, `page_size`.
   * @throws {@link InvalidParameterError} When a parameter is wrong (a bad address, chain, block, date or limit); nothing is sent.
   * @throws {@link HttpStatusError} When the service answers with a non-2xx status (after retries for 408, 429 and 5xx).
   * @throws {@link NetworkError} When the service cannot be reached (offline, DNS, CORS), after retries.
   * @throws {@link TimeoutError} When an attempt takes longer than `timeoutMs`, after retries.
   * @throws {@link ResponseShapeError} When the body is not JSON or not a wallet-history page; `path` names the field.
   * @remarks One `GET {baseUrl}/api/v2.2/wallets/{address}/history` with the spec's snake_case query
   *   parameters, `accept: application/json` and `X-API-Key` when configured. Nothing is cached.
   * @example
   * ```ts
   * import { createClient } from 'blockfeed'
   *
   * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
   * const page = await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', limit: 25 })
   * const next = page.cursor ? await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', cursor: page.cursor }) : undefined
   * ```
   */
  getWalletHistory(params: WalletHistoryParameters, options?: RequestOptions): Promise<WalletHistoryPage>
  /**
   * Reads every page of a wallet's history in order, following cursors until there are none.
   *
   * Paging ends on a `null` or empty cursor, and on a cursor already seen (a service that repeats
   * itself would otherwise loop forever). Break out of the loop to stop early.
   *
   * @param params - As for `getWalletHistory`; a `cursor` starts from that page.
   * @param options - An `AbortSignal` for every request.
   * @returns An async generator of pages.
   * @throws {@link InvalidParameterError} When a parameter is wrong, on the first `next()`; nothing is sent.
   * @throws {@link HttpStatusError} As for `getWalletHistory`, from the page that failed.
   * @throws {@link NetworkError} As for `getWalletHistory`.
   * @throws {@link TimeoutError} As for `getWalletHistory`.
   * @throws {@link ResponseShapeError} As for `getWalletHistory`.
   * @remarks One `GET /api/v2.2/wallets/{address}/history` per page, sent only when you ask for the next page.
   * @example
   * ```ts
   * import { createClient } from 'blockfeed'
   *
   * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
   * let count = 0
   * for await (const page of client.walletHistoryPages({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })) {
   *   count += page.result.length
   * }
   * ```
   */
  walletHistoryPages(params: WalletHistoryParameters, options?: RequestOptions): AsyncGenerator<WalletHistoryPage, void, undefined>
  /**
   * Calls one of the spec's 28 `eth_` JSON-RPC methods, with params and result typed from viem.
   *
   * The result is the raw JSON-RPC value (hex quantities, RPC blocks…). A block tag left off is
   * sent as `latest`.
   *
   * @param request - `{ method, params }`; `params` may be left off for methods that take none.
   * @param options - The chain whose RPC URL to use (default: the client's `chain`) and an `AbortSignal`.
   * @returns The method's `result`.
   * @throws {@link InvalidParameterError} When the method is not one of the 28, a param is malformed
   *   (`parameter` names it, e.g. `params[0]`), the chain is unknown, or no RPC URL is configured for it; nothing is sent.
   * @throws {@link JsonRpcError} When the node answers with an error object (`code`, `data`), e.g. a revert.
   * @throws {@link HttpStatusError} When the node answers with an HTTP error (429 and 5xx are retried first).
   * @throws {@link NetworkError} When the node cannot be reached, after retries.
   * @throws {@link TimeoutError} When an attempt takes longer than `timeoutMs`, after retries.
   * @throws {@link ResponseShapeError} When the reply is not JSON-RPC or does not answer this call's id.
   * @remarks One JSON-RPC 2.0 POST through viem's `http` transport; calls in the same tick share a
   *   batch (`batch`). Retried by the client's `retry` policy except `eth_sendRawTransaction`, which
   *   is sent once. Nothing is cached (use `rpcQueryOptions` for caching).
   * @example
   * ```ts
   * import { createClient } from 'blockfeed'
   *
   * const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth' })
   * const balance = await client.rpc({ method: 'eth_getBalance', params: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'latest'] })
   * console.log(BigInt(balance))
   * ```
   */
  rpc<M extends RpcMethod>(request: RpcRequest<M>, options?: RpcOptions): Promise<RpcReturnType<M>>
  /** The resolver given to `createClient({ ensUniversalResolver })`: `getNames(client, …)`'s default. */
  readonly ensUniversalResolver: `0x${string}` | undefined
  /**
   * Looks up a chain's metadata (label, native currency, explorer) by spec name or hex id.
   *
   * @param chain - A spec name or hex id; default: the client's `chain`.
   * @returns The metadata, or `undefined` for a chain it does not know.
   * @example
   * ```ts
   * import { createClient } from 'blockfeed'
   *
   * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'polygon' })
   * console.log(client.chainInfo()?.nativeCurrency.symbol)
   * ```
   */
  chainInfo(chain?: string): ChainInfo | undefined
}

/** Sends one JSON-RPC call (retries, timeout, typed errors); built by `createRpcSender`. */
export type RpcSender = (request: { method: RpcMethod; params?: readonly unknown[] }, options?: RpcOptions) => Promise<unknown>

/**
 * GET a JSON resource from the service (retries, timeout, typed errors) and read it with
 * `read`, which gets the parsed body and its text (to re-read numbers above 2^53 exactly).
 */
export type GetJson = <T>(pathAndQuery: string, read: (json: unknown, text: string) => T, options?: RequestOptions) => Promise<T>

/** What the operations get from the client: the config, checked, and the one HTTP sender. */
export interface ClientContext {
  config: Readonly<ClientConfig>
  retry: Required<RetryConfig>
  getJson: GetJson
  rpc: RpcSender
}

/** What the wallet-history operations need: the default and extra chains, and the HTTP sender. */
export interface HistoryContext {
  config: Readonly<Pick<ClientConfig, 'chain' | 'extraChains'>>
  getJson: GetJson
}
