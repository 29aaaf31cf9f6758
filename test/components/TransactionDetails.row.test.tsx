/**
 * The feed's connected details panel (RowDetails) over a real client and real HTTP batching (a
 * fetch that answers from the mainnet-shaped fixtures): the approvals the service listed are read
 * in the same HTTP request as the details, and Revoke follows what the node says now.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { encodeAbiParameters, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import RowDetails from '../../src/components/WalletActivityFeed/RowDetails.js'
import { createClient } from '../../src/core/client.js'
import { transactionEntrySchema } from '../../src/core/history/schema.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import * as F from '../core/details/fixtures.js'

const ALLOWANCE = '0xdd62ed3e' // allowance(address,address)

/** A client whose node answers from a fixture, with `allowance` answering `current`; records each HTTP request's methods. */
function setup(current: bigint) {
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

describe('RowDetails: approvals the service listed', () => {
  it('reads the allowance in the details’ own HTTP request, and offers Revoke while it is still unlimited', async () => {
    const { batches } = setup(maxUint256)
    const approvals = await screen.findByRole('region', { name: 'Approvals' })
    await waitFor(() => expect(approvals.textContent).toContain('still active'))
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy()
    const withDetails = batches.filter((b) => b.includes('eth_getTransactionByHash') || b.includes('allowance'))
    expect(withDetails).toHaveLength(1)
    expect(withDetails[0]).toEqual(expect.arrayContaining(['eth_getTransactionByHash', 'eth_getTransactionReceipt', 'eth_getBlockByNumber', 'allowance']))
  })

  it('spent since: the amount remaining, and no Revoke', async () => {
    setup(12_500_000n)
    const approvals = await screen.findByRole('region', { name: 'Approvals' })
    await waitFor(() => expect(approvals.textContent).toContain('now 12.5 remaining'))
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
  })
})
