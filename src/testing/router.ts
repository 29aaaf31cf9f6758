import { LOGO_ORIGIN } from './catalogue.js'
import { serveWalletHistory, chainNameOf, type FixtureResponse } from './page.js'
import { servePairHistory } from './pair.js'
import { seedOf } from './prng.js'
import { answerRpc, type JsonRpcRequest } from './rpc.js'

/**
 * The built-in service as one function from a Fetch API `Request` to a `Response`: the
 * testing `fetch` and the MSW handlers both answer through it, so they cannot disagree.
 */

/**
 * The base URL of the built-in wallet-history service: pass it as `baseUrl` to `createClient`, with
 * the testing `fetch` (or the MSW handlers) answering it.
 *
 * @example
 * ```ts
 * import { createClient } from 'blockfeed'
 * import { TESTING_BASE_URL, createTestingFetch, testingWallets } from 'blockfeed/testing'
 *
 * const client = createClient({ baseUrl: TESTING_BASE_URL, fetch: createTestingFetch() })
 * const page = await client.getWalletHistory({ address: testingWallets.rich, limit: 20 })
 * ```
 */
export const TESTING_BASE_URL = 'https://service.blockfeed.test'

/**
 * The built-in JSON-RPC endpoint: pass it as `rpc.url` to `createClient`. A last path segment names
 * the chain (`/polygon`, `/0x89`); none means `eth`.
 *
 * @example
 * ```ts
 * import { createClient } from 'blockfeed'
 * import { TESTING_BASE_URL, TESTING_RPC_URL, createTestingFetch } from 'blockfeed/testing'
 *
 * const client = createClient({
 *   baseUrl: TESTING_BASE_URL,
 *   rpc: (chain) => `${TESTING_RPC_URL}/${chain}`,
 *   fetch: createTestingFetch(),
 * })
 * const head = await client.rpc({ method: 'eth_blockNumber' }, { chain: 'polygon' })
 * ```
 */
export const TESTING_RPC_URL = 'https://rpc.blockfeed.test'

/** A failure the built-in service can answer with: a status, a body that is not a page, or a body that is not JSON. */
export type TestingFailure = 500 | 429 | 'malformed' | 'not-json'

/** Which requests fail, how, and how many times before the service recovers. */
export interface TestingFailOptions {
  /** What the failing requests get. */
  with: TestingFailure
  /** How many requests fail before the service recovers. @defaultValue every one */
  times?: number | undefined
  /** Which operation fails. @defaultValue `'history'` */
  target?: 'history' | 'rpc' | 'all' | undefined
  /** The `Retry-After` of a 429, in seconds. @defaultValue `1` */
  retryAfterSeconds?: number | undefined
}

/** How the built-in service answers: where it lives, how slowly, and which failures it serves. */
export interface TestingOptions {
  /** Added to every answer: milliseconds, or `'infinite'` to stay loading until the request is aborted. @defaultValue `0` */
  latencyMs?: number | 'infinite' | undefined
  /** Requests to fail, e.g. `{ with: 500, times: 1 }` to show the error state and then recover. */
  fail?: TestingFailOptions | undefined
  /** The largest page the service returns; larger `limit`s are clamped. @defaultValue `100` */
  maxLimit?: number | undefined
  /** The origin (and path) the wallet-history operation answers at. @defaultValue {@link TESTING_BASE_URL} */
  baseUrl?: string | undefined
  /** The JSON-RPC endpoint it answers at. @defaultValue {@link TESTING_RPC_URL} */
  rpcUrl?: string | undefined
  /**
   * Per chain (its spec name, e.g. `polygon`): `'empty'` answers no entries; a failure fails only that
   * chain's history requests, to show a merged feed with one chain down.
   */
  chains?: Record<string, 'empty' | TestingFailOptions> | undefined
}

/** How many requests of each operation the built-in service answered since it was made or last reset. */
export interface TestingCalls {
  /** Wallet-history requests. */
  history: number
  /** JSON-RPC requests (a batch counts once). */
  rpc: number
}

/** The built-in service: answers a request (or `undefined` when it is not addressed to it), counts calls, and resets. */
export interface TestingRouter {
  respond(request: Request): Promise<Response | undefined>
  /** The 404 for a request the service has no route for, saying what it does answer. */
  notFound(request: Request): Response
  reset(): void
  readonly calls: TestingCalls
}

const MALFORMED_HISTORY = '{"page":"1","page_size":"100","cursor":"","result":[{"hash":42,"block_number":"soon"}]}'
const MALFORMED_RPC = '{"jsonrpc":"2.0","id":'
const NOT_JSON = '<html><body><h1>502 Bad Gateway</h1></body></html>'
const HISTORY_PATH = /^\/api\/v2\.2\/wallets\/([^/]+)\/history\/?$/

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...headers } })
const toResponse = (r: FixtureResponse) => new Response(r.body, { status: r.status, headers: r.headers })
const rpcError = (code: number, message: string) => json({ jsonrpc: '2.0', id: null, error: { code, message } })

function failureResponse(failure: TestingFailOptions, target: 'history' | 'rpc'): Response {
  switch (failure.with) {
    case 500:
      return json({ message: 'Internal server error' }, 500)
    case 429:
      return json({ message: 'Too many requests' }, 429, { 'retry-after': String(failure.retryAfterSeconds ?? 1) })
    case 'malformed':
      return new Response(target === 'history' ? MALFORMED_HISTORY : MALFORMED_RPC, { headers: { 'content-type': 'application/json' } })
    case 'not-json':
      return new Response(NOT_JSON, { headers: { 'content-type': 'text/html' } })
  }
}

/** Waits `ms` (forever for `'infinite'`), ending early with the abort reason when the request is aborted. */
function wait(ms: number | 'infinite', signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = ms === 'infinite' ? undefined : setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}

/** The path of `url` under `base` (`''` for the base itself), or `undefined` when `url` is elsewhere. */
function under(base: URL, url: URL): string | undefined {
  if (url.origin !== base.origin) return undefined
  const prefix = base.pathname.replace(/\/+$/, '')
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return undefined
  return url.pathname.slice(prefix.length)
}

/** Makes the built-in service (one per testing `fetch` or set of handlers: its failure counts are its own). */
export function createTestingRouter(options: TestingOptions = {}): TestingRouter {
  const base = new URL(options.baseUrl ?? TESTING_BASE_URL)
  const rpcBase = new URL(options.rpcUrl ?? TESTING_RPC_URL)
  const calls: TestingCalls = { history: 0, rpc: 0 }
  let failed = 0
  const chainFailed = new Map<string, number>()
  const perChain = new Map(Object.entries(options.chains ?? {}))

  async function gate(target: 'history' | 'rpc', request: Request): Promise<Response | undefined> {
    calls[target]++
    if (options.latencyMs !== undefined && options.latencyMs !== 0) await wait(options.latencyMs, request.signal)
    const f = options.fail
    const applies = f !== undefined && (f.target === 'all' || (f.target ?? 'history') === target)
    if (!applies || failed >= (f.times ?? Infinity)) return undefined
    failed++
    return failureResponse(f, target)
  }

  function history(address: string, search: URLSearchParams): Response {
    const chain = chainNameOf(search.get('chain') ?? 'eth')
    const rule = chain === undefined ? undefined : perChain.get(chain)
    if (rule === 'empty') return json({ page: '1', page_size: search.get('limit') ?? '100', cursor: '', result: [] })
    if (rule !== undefined && chain !== undefined && (chainFailed.get(chain) ?? 0) < (rule.times ?? Infinity)) {
      chainFailed.set(chain, (chainFailed.get(chain) ?? 0) + 1)
      return failureResponse(rule, 'history')
    }
    return toResponse(servePairHistory(address, search) ?? serveWalletHistory(address, search, { maxLimit: options.maxLimit }))
  }

  async function respond(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url)
    const historyPath = under(base, url)
    const rpcPath = under(rpcBase, url)
    if (historyPath !== undefined && (rpcPath === undefined || historyPath.length <= rpcPath.length)) {
      const match = HISTORY_PATH.exec(historyPath)
      if (!match) return notFound(request)
      if (request.method !== 'GET' && request.method !== 'HEAD') return json({ message: `use GET for ${url.pathname}` }, 405, { allow: 'GET, HEAD' })
      return (await gate('history', request)) ?? history(decodePath(match[1]!), url.searchParams)
    }
    if (rpcPath !== undefined) {
      if (request.method !== 'POST') return json({ message: 'use POST for JSON-RPC' }, 405, { allow: 'POST' })
      return (await gate('rpc', request)) ?? rpc(request, rpcPath)
    }
    // Token, entity and NFT images: drawn here so the fixtures need no network.
    if (url.origin === LOGO_ORIGIN && request.method === 'GET') {
      return new Response(logoSvg(url.pathname), { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' } })
    }
    return undefined
  }

  function notFound(request: Request): Response {
    const { origin, pathname } = new URL(request.url)
    const answers = `GET ${base.href.replace(/\/+$/, '')}/api/v2.2/wallets/{address}/history and POST ${rpcBase.href.replace(/\/+$/, '')}`
    return json({ error: 'not_found', message: `blockfeed/testing has no route ${request.method} ${origin}${pathname}; it answers ${answers}` }, 404)
  }

  return {
    respond,
    notFound,
    calls,
    reset() {
      failed = 0
      chainFailed.clear()
      calls.history = 0
      calls.rpc = 0
    },
  }
}

/** A JSON-RPC POST (single or batch) answered for the chain its path names. */
async function rpc(request: Request, path: string): Promise<Response> {
  const chain = chainNameOf(path.split('/').filter(Boolean).pop() ?? 'eth') ?? 'eth'
  let body: unknown
  try {
    body = JSON.parse(await request.text())
  } catch {
    return rpcError(-32700, 'Parse error: the body is not JSON')
  }
  if (Array.isArray(body) && body.length === 0) return rpcError(-32600, 'Invalid request: an empty batch')
  const one = (r: unknown) => {
    try {
      return answerRpc(chain, r as JsonRpcRequest)
    } catch (error) {
      const id = (r as JsonRpcRequest | null)?.id ?? null
      return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${error instanceof Error ? error.message : String(error)}` } }
    }
  }
  // A batch is an array of requests and gets an array of answers.
  return json(Array.isArray(body) ? body.map(one) : one(body))
}

function decodePath(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function logoSvg(path: string): string {
  const name = path.split('/').pop()?.replace(/\.\w+$/, '') ?? '?'
  const hue = seedOf(name) % 360
  const text = name.replace(/[^a-z0-9]/gi, '').slice(0, 3).toUpperCase()
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="hsl(${hue} 65% 45%)"/><text x="16" y="20.5" font-family="system-ui,sans-serif" font-size="11" font-weight="700" text-anchor="middle" fill="#fff">${text}</text></svg>`
}
