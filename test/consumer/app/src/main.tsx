import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createClient } from 'blockfeed'
import { BlockfeedProvider, useRpc } from 'blockfeed/react'
import { WalletActivityFeed } from 'blockfeed/components'
import 'blockfeed/styles.css'

const search = new URLSearchParams(window.location.search)
const wallet = search.get('wallet') ?? ''
const client = createClient({
  baseUrl: window.location.origin,
  rpc: { url: search.get('rpc') ?? `${window.location.origin}/rpc` },
  chain: 'eth',
})
const queryClient = new QueryClient()

function BlockNumber() {
  const { data, error } = useRpc({ method: 'eth_blockNumber' })
  if (error) return <p role="alert">RPC error: {error.message}</p>
  return <p data-testid="block-number">Block {data === undefined ? '…' : BigInt(data).toString()}</p>
}

function App() {
  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <h1>My dapp</h1>
      <BlockNumber />
      <WalletActivityFeed address={wallet} chain="eth" />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client}>
        <App />
      </BlockfeedProvider>
    </QueryClientProvider>
  </StrictMode>,
)
