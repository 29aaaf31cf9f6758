import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { encodeAbiParameters, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import RowDetails from '../../src/components/WalletActivityFeed/RowDetails.js'
import { createClient } from '../../src/core/client.js'
import { transactionEntrySchema } from '../../src/core/history/schema.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import * as F from '../core/details/fixtures.js'

// The feed's details panel (RowDetails) over a real client whose node answers from the
// mainnet-shaped fixtures. Its own file: the approval-state code it loads is kept for the module's life.
const ALLOWANCE = '0xdd62ed3e' // allowance(address,address)

function mount(fromAddress: string) {
  const f = F.unlimitedApproval()
  const node = F.fixtureRpc([f])
  const answer = async (req: { id: number; method: string; params?: unknown[] }) => {
    const data = (req.params?.[0] as { data?: string } | undefined)?.data
    if (req.method === 'eth_call' && data?.startsWith(ALLOWANCE)) return { jsonrpc: '2.0', id: req.id, result: encodeAbiParameters([{ type: 'uint256' }], [maxUint256]) }
    return { jsonrpc: '2.0', id: req.id, result: await node.call({ method: req.method, params: req.params }) }
  }
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body))
    const reply = await Promise.all((Array.isArray(body) ? body : [body]).map(answer))
    return new Response(JSON.stringify(Array.isArray(body) ? reply : reply[0]), { headers: { 'content-type': 'application/json' } })
  }
  const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth', fetch, retry: false })
  const entry = transactionEntrySchema.parse({
    hash: f.hash, from_address: fromAddress, to_address: F.USDT, value: '0', block_timestamp: '2024-08-21T08:13:47.000Z', block_number: String(Number(F.BLOCK_NUMBER)),
    category: 'approve',
    contract_interactions: { approvals: [{ value: maxUint256.toString(), token: { address: F.USDT, token_symbol: 'USDT', token_decimals: '6' }, spender: { address: F.ROUTER, address_label: 'Uniswap V2: Router 2' } }] },
  })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BlockfeedProvider client={client} pollingIntervalMs={60_000}>
        <RowDetails transaction={entry} />
      </BlockfeedProvider>
    </QueryClientProvider>,
  )
}

describe('RowDetails: approvals listed by the service on an entry whose sender is not an address', () => {
  it('the details load (not "Loading details" for ever), and the approval is read with the sender the node gives', async () => {
    // The service could not name the sender as an address.
    mount('unknown')
    const approvals = await screen.findByRole('region', { name: 'Approvals' }, { timeout: 10_000 })
    await waitFor(() => expect(approvals.textContent).toContain('still active'), { timeout: 10_000 })
    expect(screen.queryByText('Loading details')).toBeNull()
  })
})
