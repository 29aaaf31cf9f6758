// @vitest-environment jsdom
/**
 * The user's own transaction in the drop-in feed, on the devnet (real anvil, real indexer, real
 * history API): sent through useSendRawTransaction, it shows at once in the Pending group, then,
 * mined and indexed, its indexed row takes its place — no reload, no duplicate.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import { memoryStorage } from '../../src/core/live/storage.js'
import { createTransactionTracker } from '../../src/core/live/tracker.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { useSendRawTransaction } from '../../src/react/useSendRawTransaction.js'
import { callNode } from './helpers.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
}, 60_000)
afterAll(() => devnet?.stop())

const node = (method: string, params: unknown[] = []) => callNode(devnet, method, params)
/**
 * What the page shows is waited for as long as a loaded machine takes to show it (the first page
 * comes from the real indexer and history API; the default second is a guess about an idle machine).
 */
const shown = { timeout: 20_000 }

it('shows a sent transaction as pending at once, then its indexed row in its place', async () => {
  const bob = devnet.wallets.find((w) => w.name === 'bob')!
  const alice = devnet.wallets.find((w) => w.name === 'alice')!
  const client = createClient({ ...devnet.clientOptions, retry: false })
  const tracker = createTransactionTracker({ client, storage: memoryStorage(), confirmations: 1, pollingIntervalMs: 100 })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const account = privateKeyToAccount(bob.privateKey)
  const wallet = createWalletClient({ account, transport: http(devnet.nodeUrl) })
  let send!: ReturnType<typeof useSendRawTransaction>
  function Harness() {
    send = useSendRawTransaction()
    return <WalletActivityFeed address={bob.address} limit={10} />
  }
  render(
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} tracker={tracker} pollingIntervalMs={100}>
        <Harness />
      </BlockfeedProvider>
    </QueryClientProvider>,
  )
  await screen.findAllByRole('article', {}, shown)

  // Held in the mempool: the node mines nothing until told to.
  await node('evm_setAutomine', [false])
  try {
    const request = await wallet.prepareTransactionRequest({ to: alice.address, value: parseEther('0.123457'), chain: null })
    const raw = await wallet.signTransaction({ ...request, chain: null })
    let hash!: string
    await act(async () => {
      hash = await send.mutateAsync({ serializedTransaction: raw })
    })
    const group = await screen.findByRole('group', { name: /pending/i }, shown)
    // The item is named by its sentence ("Sending 0.123457 ETH to 0x…"); the amount shows again in its trailing column.
    const row = within(group).getByText(/^Sending 0\.123457/).closest('[data-status]')!
    expect(row.getAttribute('data-status')).toBe('pending')

    await node('evm_mine')
    // Mined, indexed, and read again from the first page: the feed's own row replaces the pending one.
    const ours = () => screen.getAllByRole('article').filter((a) => /0\.123457/.test(a.textContent ?? ''))
    await waitFor(() => expect(ours()).toHaveLength(1), shown)
    await waitFor(() => expect(screen.queryByRole('group', { name: /pending/i })).toBeNull(), shown)
    expect(ours()).toHaveLength(1)
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  } finally {
    await node('evm_setAutomine', [true])
    tracker.stop()
  }
}, 60_000)
