import { wallets } from './kinds.js'
import { createTestingRouter, type TestingCalls, type TestingOptions } from './router.js'

/** The addresses of the built-in wallets (lowercase, as the service sends them). */
export interface TestingWallets {
  /** 330 transactions on `eth` (four pages of 100) covering every kind of row, and 14 on each other chain. */
  readonly rich: `0x${string}`
  /** 10,000 everyday transactions on `eth`: for long feeds and scrolling. */
  readonly huge: `0x${string}`
  /** Six transactions on `eth`: one page, no cursor. */
  readonly fresh: `0x${string}`
  /** No transactions on any chain: the empty state. */
  readonly empty: `0x${string}`
}

/**
 * The wallets the built-in data knows, for `<WalletActivityFeed address={testingWallets.rich} />`.
 *
 * Any other valid address gets an empty history from the built-in service.
 *
 * @example
 * ```tsx
 * import { WalletActivityFeed } from 'blockfeed/components'
 * import { testingWallets } from 'blockfeed/testing'
 *
 * export function Activity() {
 *   return <WalletActivityFeed address={testingWallets.rich} chain="eth" />
 * }
 * ```
 */
export const testingWallets: TestingWallets = wallets

/** A `fetch` that answers from the built-in data, with the counts and reset of the service behind it. */
export type TestingFetch = typeof fetch & {
  /** Requests answered so far, by operation. */
  readonly calls: TestingCalls
  /** Forgets the failures served and the counts, so a `times`-limited failure fails again. */
  reset(): void
}

/**
 * Makes a `fetch` that answers the wallet-history API and JSON-RPC from the built-in data, so the
 * feed works in any app with no key, no chain and no network.
 *
 * Pass it to `createClient` with {@link TESTING_BASE_URL} and {@link TESTING_RPC_URL}. It answers as
 * a real service does: status codes, JSON bodies, cursor paging, the `limit`, `order` and block and
 * date bounds of the spec, and a JSON-RPC node's answers (blocks, transactions, receipts and balances
 * that agree with the history). The data is the same on every machine: generated from fixed seeds
 * at a fixed time (2025-06-15).
 *
 * @param options - Latency and failures to show loading and error states; where the service lives.
 * @returns A function with the signature of `fetch`. A request it has no route for gets a 404 with a
 * JSON body that says what it answers; nothing goes to the network. An aborted request rejects with
 * the signal's reason, as `fetch` does.
 * @remarks Answers `GET {baseUrl}/api/v2.2/wallets/{address}/history` and `POST {rpcUrl}[/{chain}]`
 * (the 28 methods, single or batched). It needs nothing but the Fetch API: no Mock Service Worker.
 * @example
 * ```tsx
 * import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
 * import { createClient } from 'blockfeed'
 * import { BlockfeedProvider } from 'blockfeed/react'
 * import { WalletActivityFeed } from 'blockfeed/components'
 * import { TESTING_BASE_URL, TESTING_RPC_URL, createTestingFetch, testingWallets } from 'blockfeed/testing'
 *
 * const client = createClient({ baseUrl: TESTING_BASE_URL, rpc: { url: TESTING_RPC_URL }, fetch: createTestingFetch() })
 * const queryClient = new QueryClient()
 *
 * export function App() {
 *   return (
 *     <QueryClientProvider client={queryClient}>
 *       <BlockfeedProvider client={client}>
 *         <WalletActivityFeed address={testingWallets.rich} chain="eth" />
 *       </BlockfeedProvider>
 *     </QueryClientProvider>
 *   )
 * }
 * ```
 * @example
 * ```ts
 * import { createClient } from 'blockfeed'
 * import { TESTING_BASE_URL, createTestingFetch, testingWallets } from 'blockfeed/testing'
 *
 * // The first request fails with a 500, the next ones succeed: the feed's error state, then its retry.
 * const client = createClient({ baseUrl: TESTING_BASE_URL, fetch: createTestingFetch({ fail: { with: 500, times: 1 } }), retry: false })
 * const error = await client.getWalletHistory({ address: testingWallets.fresh }).catch((e: unknown) => e)
 * const page = await client.getWalletHistory({ address: testingWallets.fresh })
 * ```
 */
export function createTestingFetch(options: TestingOptions = {}): TestingFetch {
  const router = createTestingRouter(options)
  const testingFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    request.signal.throwIfAborted()
    return (await router.respond(request)) ?? router.notFound(request)
  }
  return Object.assign(testingFetch, {
    calls: router.calls,
    reset: router.reset,
  })
}
