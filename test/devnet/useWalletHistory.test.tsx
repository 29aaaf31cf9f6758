// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createClient } from '../../src/core/client.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { useWalletHistory } from '../../src/react/useWalletHistory.js'
import { history, sendToNode } from './helpers.js'

// The page's data comes from a real chain, indexer and history API: findBy/waitFor wait for it as
// long as a loaded machine takes, not the 1 s default (a pass is no slower for it).
configure({ asyncUtilTimeout: 20_000 })

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
})
afterAll(() => devnet?.stop())

function wrapper() {
  const client = createClient({ ...devnet.clientOptions, retry: false })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client}>{children}</BlockfeedProvider>
    </QueryClientProvider>
  )
}

it('pages through a seeded wallet and sees a new transaction after a refetch', async () => {
  const alice = devnet.wallets.find((w) => w.name === 'alice')!.address
  const { result } = renderHook(() => useWalletHistory({ address: alice, limit: 5, includeInternalTransactions: true }), { wrapper: wrapper() })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  while (result.current.hasNextPage) {
    await act(() => result.current.fetchNextPage())
  }
  const all = (await history(devnet, alice, { limit: 100 })).result.map((e) => e.hash)
  expect(result.current.transactions.map((t) => t.hash)).toEqual(all)
  expect(result.current.transactions.some((t) => t.internal_transactions.length > 0)).toBe(true)

  const hash = await sendToNode(devnet, 'bob', alice, 5n)
  await act(() => result.current.refetch())
  await waitFor(() => expect(result.current.transactions[0]?.hash).toBe(hash))
})
