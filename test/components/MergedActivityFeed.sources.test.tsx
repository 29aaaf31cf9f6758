import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MergedActivityFeed } from '../../src/components/WalletActivityFeed/MergedActivityFeed.js'
import { entryId } from '../../src/core/history/entryId.js'
import { fakeService, hashOf, PAGE, range, rowKeys, rpc, WALLET } from '../react/arrivalsSupport.js'
import { setup } from '../react/support.js'
import { axeViolations } from './axe.js'

// The merged feed as a user drives it: real client, real HTTP (MSW).
const service = fakeService()
const server = setupServer(...service.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => service.reset())
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const key = (chain: string, n: number) => entryId({ chain, hash: hashOf(chain, n) })

describe('MergedActivityFeed', () => {
  it('a chain added to `chains` later shows its rows, its chip on, beside the first chain set', async () => {
    service.index('base', range('base', 40, 31))
    const { wrapper } = setup({ rpc })
    const feed = (chains: string[]) => wrapper({ children: <MergedActivityFeed address={WALLET} chains={chains} limit={PAGE} watch={false} showPending={false} locale="en-US" timeZone="UTC" /> }) as never
    const { rerender } = render(feed(['eth']))
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 30)))
    rerender(feed(['eth', 'base']))
    await waitFor(() => expect(rowKeys()[0]).toBe(key('base', 40)))
    expect(screen.getByRole('button', { name: 'Base' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'Ethereum' }).getAttribute('aria-pressed')).toBe('true')
    // A chip still narrows the feed.
    fireEvent.click(screen.getByRole('button', { name: 'Ethereum' }))
    await waitFor(() => expect(rowKeys().every((k) => k.startsWith('0x2105:'))).toBe(true))
  })

  it('one wallet given as `addresses={[wallet]}` still shows each row’s direction from that wallet', async () => {
    const { wrapper } = setup({ rpc })
    render(wrapper({ children: <MergedActivityFeed addresses={[WALLET]} chains={['eth', 'base']} limit={PAGE} watch={false} showPending={false} locale="en-US" timeZone="UTC" /> }) as never)
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 30)))
    expect(screen.getAllByRole('article')[0]!.dataset['direction']).toBe('out')
  })

  it('every chain failing is an error with "Try again", not "No activity yet"; Try again loads the feed', async () => {
    server.use(http.get('https://api.test/api/v2.2/wallets/:address/history', () => HttpResponse.json({ message: 'down' }, { status: 503 }), { once: true }))
    server.use(http.get('https://api.test/api/v2.2/wallets/:address/history', () => HttpResponse.json({ message: 'down' }, { status: 503 }), { once: true }))
    const { wrapper } = setup({ rpc })
    render(wrapper({ children: <MergedActivityFeed address={WALLET} chains={['eth', 'base']} limit={PAGE} watch={false} showPending={false} locale="en-US" timeZone="UTC" /> }) as never)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Couldn’t load activity'))
    const alert = screen.getByRole('alert')
    expect(screen.queryByText('No activity yet')).toBeNull()
    // Each chain's notice stays, naming it.
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 30)))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('the feed’s own "Try again" (every chain failed) keeps keyboard focus in the feed when the error goes away', async () => {
    server.use(http.get('https://api.test/api/v2.2/wallets/:address/history', () => HttpResponse.json({ message: 'down' }, { status: 503 }), { once: true }))
    const { wrapper } = setup({ rpc })
    const { container } = render(wrapper({ children: <MergedActivityFeed address={WALLET} chains={['eth']} limit={PAGE} watch={false} showPending={false} locale="en-US" timeZone="UTC" /> }) as never)
    const retry = await waitFor(() => within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }))
    retry.focus()
    fireEvent.click(retry)
    await waitFor(() => expect(rowKeys()[0]).toBe(key('eth', 30)))
    expect(container.contains(document.activeElement)).toBe(true)
  })

  it('"Try again" on a chain’s notice keeps keyboard focus in the feed when the notice goes away', async () => {
    let down = true
    server.use(http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request }) => {
      if (!down || new URL(request.url).searchParams.get('chain') !== 'base') return undefined
      down = false
      return HttpResponse.json({ message: 'down' }, { status: 503 })
    }))
    const { wrapper } = setup({ rpc })
    const { container } = render(wrapper({ children: <MergedActivityFeed address={WALLET} chains={['eth', 'base']} limit={PAGE} watch={false} showPending={false} locale="en-US" timeZone="UTC" /> }) as never)
    const retry = await screen.findByRole('button', { name: 'Try again: Base' })
    retry.focus()
    fireEvent.click(retry)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again: Base' })).toBeNull())
    expect(document.activeElement).not.toBe(document.body)
    expect(container.contains(document.activeElement)).toBe(true)
    expect(await axeViolations(container)).toEqual([])
  })
})
