import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query'
import { walletHistoryInfiniteQueryOptions } from 'blockfeed'
import { feedChain, serverClient } from '../lib/blockfeed-server'
import { Activity } from './activity'

// Anvil's dev account #1: the devnet's "alice".
const DEFAULT_WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export default async function Page({ searchParams }: { searchParams: Promise<{ address?: string }> }) {
  const address = (await searchParams).address ?? DEFAULT_WALLET
  const queryClient = new QueryClient()
  // The first page is fetched here and sent with the HTML; a bad address is left to the feed's error state.
  await queryClient.prefetchInfiniteQuery(walletHistoryInfiniteQueryOptions(serverClient(), { address, chain: feedChain }))
  return (
    <main>
      <h1>Wallet activity</h1>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <Activity address={address} chain={feedChain} />
      </HydrationBoundary>
    </main>
  )
}
