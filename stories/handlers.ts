import { TESTING_BASE_URL, TESTING_RPC_URL, type TestingFailOptions, type TestingFailure, type TestingOptions } from '../src/testing/router.js'
import { testingHandlers, type TestingHandlers } from '../src/testing/msw.js'

/**
 * The stories' service: `blockfeed/testing`'s MSW handlers (the package ships them, so an app's
 * tests get the same data), under the names the stories use.
 */

/** The service the stories talk to by default: answered in the browser by Mock Service Worker. */
export const MOCK_BASE_URL = TESTING_BASE_URL
/** JSON-RPC endpoint of the mock; the chain is the last path segment (`/eth`, `/polygon`…). */
export const MOCK_RPC_URL = TESTING_RPC_URL

export type Failure = TestingFailure
export type FailOptions = TestingFailOptions
export type HandlerOptions = TestingOptions
export type HandlerSet = TestingHandlers

/**
 * The wallet-history operation, the JSON-RPC methods and token logos, answered from the
 * fixtures, with optional latency and failures:
 *
 * ```ts
 * parameters: { msw: { handlers: { blockfeed: createHandlers({ latencyMs: 1500, fail: { with: 500, times: 1 } }) } } }
 * ```
 */
export const createHandlers = (options: HandlerOptions = {}): HandlerSet => testingHandlers(options)

/** The default: every request answered at once, without failures. */
export const handlers = createHandlers()
