import { HttpResponse, delay, http, type RequestHandler } from 'msw'
import { LOGO_ORIGIN } from './fixtures/catalogue.js'
import { answerRpc, type JsonRpcRequest } from './fixtures/rpc.js'
import { chainNameOf, serveWalletHistory, type FixtureResponse } from './fixtures/page.js'
import { seedOf } from './fixtures/prng.js'
import { servePairHistory } from './fixtures/pair.js'

/** The service the stories talk to by default: answered in the browser by Mock Service Worker. */
export const MOCK_BASE_URL = 'https://service.blockfeed.test'
/** JSON-RPC endpoint of the mock; the chain is the last path segment (`/eth`, `/polygon`…). */
export const MOCK_RPC_URL = 'https://rpc.blockfeed.test'

/** A failure a story can inject. */
export type Failure = 500 | 429 | 'malformed' | 'not-json'

export interface FailOptions {
  with: Failure
  /** How many requests fail before the service recovers. Default: all of them. */
  times?: number
  /** Which operation fails. Default `history`. */
  target?: 'history' | 'rpc' | 'all'
  /** `Retry-After` of a 429, in seconds. Default 1. */
  retryAfterSeconds?: number
}

export interface HandlerOptions {
  /** Added to every answer: milliseconds, or `'infinite'` to stay loading forever. */
  latencyMs?: number | 'infinite'
  fail?: FailOptions
  /** Largest page the service returns (larger `limit`s are clamped). Default 100. */
  maxLimit?: number
  /** Origin the history handler answers for. Default {@link MOCK_BASE_URL}; `'*'` for any. */
  baseUrl?: string
  /** Origin the JSON-RPC handler answers for. Default {@link MOCK_RPC_URL}. */
  rpcUrl?: string
  /**
   * Per chain (spec name): `'empty'` answers no entries; a failure fails only that chain's history
   * requests (`times` of them, default all), for merged feeds where one chain is down.
   */
  chains?: Record<string, 'empty' | FailOptions>
}

/** MSW handlers plus what a story's `beforeEach` or `play` needs to see or reset. */
export type HandlerSet = RequestHandler[] & {
  /** Forgets the failures served so far (so a `times`-limited failure fails again). */
  reset(): void
  /** Requests seen since the last reset. */
  readonly calls: { history: number; rpc: number }
}

const MALFORMED_HISTORY = '{"page":"1","page_size":"100","cursor":"","result":[{"hash":42,"block_number":"soon"}]}'
const MALFORMED_RPC = '{"jsonrpc":"2.0","id":'
const NOT_JSON = '<html><body><h1>502 Bad Gateway</h1></body></html>'

function failureResponse(failure: FailOptions, target: 'history' | 'rpc'): Response {
  switch (failure.with) {
    case 500:
      return HttpResponse.json({ message: 'Internal server error' }, { status: 500 })
    case 429:
      return HttpResponse.json(
        { message: 'Too many requests' },
        { status: 429, headers: { 'retry-after': String(failure.retryAfterSeconds ?? 1) } },
      )
    case 'malformed':
      return new HttpResponse(target === 'history' ? MALFORMED_HISTORY : MALFORMED_RPC, {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    case 'not-json':
      return new HttpResponse(NOT_JSON, { status: 200, headers: { 'content-type': 'text/html' } })
  }
}

const toResponse = (r: FixtureResponse) => new HttpResponse(r.body, { status: r.status, headers: r.headers })

/**
 * The wallet-history operation, the JSON-RPC methods and token logos, answered from the
 * fixtures, with optional latency and failures:
 *
 * ```ts
 * parameters: { msw: { handlers: { blockfeed: createHandlers({ latencyMs: 1500, fail: { with: 500, times: 1 } }) } } }
 * ```
 */
export function createHandlers(options: HandlerOptions = {}): HandlerSet {
  const base = (options.baseUrl ?? MOCK_BASE_URL).replace(/\/+$/, '')
  const rpcBase = (options.rpcUrl ?? MOCK_RPC_URL).replace(/\/+$/, '')
  const calls = { history: 0, rpc: 0 }
  let failed = 0
  // Per chain: failures served so far.
  const chainFailed = new Map<string, number>()
  const perChain = new Map(Object.entries(options.chains ?? {}))

  async function gate(target: 'history' | 'rpc'): Promise<Response | undefined> {
    calls[target]++
    if (options.latencyMs !== undefined) await delay(options.latencyMs)
    const f = options.fail
    const applies = f !== undefined && (f.target === 'all' || (f.target ?? 'history') === target)
    if (applies && failed < (f.times ?? Infinity)) {
      failed++
      return failureResponse(f, target)
    }
    return undefined
  }

  const handlers: RequestHandler[] = [
    http.get(`${base}/api/v2.2/wallets/:address/history`, async ({ request, params }) => {
      const failure = await gate('history')
      if (failure) return failure
      const url = new URL(request.url)
      const chain = chainNameOf(url.searchParams.get('chain') ?? 'eth')
      const rule = chain === undefined ? undefined : perChain.get(chain)
      if (rule === 'empty') return HttpResponse.json({ page: '1', page_size: url.searchParams.get('limit') ?? '100', cursor: '', result: [] })
      if (rule !== undefined && chain !== undefined && (chainFailed.get(chain) ?? 0) < (rule.times ?? Infinity)) {
        chainFailed.set(chain, (chainFailed.get(chain) ?? 0) + 1)
        return failureResponse(rule, 'history')
      }
      const pair = servePairHistory(String(params.address), url.searchParams)
      if (pair) return toResponse(pair)
      return toResponse(serveWalletHistory(String(params.address), url.searchParams, { maxLimit: options.maxLimit }))
    }),

    http.post(`${rpcBase}/*`, async ({ request }) => {
      const failure = await gate('rpc')
      if (failure) return failure
      const segment = new URL(request.url).pathname.split('/').filter(Boolean).pop() ?? 'eth'
      const chain = chainNameOf(segment) ?? 'eth'
      let body: unknown
      try {
        body = await request.json()
      } catch {
        return HttpResponse.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })
      }
      // A batch is an array of requests and gets an array of answers.
      const answer = Array.isArray(body)
        ? body.map((r) => answerRpc(chain, r as JsonRpcRequest))
        : answerRpc(chain, body as JsonRpcRequest)
      return HttpResponse.json(answer)
    }),

    // Token, entity and NFT images: drawn here so the catalogue needs no network.
    http.get(`${LOGO_ORIGIN}/*`, ({ request }) => {
      const name = new URL(request.url).pathname.split('/').pop()?.replace(/\.\w+$/, '') ?? '?'
      return new HttpResponse(logoSvg(name), { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' } })
    }),
  ]

  return Object.assign(handlers, {
    reset() {
      failed = 0
      chainFailed.clear()
      calls.history = 0
      calls.rpc = 0
    },
    calls,
  })
}

function logoSvg(name: string): string {
  const hue = seedOf(name) % 360
  const text = name.replace(/[^a-z0-9]/gi, '').slice(0, 3).toUpperCase()
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="hsl(${hue} 65% 45%)"/><text x="16" y="20.5" font-family="system-ui,sans-serif" font-size="11" font-weight="700" text-anchor="middle" fill="#fff">${text}</text></svg>`
}

/** The default: every request answered at once, without failures. */
export const handlers = createHandlers()
