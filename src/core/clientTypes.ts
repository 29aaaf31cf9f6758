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

/** Where JSON-RPC requests go: one URL, one per chain, or a function of the chain. */
export type RpcConfig =
  | { url: string; headers?: Record<string, string> }
  | { urls: Partial<Record<string, string>>; headers?: Record<string, string> }
  | ((chain: string) => string | undefined)

/** The proxy's head stream (`createProxyHandler`'s `GET {basePath}/head`), for the shared head poller. */
export interface HeadStreamConfig {
  /** Its URL, e.g. `/api/blockfeed/head`; the chains followed go in its `chain` query parameter. */
  url: string
}

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
  /** The ENS Universal Resolver for `getNames` on chains `viem/chains` does not know one for (e.g. a devnet's). */
  ensUniversalResolver?: `0x${string}` | undefined
  /**
   * New blocks pushed by the proxy instead of polled: the shared head poller (under `watch`, the
   * tracker and new arrivals) listens to this server-sent event stream, one connection for every
   * chain it follows, and polls while the stream is refused, closed or silent.
   */
  head?: HeadStreamConfig | undefined
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
  /** The resolver given to `createClient({ ensUniversalResolver })`: `getNames(client, …)`'s default. */
  readonly ensUniversalResolver: `0x${string}` | undefined
  /** Chain metadata (label, native currency, explorer) by spec name or hex id. */
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
