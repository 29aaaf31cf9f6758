// The page of the strict-CSP test: the drop-in feed as an app ships it, importing the built package.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createClient } from 'blockfeed'
import { BlockfeedProvider } from 'blockfeed/react'
import { WalletActivityFeed } from 'blockfeed/components'
import 'blockfeed/styles.css'

const search = new URLSearchParams(window.location.search)
// Same-origin service and node (behind the app's proxy), as the policy's connect-src 'self' allows.
const client = createClient({ baseUrl: '/api/blockfeed', rpc: { url: '/rpc' }, chain: 'eth' })
const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client}>
        <main>
          <WalletActivityFeed
            address={search.get('wallet') ?? ''}
            chain="eth"
            includeInternalTransactions
            locale="en-US"
            timeZone="UTC"
            // The app's own gateway, on the logo origin its policy lists (the default is ipfs.io).
            ipfsGateway={search.get('ipfs') ?? undefined}
          />
        </main>
      </BlockfeedProvider>
    </QueryClientProvider>
  </StrictMode>,
)
