/**
 * The feed's connected details (RowDetails) over a node that answers `null` for the transaction and
 * its receipt (a provider behind the history, or another one): the open row still shows what the
 * history entry gave, with the node's silence as a quiet note, and the node's own view (decoded
 * events) replaces it at the first block after the node learns the transaction.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TransactionDetails } from '../../src/components/TransactionDetails/TransactionDetails.js'
import RowDetails from '../../src/components/WalletActivityFeed/RowDetails.js'
import { createClient } from '../../src/core/client.js'
import { transactionEntrySchema } from '../../src/core/history/schema.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import * as F from '../core/details/fixtures.js'

const NOTE = 'The node does not know this transaction yet. Its events show here once it does.'

/** A node that does not know the fixture's transaction until `learn()`, whose head moves one block per `mine()`. */
function lateNode() {
  const f = F.usdcTransfer()
  const node = F.fixtureRpc([f])
  let known = false
  let head = BigInt(F.HEAD) - 30n
  const asked: string[] = []
  const answer = async (req: { id: number; method: string; params?: unknown[] }) => {
    asked.push(req.method)
    if (req.method === 'eth_blockNumber') return { jsonrpc: '2.0', id: req.id, result: `0x${head.toString(16)}` }
    if (!known && /^eth_getTransaction(ByHash|Receipt)$/.test(req.method)) return { jsonrpc: '2.0', id: req.id, result: null }
    return { jsonrpc: '2.0', id: req.id, result: await node.call({ method: req.method, params: req.params }) }
  }
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body))
    const reply = await Promise.all((Array.isArray(body) ? body : [body]).map(answer))
    return new Response(JSON.stringify(Array.isArray(body) ? reply : reply[0]), { headers: { 'content-type': 'application/json' } })
  }
  const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth', fetch, retry: false })
  const entry = transactionEntrySchema.parse({
    hash: f.hash, nonce: '7', from_address: F.SENDER, to_address: F.USDC, value: '0', block_timestamp: '2024-08-21T08:13:47.000Z',
    block_number: '20589436', receipt_status: '1', transaction_fee: '0.000412', method_label: 'transfer',
    erc20_transfers: [{ address: F.USDC, token_symbol: 'USDC', token_decimals: '6', value: '25000000', from_address: F.SENDER, to_address: F.RECEIVER }],
  })
  return {
    client, entry, asked,
    learn: () => void (known = true),
    mine: () => void (head += 1n),
  }
}

function renderRow(n: ReturnType<typeof lateNode>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BlockfeedProvider client={n.client} pollingIntervalMs={40} persist={false}>
        <RowDetails transaction={n.entry} chain="eth" locale="en-US" timeZone="UTC" />
      </BlockfeedProvider>
    </QueryClientProvider>,
  )
  return screen.getByRole('region', { name: 'Transaction details' })
}

/** The value beside a term of the details list. */
const fact = (region: HTMLElement, term: string) => within(region).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent

describe('Details when the node does not know the transaction', () => {
  it('shows the history’s hash, block, time, nonce, fee and explorer link, with the node’s silence as a note', async () => {
    const n = lateNode()
    const region = renderRow(n)
    await within(region).findByText(NOTE, {}, { timeout: 10_000 })
    expect(fact(region, 'Hash')).toBe(n.entry.hash)
    expect(fact(region, 'Block')).toBe('20589436')
    expect(fact(region, 'Time')).toBe('Aug 21, 2024, 8:13:47 AM UTC')
    expect(fact(region, 'Nonce')).toBe('7')
    expect(fact(region, 'Fee')).toBe('0.000412 ETH')
    expect(fact(region, 'Status')).toBe('Succeeded')
    expect(fact(region, 'Method')).toBe('transfer')
    const link = within(region).getByRole('link', { name: 'View on explorer' })
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${n.entry.hash}`)
    // No claim the node did not make: no confirmations, no events.
    expect(region.textContent).not.toMatch(/confirmation|Events/)
    expect(screen.queryByText('The node does not know this transaction.')).toBeNull()
  })

  it('takes the node’s decoded events at the first block after the node learns the transaction', async () => {
    const n = lateNode()
    const region = renderRow(n)
    await within(region).findByText(NOTE, {}, { timeout: 10_000 })
    // New blocks while the node still says null: asked again, still the history's facts.
    const before = n.asked.filter((m) => m === 'eth_getTransactionByHash').length
    n.mine()
    await waitFor(() => expect(n.asked.filter((m) => m === 'eth_getTransactionByHash').length).toBeGreaterThan(before), { timeout: 10_000 })
    expect(within(region).getByText(NOTE)).toBeTruthy()
    n.learn()
    n.mine()
    const events = await within(region).findByRole('region', { name: 'Events' }, { timeout: 10_000 })
    expect(events.textContent).toContain('Transfer 25 USDC from')
    expect(within(region).queryByText(NOTE)).toBeNull()
    expect(fact(region, 'Status')).toMatch(/^Succeeded, \d+ confirmations$/)
  })

  it('without a history entry, says only that the node does not know it', () => {
    render(<TransactionDetails details={null} variant="panel" />)
    expect(screen.getByText('The node does not know this transaction.')).toBeTruthy()
    expect(screen.queryByText(NOTE)).toBeNull()
  })
})
