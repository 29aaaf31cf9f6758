import { dehydrate, HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { rpcQueryOptions } from '../../src/core/query/rpc.js'
import { walletHistoryInfiniteQueryOptions } from '../../src/core/query/walletHistory.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { useRpc } from '../../src/react/useRpc.js'
import { useWalletHistory } from '../../src/react/useWalletHistory.js'
import { startAnvil, type Anvil } from '../support/anvil.js'
import { countingFetch } from './support.js'

const wallet = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const entry = (n: number) => ({ hash: hash(n), from_address: wallet, to_address: null, value: '0', block_timestamp: '2024-01-01T00:00:00Z', block_number: '1' })

const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor')
    return cursor === 'c1'
      ? HttpResponse.json({ cursor: null, result: [entry(2)] })
      : HttpResponse.json({ cursor: 'c1', result: [entry(1)] })
  }),
)

let anvil: Anvil
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' })
  anvil = await startAnvil()
})
afterAll(async () => {
  server.close()
  await anvil?.stop()
})

function Screen() {
  const history = useWalletHistory({ address: wallet })
  const genesis = useRpc({ method: 'eth_getBlockByNumber', params: ['0x0', false] })
  const balance = useRpc({ method: 'eth_getBalance', params: [wallet], query: { select: BigInt } })
  return (
    <div>
      <ul>{history.transactions.map((t) => <li key={t.hash}>{t.hash}</li>)}</ul>
      <p>genesis {genesis.data?.number}</p>
      <p>balance {balance.data?.toString()}</p>
      <button onClick={() => history.fetchNextPage()}>more</button>
    </div>
  )
}

describe('server prefetch + dehydrate → HydrationBoundary', () => {
  it('renders the prefetched data on the client with zero requests on mount', async () => {
    // Server: a request-scoped QueryClient and client, prefetched with the same options factories.
    const serverFetch = countingFetch()
    const serverClient = createClient({ baseUrl: 'https://api.test', apiKey: 'server-only-key', rpc: { url: anvil.rpcUrl }, fetch: serverFetch.fetch })
    const serverQueries = new QueryClient()
    await Promise.all([
      serverQueries.prefetchInfiniteQuery(walletHistoryInfiniteQueryOptions(serverClient, { address: wallet })),
      serverQueries.prefetchQuery(rpcQueryOptions(serverClient, { method: 'eth_getBlockByNumber', params: ['0x0', false] })),
      serverQueries.prefetchQuery(rpcQueryOptions(serverClient, { method: 'eth_getBalance', params: [wallet, 'latest'] })),
    ])
    const payload = JSON.stringify(dehydrate(serverQueries))
    expect(serverFetch.count()).toBeGreaterThan(0)
    expect(payload).not.toContain('server-only-key')

    // Client: same base URL, no key; TanStack's SSR advice: a staleTime above 0 for head reads.
    const clientFetch = countingFetch()
    const client = createClient({ baseUrl: 'https://api.test', rpc: { url: anvil.rpcUrl }, fetch: clientFetch.fetch })
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    const Wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client}>
          <HydrationBoundary state={JSON.parse(payload)}>{children}</HydrationBoundary>
        </BlockfeedProvider>
      </QueryClientProvider>
    )
    render(<Screen />, { wrapper: Wrapper })

    expect(screen.getByText(hash(1))).toBeTruthy()
    expect(screen.getByText('genesis 0x0')).toBeTruthy()
    expect(screen.getByText('balance 10000000000000000000000')).toBeTruthy()
    await new Promise((r) => setTimeout(r, 100))
    expect(clientFetch.count()).toBe(0)

    // The hydrated infinite query keeps paging from the server's cursor.
    await act(async () => screen.getByText('more').click())
    await waitFor(() => expect(screen.getByText(hash(2))).toBeTruthy())
    expect(clientFetch.requests.map((r) => new URL(r.url).searchParams.get('cursor'))).toEqual(['c1'])
  })
})
