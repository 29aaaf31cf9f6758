// The connected details panel over a real client whose fetch answers from the fixtures (shared by the RowDetails tests).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { encodeAbiParameters, maxUint256 } from 'viem'
import RowDetails from '../../src/components/WalletActivityFeed/RowDetails.js'
import { createClient } from '../../src/core/client.js'
import { transactionEntrySchema } from '../../src/core/history/schema.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import * as F from '../core/details/fixtures.js'

const ALLOWANCE = '0xdd62ed3e' // allowance(address,address)

/** A client whose node answers from a fixture, with `allowance` answering `current`; records each HTTP request's methods. */
export function setup(current: bigint) {
  const f = F.unlimitedApproval()
  const node = F.fixtureRpc([f])
  const batches: string[][] = []
  const answer = async (req: { id: number; method: string; params?: unknown[] }) => {
    const data = (req.params?.[0] as { data?: string } | undefined)?.data
    if (req.method === 'eth_call' && data?.startsWith(ALLOWANCE)) return { jsonrpc: '2.0', id: req.id, result: encodeAbiParameters([{ type: 'uint256' }], [current]) }
    if (req.method === 'eth_call') return { jsonrpc: '2.0', id: req.id, error: { code: -32000, message: 'execution reverted' } }
    return { jsonrpc: '2.0', id: req.id, result: await node.call({ method: req.method, params: req.params }) }
  }
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body))
    const list = Array.isArray(body) ? body : [body]
    batches.push(list.map((r: { method: string; params?: unknown[] }) => (r.method === 'eth_call' && (r.params?.[0] as { data: string }).data.startsWith(ALLOWANCE) ? 'allowance' : r.method)))
    const reply = await Promise.all(list.map(answer))
    return new Response(JSON.stringify(Array.isArray(body) ? reply : reply[0]), { headers: { 'content-type': 'application/json' } })
  }
  const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth', fetch, retry: false })
  const entry = transactionEntrySchema.parse({
    hash: f.hash, from_address: F.SENDER, to_address: F.USDT, value: '0', block_timestamp: '2024-08-21T08:13:47.000Z', block_number: String(Number(F.BLOCK_NUMBER)),
    category: 'approve',
    contract_interactions: { approvals: [{ value: maxUint256.toString(), token: { address: F.USDT, token_symbol: 'USDT', token_decimals: '6' }, spender: { address: F.ROUTER, address_label: 'Uniswap V2: Router 2' } }] },
  })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BlockfeedProvider client={client} pollingIntervalMs={60_000}>
        <RowDetails transaction={entry} onRevoke={() => {}} />
      </BlockfeedProvider>
    </QueryClientProvider>,
  )
  return { batches }
}

