// @vitest-environment jsdom
/**
 * The seeded names in the drop-in feed on the devnet (real anvil, indexer, history API and name
 * registry): the devnet labels contracts, not its users' wallets, so a row shows `alice.eth`
 * where it used to show the devnet's own label for alice.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, render, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'

// The page's data comes from a real chain, indexer and history API: findBy/waitFor wait for it as
// long as a loaded machine takes, not the 1 s default (a pass is no slower for it).
configure({ asyncUtilTimeout: 20_000 })

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
}, 60_000)
afterAll(() => devnet?.stop())

const wallet = (name: string) => devnet.wallets.find((w) => w.name === name)!.address

it("bob's rows show alice.eth for the wallets the devnet names, and keep contract labels", async () => {
  const client = createClient({ ...devnet.clientOptions, retry: false })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client}>
        <WalletActivityFeed address={wallet('bob')} limit={50} details={false} />
      </BlockfeedProvider>
    </QueryClientProvider>,
  )
  await screen.findAllByRole('article')
  const feed = screen.getByRole('feed')
  await waitFor(() => expect(feed.textContent).toContain('alice.eth'), { timeout: 10_000 })
  expect(feed.textContent).not.toMatch(/devnet (alice|bob)/)
  // The verified name never hides the address: it stays in the link's title.
  const named = screen.getAllByText('alice.eth')[0]!.closest('[title]')!
  expect(named.getAttribute('title')).toBe(wallet('alice'))
  // Contracts are still labelled by the "service".
  expect(feed.textContent).toMatch(/Devnet (USD|Dai|Kittens|Items|Splitter)/)
}, 60_000)
