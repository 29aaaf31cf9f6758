/**
 * Hydration in real Chromium: HTML rendered by react-dom/server from a prefetched, dehydrated
 * cache is hydrated with hydrateRoot — no mismatch reported, and no second request.
 */
import { HydrationBoundary, QueryClient, QueryClientProvider, dehydrate, type DehydratedState } from '@tanstack/react-query'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient, type BlockfeedClient } from '../../src/core/client'
import { walletHistoryInfiniteQueryOptions } from '../../src/core/query/walletHistory'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed'
import '../../src/components/shared/tokens.css'
// @ts-expect-error plain ESM fixture module without types
import { makePage } from '../bench/page-fixture.mjs'

const wallet = '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf'

function app(queryClient: QueryClient, client: BlockfeedClient, state: DehydratedState) {
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={state}>
        <BlockfeedProvider client={client}>
          <WalletActivityFeed address={wallet} chain="eth" />
        </BlockfeedProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  )
}

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('hydration', () => {
  it('hydrates the server-rendered feed with no mismatch and no second request', async () => {
    let requests = 0
    const body = makePage(10, 5)
    body.cursor = ''
    for (const e of body.result) e.to_address = wallet
    const fetchFn: typeof fetch = async () => {
      requests++
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    }
    const client = createClient({ baseUrl: 'https://service.blockfeed.test', chain: 'eth', fetch: fetchFn })

    // "Server": prefetch, dehydrate, and render to a string.
    const serverQueries = new QueryClient()
    await serverQueries.prefetchInfiniteQuery(walletHistoryInfiniteQueryOptions(client, { address: wallet, chain: 'eth' }))
    const state = JSON.parse(JSON.stringify(dehydrate(serverQueries))) as DehydratedState
    const html = renderToString(app(new QueryClient(), client, state))
    expect(requests).toBe(1)

    // "Browser": the same markup, hydrated.
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const serverArticles = container.querySelectorAll('article').length
    expect(serverArticles).toBeGreaterThan(0)

    const recoverable: unknown[] = []
    const consoleErrors: string[] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args.map(String).join(' ')))
    await act(async () => {
      hydrateRoot(container, app(new QueryClient(), client, state), {
        onRecoverableError: (error) => void recoverable.push(error),
      })
    })
    await new Promise((r) => setTimeout(r, 300))

    expect(recoverable).toEqual([])
    expect(consoleErrors.filter((m) => /hydrat|did not match|mismatch/i.test(m))).toEqual([])
    expect(container.querySelectorAll('article').length).toBeGreaterThan(0)
    expect(requests).toBe(1)
  })
})
