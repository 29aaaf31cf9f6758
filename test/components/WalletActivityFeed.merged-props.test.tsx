import { render, screen, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { entryId } from '../../src/core/history/entryId.js'
import { fakeService, hashOf, PAGE, rowKeys, rpc, WALLET } from '../react/arrivalsSupport.js'
import { setup } from '../react/support.js'

// WalletActivityFeed with `chains` or `addresses` hands over to the merged feed: what it passes on,
// and what it cannot honour there.
const service = fakeService()
const server = setupServer(...service.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => service.reset())
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const quiet = { limit: PAGE, watch: false, showPending: false, locale: 'en-US', timeZone: 'UTC' } as const

describe('WalletActivityFeed across chains', () => {
  it('passes DOM attributes (id, data-*, aria-*) to the root, as the single-chain feed does', async () => {
    const { wrapper } = setup({ rpc })
    const { container } = render(
      wrapper({ children: <WalletActivityFeed address={WALLET} chains={['eth', 'base']} {...quiet} id="activity" data-testid="feed" aria-describedby="help" /> }) as never,
    )
    await waitFor(() => expect(rowKeys()[0]).toBe(entryId({ chain: 'eth', hash: hashOf('eth', 30) })))
    const root = container.querySelector('#activity')!
    expect(root).not.toBeNull()
    expect(root.getAttribute('data-testid')).toBe('feed')
    expect(root.getAttribute('aria-describedby')).toBe('help')
  })

  it('`addresses` without `chains` reads the client’s chain, not an error about an empty `chains`', async () => {
    const { wrapper } = setup({ rpc, chain: 'eth' })
    render(wrapper({ children: <WalletActivityFeed addresses={[WALLET]} {...quiet} /> }) as never)
    await waitFor(() => expect(rowKeys()[0]).toBe(entryId({ chain: 'eth', hash: hashOf('eth', 30) })))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('a parameter the merged feed cannot honour (dates, a filter) is an error naming it, not a feed that ignores it', async () => {
    const { wrapper } = setup({ rpc })
    render(wrapper({ children: <WalletActivityFeed address={WALLET} chains={['eth', 'base']} {...quiet} fromDate="2024-03-01" /> }) as never)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('fromDate')
    expect(service.requests.length).toBe(0)
  })
})
