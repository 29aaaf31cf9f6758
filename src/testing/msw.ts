import { http, type RequestHandler } from 'msw'
import { LOGO_ORIGIN } from './catalogue.js'
import { TESTING_BASE_URL, TESTING_RPC_URL, createTestingRouter, type TestingCalls, type TestingOptions } from './router.js'

/** Mock Service Worker handlers for the built-in data, with the counts and reset of the service behind them. */
export type TestingHandlers = RequestHandler[] & {
  /** Requests answered so far, by operation. */
  readonly calls: TestingCalls
  /** Forgets the failures served and the counts, so a `times`-limited failure fails again (call it in `beforeEach`). */
  reset(): void
}

/**
 * Makes Mock Service Worker handlers that answer the wallet-history API, JSON-RPC and the token logos
 * from the built-in data, for your app's own tests and stories.
 *
 * Your app's client keeps its own `fetch`: the handlers answer at {@link TESTING_BASE_URL} and
 * {@link TESTING_RPC_URL} (or the URLs you pass), in Node (`setupServer` from `msw/node`) or in the
 * browser (`setupWorker` from `msw/browser`). The answers are those of `createTestingFetch`: one
 * service behind both.
 *
 * @param options - Latency and failures to show loading and error states; where the service lives.
 * @returns The handlers, to spread into `setupServer(...)` or `setupWorker(...)`, with `calls` and `reset()`.
 * @remarks Needs `msw` (2.x) installed in your app; `blockfeed/testing` itself does not.
 * @example
 * ```ts
 * import { setupServer } from 'msw/node'
 * import { createClient } from 'blockfeed'
 * import { TESTING_BASE_URL, TESTING_RPC_URL, testingWallets } from 'blockfeed/testing'
 * import { testingHandlers } from 'blockfeed/testing/msw'
 *
 * const server = setupServer(...testingHandlers())
 * server.listen({ onUnhandledRequest: 'error' })
 *
 * const client = createClient({ baseUrl: TESTING_BASE_URL, rpc: { url: TESTING_RPC_URL } })
 * const page = await client.getWalletHistory({ address: testingWallets.rich, limit: 10 })
 * server.close()
 * ```
 */
export function testingHandlers(options: TestingOptions = {}): TestingHandlers {
  const router = createTestingRouter(options)
  const at = (url: string) => `${url.replace(/\/+$/, '')}/*`
  const origins = [options.baseUrl ?? TESTING_BASE_URL, options.rpcUrl ?? TESTING_RPC_URL, LOGO_ORIGIN]
  // One handler per origin; a request of another origin is left to the app's other handlers.
  const handlers: RequestHandler[] = origins.map((origin) => http.all(at(origin), ({ request }) => router.respond(request)))
  return Object.assign(handlers, { calls: router.calls, reset: router.reset })
}
