// @vitest-environment jsdom
/**
 * New arrivals on the devnet (real anvil mining a block a second, real indexer, real history API):
 * someone else pays the viewed wallet, and two mounted feeds show the row at the top without a
 * reload, sharing one first-page read per block and never reading a later page again.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, render, screen, waitFor, within } from '@testing-library/react'
import { createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { countingFetch } from '../react/support.js'

// The page's data comes from a real chain, indexer and history API: findBy/waitFor wait for it as
// long as a loaded machine takes, not the 1 s default (a pass is no slower for it).
configure({ asyncUtilTimeout: 20_000 })

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 1 })
}, 90_000)
afterAll(() => devnet?.stop())

/** The node's own head (not counted: straight to anvil). */
const nodeHead = async () => {
  const res = await fetch(devnet.nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }) })
  return Number(((await res.json()) as { result: string }).result)
}

it('two feeds of a wallet show a payment it receives at the top, with at most one first-page read per block', async () => {
  const bob = devnet.wallets.find((w) => w.name === 'bob')!
  const alice = devnet.wallets.find((w) => w.name === 'alice')!
  const counter = countingFetch()
  const client = createClient({ ...devnet.clientOptions, retry: false, fetch: counter.fetch })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} pollingIntervalMs={200}>
        {[0, 1].map((i) => (
          <WalletActivityFeed key={i} address={bob.address} limit={5} showFilterBar={false} showExport={false} showNames={false} data-testid={`feed-${i}`} />
        ))}
      </BlockfeedProvider>
    </QueryClientProvider>,
  )
  await waitFor(() => expect(within(screen.getByTestId('feed-1')).getAllByRole('article').length).toBeGreaterThan(0), { timeout: 20_000 })
  // Both follow the chain (a few polls answered) before the payment.
  await waitFor(() => expect(counter.count('eth_blockNumber')).toBeGreaterThan(3), { timeout: 10_000 })

  const isHistory = (r: { url: string }) => r.url.includes('/history')
  const firstPages = () => counter.requests.filter((r) => isHistory(r) && !new URL(r.url).searchParams.has('cursor')).length
  const laterPages = () => counter.requests.filter((r) => isHistory(r) && new URL(r.url).searchParams.has('cursor')).length
  counter.reset()
  const headBefore = await nodeHead()

  const wallet = createWalletClient({ account: privateKeyToAccount(alice.privateKey), transport: http(devnet.nodeUrl) })
  const hash = await wallet.sendTransaction({ to: bob.address, value: parseEther('0.424242'), chain: null })
  const newest = (id: string) => within(screen.getByTestId(id)).getAllByRole('article')[0]!.closest('[data-key]')!.getAttribute('data-key')
  await waitFor(() => {
    expect(newest('feed-0')).toBe(hash.toLowerCase())
    expect(newest('feed-1')).toBe(hash.toLowerCase())
  }, { timeout: 20_000 })
  expect(within(screen.getByTestId('feed-0')).getAllByRole('article')[0]!.textContent).toContain('0.424242')

  const blocks = (await nodeHead()) - headBefore
  // One shared read per new block (two feeds, one wallet and chain), plus one for a block seen as the count was taken.
  expect(firstPages()).toBeGreaterThan(0)
  expect(firstPages()).toBeLessThanOrEqual(blocks + 1)
  expect(laterPages()).toBe(0)
}, 90_000)
