'use client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createClient } from 'blockfeed'
import { BlockfeedProvider } from 'blockfeed/react'
import { useState, type ReactNode } from 'react'

export function Providers({ chain, extraChains, children }: { chain: string; extraChains: string[]; children: ReactNode }) {
  // One of each per browser tab; staleTime above 0 so the server's page is not fetched again on mount.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }))
  // New blocks come over the proxy's head stream (one connection per tab), polling only while it is down.
  const [client] = useState(() =>
    createClient({ baseUrl: '/api/blockfeed', rpc: { url: '/api/blockfeed/rpc' }, head: { url: '/api/blockfeed/head' }, chain, extraChains }),
  )
  return (
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client}>{children}</BlockfeedProvider>
    </QueryClientProvider>
  )
}
