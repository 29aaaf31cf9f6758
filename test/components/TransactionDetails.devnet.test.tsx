// @vitest-environment jsdom
/**
 * Revoke only for a live approval, on the devnet (real anvil, indexer, history API): alice's seeded
 * unlimited dDAI approval shows "still active" and a Revoke; once the request it hands over is
 * signed and mined, the same open panel reads the allowance again at the new head and the Revoke
 * is gone. Her 100 dUSD approval, revoked in the seed, is "no longer active" from the start.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import type { RevokeRequest } from '../../src/core/details/approvals.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { minedReceipt } from '../support/anvil.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
}, 60_000)
afterAll(() => devnet?.stop())

it('offers Revoke for the live unlimited approval only, and takes it away once revoked on chain', async () => {
  const user = userEvent.setup()
  const alice = devnet.wallets.find((w) => w.name === 'alice')!
  const client = createClient({ ...devnet.clientOptions, retry: false })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const onRevoke = vi.fn<(request: RevokeRequest) => void>()
  render(
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} pollingIntervalMs={100}>
        <WalletActivityFeed address={alice.address} limit={50} onRevoke={onRevoke} showSpam />
      </BlockfeedProvider>
    </QueryClientProvider>,
  )
  // Newest first: alice's approve(bob, max) on dDAI, then approve(bob, 0) on dUSD.
  const [daiRow, usdRow] = await screen.findAllByRole('article')
  expect(daiRow!.textContent).toContain('Devnet Dai')
  // The row names the token contract called (the devnet's history sends no method or input, so no verb beyond a call).
  expect(daiRow!.querySelector('.bf-row__party')!.textContent).toBe('Devnet Dai (18 decimals)')

  // The row's chevron opens the node's details inside the same row.
  const daiChevron = within(daiRow!).getByRole('button', { name: 'Details' })
  await user.click(daiChevron)
  expect(daiChevron.getAttribute('aria-expanded')).toBe('true')
  const approvals = await within(daiRow!).findByRole('region', { name: 'Approvals' }, { timeout: 10_000 })
  await waitFor(() => expect(approvals.textContent).toContain('still active'), { timeout: 10_000 })
  // The spender by its verified name, the token by the service's label.
  await waitFor(() => expect(approvals.textContent).toMatch(/^Approvalsbob\.eth.*may spend unlimited Devnet Dai \(18 decimals\)/), { timeout: 10_000 })
  await user.click(within(approvals).getByRole('button', { name: 'Revoke' }))
  const request = onRevoke.mock.calls[0]![0]

  // The app's wallet signs and sends the request blockfeed handed over.
  const wallet = createWalletClient({ account: privateKeyToAccount(alice.privateKey), transport: http(devnet.nodeUrl) })
  const node = createPublicClient({ transport: http(devnet.nodeUrl) })
  const hash = await wallet.sendTransaction({ ...request, chain: null })
  expect((await minedReceipt(node, hash)).status).toBe('success')

  // Same panel, still open: at the next head the allowance is read again, and the Revoke goes.
  await waitFor(() => expect(approvals.textContent).toContain('no longer active'), { timeout: 10_000 })
  expect(within(approvals).queryByRole('button', { name: 'Revoke' })).toBeNull()
  expect(daiChevron.getAttribute('aria-expanded')).toBe('true')

  // The dUSD revoke: nothing to revoke, and no Revoke.
  await user.click(within(usdRow!).getByRole('button', { name: 'Details' }))
  const revoked = await within(usdRow!).findByRole('region', { name: 'Approvals' }, { timeout: 10_000 })
  expect(revoked.textContent).toContain('may no longer spend')
  expect(within(revoked).queryByRole('button', { name: 'Revoke' })).toBeNull()
}, 60_000)
