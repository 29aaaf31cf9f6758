import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { activeHeadPollers } from '../../src/core/live/headPoller.js'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { useNewArrivals } from '../../src/react/useNewArrivals.js'
import { useTrackTransaction } from '../../src/react/useTrackTransaction.js'
import { useWalletHistory } from '../../src/react/useWalletHistory.js'
import { setup } from '../react/support.js'
import { axeViolations } from './axe.js'
import { ALICE, WALLET } from './fixtures.js'
import { hashOf, wire as wireEntry } from '../react/arrivalsSupport.js'

// New arrivals, on one chain and across several: a real client, real HTTP (MSW)
// for the history and the JSON-RPC endpoint, the provider's shared head poller at 30 ms.

// Higher n is newer.
const wire = (chain: string, n: number) => wireEntry(chain, n)

/** Per chain: the entries the indexer has (newest first), the head, and whether each endpoint answers. */
interface ChainState {
  newest: number
  oldest: number
  head: number
  rpcDown: boolean
  historyDown: boolean
}
const chains = new Map<string, ChainState>()
const historyRequests: { chain: string; cursor: string | null }[] = []
const polls: string[] = []
const PAGE = 10
/** A transaction of the wallet the node has mined long ago and the indexer never returns. */
const MINED = `0x${'d'.repeat(64)}`
const minedReceipt = (head: number) => ({
  transactionHash: MINED, blockHash: `0x${'1'.repeat(64)}`, blockNumber: `0x${(head - 50).toString(16)}`, transactionIndex: '0x0',
  from: WALLET, to: ALICE, status: '0x1', logs: [], gasUsed: '0x5208', cumulativeGasUsed: '0x5208', effectiveGasPrice: '0x1',
  contractAddress: null, logsBloom: `0x${'0'.repeat(512)}`, type: '0x2',
})

const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request }) => {
    const url = new URL(request.url)
    const chain = url.searchParams.get('chain') ?? 'eth'
    const cursor = url.searchParams.get('cursor')
    historyRequests.push({ chain, cursor })
    const s = chains.get(chain)!
    if (s.historyDown) return HttpResponse.json({ message: 'down' }, { status: 503 })
    // The cursor is the next entry's number: stable however many new entries arrive on top.
    const start = cursor === null ? s.newest : Number(cursor)
    const result = []
    for (let n = start; n > start - PAGE && n >= s.oldest; n--) result.push(wire(chain, n))
    const next = start - PAGE >= s.oldest ? String(start - PAGE) : null
    return HttpResponse.json({ cursor: next, page: 0, page_size: PAGE, result })
  }),
  http.post('https://rpc.test/:chain', async ({ request, params }) => {
    const chain = String(params.chain)
    const s = chains.get(chain)!
    const body = (await request.json()) as { id: number; method: string } | { id: number; method: string }[]
    const calls = Array.isArray(body) ? body : [body]
    if (calls.some((c) => c.method === 'eth_blockNumber')) polls.push(chain)
    if (s.rpcDown) return HttpResponse.json({ message: 'down' }, { status: 503 })
    const answer = (c: { id: number; method: string; params?: unknown[] }) => {
      const mined = c.method === 'eth_getTransactionReceipt' && c.params?.[0] === MINED ? minedReceipt(s.head) : null
      const result = c.method === 'eth_blockNumber' ? `0x${s.head.toString(16)}` : c.method === 'eth_getTransactionCount' ? '0x0' : mined
      return { jsonrpc: '2.0', id: c.id, result }
    }
    return HttpResponse.json(Array.isArray(body) ? calls.map(answer) : answer(calls[0]!))
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  chains.clear()
  chains.set('eth', { newest: 30, oldest: 1, head: 100, rpcDown: false, historyDown: false })
  chains.set('base', { newest: 20, oldest: 1, head: 500, rpcDown: false, historyDown: false })
  historyRequests.splice(0)
  polls.splice(0)
})
afterEach(() => {
  server.resetHandlers()
  // Tracked records stay in the browser's storage: each test starts without the last one's.
  localStorage.clear()
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
})
afterAll(() => server.close())

const rpc = { urls: { eth: 'https://rpc.test/eth', base: 'https://rpc.test/base' } }
const shownHashes = () => screen.getAllByRole('article').map((a) => a.closest('[data-key]')!.getAttribute('data-key')!.replace(/^.*:/, ''))
/** The indexer gets `count` new transactions on `chain` and the chain moves on a block. */
function arrive(chain: string, count = 1) {
  const s = chains.get(chain)!
  s.newest += count
  s.head += 1
}
const firstPageReads = (chain = 'eth') => historyRequests.filter((r) => r.chain === chain && r.cursor === null).length
/** Waits until the feed follows the head (a poll has been answered), so the next block is an arrival. */
const following = async (chain = 'eth') => {
  const n = polls.filter((c) => c === chain).length
  await waitFor(() => expect(polls.filter((c) => c === chain).length).toBeGreaterThan(n + 1))
}

function Feeds({ count, wrapper: Wrapper }: { count: number; wrapper: (p: { children: ReactNode }) => ReactNode }) {
  return (
    <Wrapper>
      {Array.from({ length: count }, (_, i) => (
        <WalletActivityFeed key={i} address={WALLET} chain="eth" limit={PAGE} locale="en-US" timeZone="UTC" showFilterBar={false} showExport={false} showNames={false} data-testid={`feed-${i}`} />
      ))}
    </Wrapper>
  )
}

describe('WalletActivityFeed watch: new arrivals without a reload', () => {
  it('at the top, a new block inserts the new row at the top with ONE first-page request, though two pages are loaded', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    render(<Feeds count={1} wrapper={wrapper} />)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(historyRequests.filter((r) => r.cursor !== null)).toHaveLength(1))
    await following()
    historyRequests.splice(0)

    arrive('eth')
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 31)))
    expect(shownHashes()[1]).toBe(hashOf('eth', 30))
    // Only the first page was read again (a refetch would read both pages).
    expect(historyRequests).toEqual([{ chain: 'eth', cursor: null }])
    expect(screen.queryByRole('button', { name: /new transaction/ })).toBeNull()
  })

  it('shared: two feeds and a hook of the same wallet and chain cost one eth_blockNumber per poll and one first-page request per block', async () => {
    const { wrapper, client } = setup({ rpc, pollingIntervalMs: 30 })
    let hookArrivals: ReadonlySet<string> = new Set()
    function Hook() {
      const history = useWalletHistory({ address: WALLET, chain: 'eth', limit: PAGE })
      hookArrivals = useNewArrivals({ sources: [{ address: WALLET, chain: 'eth', limit: PAGE }], enabled: history.status === 'success' }).arrivals
      return null
    }
    render(
      <>
        <Feeds count={2} wrapper={({ children }) => wrapper({ children: <>{children}<Hook /></> })} />
      </>,
    )
    await waitFor(() => {
      expect(within(screen.getByTestId('feed-0')).getAllByRole('article').length).toBeGreaterThan(0)
      expect(within(screen.getByTestId('feed-1')).getAllByRole('article').length).toBeGreaterThan(0)
    })
    await following()
    historyRequests.splice(0)
    polls.splice(0)

    for (let block = 1; block <= 3; block++) {
      arrive('eth')
      const newest = hashOf('eth', 30 + block)
      await waitFor(() => {
        for (const id of ['feed-0', 'feed-1']) {
          const first = within(screen.getByTestId(id)).getAllByRole('article')[0]!
          expect(first.closest('[data-key]')!.getAttribute('data-key')).toBe(newest)
        }
      })
      expect(firstPageReads()).toBe(block)
    }
    expect(historyRequests.every((r) => r.cursor === null)).toBe(true)
    expect([...hookArrivals]).toEqual([hashOf('eth', 31), hashOf('eth', 32), hashOf('eth', 33)])
    // One head poller for the chain, however many feeds and hooks follow it.
    expect(activeHeadPollers(client)).toBe(1)
  })

  it('scrolled down: a "N new transactions" button in a polite live region, the rows in view do not move; pressing it shows them at the top', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { container } = render(<Feeds count={1} wrapper={wrapper} />)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    await following()

    const viewport = container.querySelector<HTMLElement>('.bf-feed__viewport')!
    Object.defineProperty(viewport, 'scrollTop', { value: 300, writable: true, configurable: true })
    fireEvent.scroll(viewport)
    const placed = () => [...container.querySelectorAll<HTMLElement>('[data-key]')].map((e) => `${e.dataset.key}@${e.style.transform}`)
    const before = placed()

    arrive('eth', 2)
    const button = await screen.findByRole('button', { name: '2 new transactions' })
    expect(button.closest('[aria-live="polite"]')).not.toBeNull()
    // Held back: not rendered, and every row in place where it was.
    expect(placed()).toEqual(before)
    expect(container.querySelector(`[data-key="${hashOf('eth', 32)}"]`)).toBeNull()
    expect(viewport.scrollTop).toBe(300)

    // One more while the viewer still reads: the count grows, nothing moves.
    arrive('eth')
    await screen.findByRole('button', { name: '3 new transactions' })
    expect(placed()).toEqual(before)

    fireEvent.click(button)
    expect(viewport.scrollTop).toBe(0)
    await waitFor(() => expect(shownHashes().slice(0, 4)).toEqual([hashOf('eth', 33), hashOf('eth', 32), hashOf('eth', 31), hashOf('eth', 30)]))
    expect(screen.queryByRole('button', { name: /new transaction/ })).toBeNull()
    // Focus goes to the newest row, not to the page, as the button goes away.
    await waitFor(() => expect(document.activeElement?.closest('[data-key]')?.getAttribute('data-key')).toBe(hashOf('eth', 33)))
    expect(await axeViolations(container)).toEqual([])
  })

  it('scrolled down, then back to the top by scrolling: the held rows take their place without the button', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { container } = render(<Feeds count={1} wrapper={wrapper} />)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    await following()
    const viewport = container.querySelector<HTMLElement>('.bf-feed__viewport')!
    Object.defineProperty(viewport, 'scrollTop', { value: 250, writable: true, configurable: true })
    fireEvent.scroll(viewport)
    arrive('eth')
    await screen.findByRole('button', { name: '1 new transaction' })
    viewport.scrollTop = 0
    fireEvent.scroll(viewport)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 31)))
    expect(screen.queryByRole('button', { name: /new transaction/ })).toBeNull()
  })

  it('connection lost: a quiet "Not updating — retrying", the rows stay; it clears when a poll succeeds again (same head)', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { container } = render(<Feeds count={1} wrapper={wrapper} />)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    await following()
    const rows = shownHashes().length

    chains.get('eth')!.rpcDown = true
    await waitFor(() => expect(container.querySelector('.bf-feed__live')!.textContent).toBe('Not updating — retrying'))
    expect(container.querySelector('.bf-feed__live')!.getAttribute('role')).toBe('status')
    expect(container.firstElementChild!.getAttribute('data-live')).toBe('retrying')
    expect(shownHashes()).toHaveLength(rows)
    expect(screen.queryByRole('alert')).toBeNull()

    chains.get('eth')!.rpcDown = false
    await waitFor(() => expect(container.querySelector('.bf-feed__live')!.textContent).toBe(''))
    expect(container.firstElementChild!.getAttribute('data-live')).toBe('live')
  })

  it('the history failing at a new block is "Not updating — retrying" too; the block is read again and its row arrives', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { container } = render(<Feeds count={1} wrapper={wrapper} />)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    await following()

    chains.get('eth')!.historyDown = true
    arrive('eth')
    await waitFor(() => expect(container.querySelector('.bf-feed__live')!.textContent).toBe('Not updating — retrying'))
    expect(shownHashes()[0]).toBe(hashOf('eth', 30))

    chains.get('eth')!.historyDown = false
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 31)))
    await waitFor(() => expect(container.querySelector('.bf-feed__live')!.textContent).toBe(''))
  })

  it('tab hidden: no request at all, blocks mined meanwhile arrive once it is shown', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    render(<Feeds count={1} wrapper={wrapper} />)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    await following()

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    // A poll already under way may land; after it, nothing.
    await new Promise((r) => setTimeout(r, 60))
    historyRequests.splice(0)
    polls.splice(0)
    arrive('eth')
    await new Promise((r) => setTimeout(r, 300))
    expect(polls).toEqual([])
    expect(historyRequests).toEqual([])

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 31)))
  })

  it('with a filter whose dates go to the service, the first page read again is that filtered history, and the row lands in it', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    render(
      wrapper({
        children: <WalletActivityFeed address={WALLET} chain="eth" limit={PAGE} defaultFilter={{ fromDate: new Date('2024-01-01T00:00:00Z') }} showExport={false} showNames={false} />,
      }) as never,
    )
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    await following()
    arrive('eth')
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 31)))
  })

  it('watch={false}: no eth_blockNumber and no first page read again; a client without an RPC URL shows no "retrying"', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    const { unmount } = render(
      wrapper({ children: <WalletActivityFeed address={WALLET} chain="eth" limit={PAGE} watch={false} showFilterBar={false} showExport={false} showNames={false} /> }) as never,
    )
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    // From here (a poll of the previous test's feeds, aborted, may still have reached the server before).
    polls.splice(0)
    arrive('eth')
    await new Promise((r) => setTimeout(r, 200))
    expect(polls).toEqual([])
    expect(firstPageReads()).toBe(1)
    unmount()

    const noRpc = setup({ pollingIntervalMs: 30 })
    const { container } = render(noRpc.wrapper({ children: <WalletActivityFeed address={WALLET} chain="eth" limit={PAGE} showFilterBar={false} showExport={false} showNames={false} /> }) as never)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 31)))
    await new Promise((r) => setTimeout(r, 200))
    expect(container.querySelector('.bf-feed__live')?.textContent ?? '').toBe('')
  })
})

describe('WalletActivityFeed chains + watch: arrivals per chain, pending rows on every chain', () => {
  const mergedFeed = <WalletActivityFeed address={WALLET} chains={['eth', 'base']} limit={PAGE} locale="en-US" timeZone="UTC" />

  it('a new block on one chain reads only that chain’s first page and puts its row in time order, with its chain badge', async () => {
    chains.get('base')!.newest = 26
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    render(wrapper({ children: mergedFeed }) as never)
    // eth's entries are newer (30 > 26 minutes past noon): eth first.
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    await following('base')
    await following('eth')
    historyRequests.splice(0)

    // base gets entries 27…35 (fewer than a page: its first page read again still holds 26): the newest (35) is newer than eth's 30.
    arrive('base', 9)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('base', 35)))
    expect(historyRequests).toEqual([{ chain: 'base', cursor: null }])
    const newest = screen.getAllByRole('article')[0]!
    // Its chain: the mark on its leading glyph, and the name heard with its party.
    expect(newest.dataset['chain']).toBe('base')
    expect(newest.querySelector('.bf-row__subtitle .bf-visually-hidden')?.textContent).toBe(' on Base')
    await waitFor(() => expect(newest.querySelector('.bf-row__leading .bf-row__badge')).not.toBeNull())
    // In time order: base 35…31 are newer than anything eth has; then the minute both chains share.
    expect(shownHashes().slice(0, 5)).toEqual([35, 34, 33, 32, 31].map((n) => hashOf('base', n)))
    expect(shownHashes().slice(5, 7).sort()).toEqual([hashOf('base', 30), hashOf('eth', 30)])
  })

  it('scrolled down: the user’s own transaction is not held behind the button when its indexed row arrives (it never leaves the screen)', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    let track: ReturnType<typeof useTrackTransaction> | undefined
    function Tracker() {
      track = useTrackTransaction()
      return null
    }
    const { container } = render(wrapper({ children: <><Feeds count={1} wrapper={({ children }) => children} /><Tracker /></> }) as never)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    await following()
    const viewport = container.querySelector<HTMLElement>('.bf-feed__viewport')!
    Object.defineProperty(viewport, 'scrollTop', { value: 300, writable: true, configurable: true })
    fireEvent.scroll(viewport)
    // The user sends the transaction the indexer will list next.
    await act(async () => void (await track!({ hash: hashOf('eth', 31) as `0x${string}`, chain: 'eth', from: WALLET as `0x${string}` })))
    const group = await screen.findByRole('group', { name: 'Pending' })
    expect(group.querySelector('[data-status="pending"]')).not.toBeNull()

    // Indexed, with someone else's transaction after it: that one is held, the user's own is shown.
    arrive('eth', 2)
    await screen.findByRole('button', { name: '1 new transaction' })
    expect(container.querySelector(`[data-key="${hashOf('eth', 31)}"]`)).not.toBeNull()
    expect(container.querySelector(`[data-key="${hashOf('eth', 32)}"]`)).toBeNull()
    expect(screen.queryByRole('group', { name: 'Pending' })).toBeNull()
  })

  it('a transaction tracked on the second chain shows in a "Pending on Base" group at once', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    let track: ReturnType<typeof useTrackTransaction> | undefined
    function Tracker() {
      track = useTrackTransaction()
      return null
    }
    const { container } = render(wrapper({ children: <>{mergedFeed}<Tracker /></> }) as never)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    const sent = `0x${'c'.repeat(64)}` as const
    await act(async () => void (await track!({ hash: sent, chain: 'base', from: WALLET as `0x${string}` })))
    const group = await screen.findByRole('group', { name: 'Pending on Base' })
    expect(group.querySelector('[data-status="pending"]')).not.toBeNull()
    expect(container.querySelectorAll('.bf-pending')).toHaveLength(1)
  })
})

describe('the Pending group’s wait for the indexer', () => {
  it('a confirmed transaction not indexed yet reads the first page again while visible, and not at all while the tab is hidden', async () => {
    const { wrapper } = setup({ rpc, pollingIntervalMs: 30 })
    let track: ReturnType<typeof useTrackTransaction> | undefined
    function Tracker() {
      track = useTrackTransaction()
      return null
    }
    render(wrapper({ children: <><WalletActivityFeed address={WALLET} chain="eth" limit={PAGE} watch={false} showFilterBar={false} showExport={false} showNames={false} /><Tracker /></> }) as never)
    await waitFor(() => expect(shownHashes()[0]).toBe(hashOf('eth', 30)))
    await act(async () => void (await track!({ hash: MINED as `0x${string}`, chain: 'eth', from: WALLET as `0x${string}` })))
    const group = await screen.findByRole('group', { name: 'Pending' })
    await waitFor(() => expect(group.querySelector('[data-status="confirmed"]')).not.toBeNull())
    // Visible: the first page is read again (every 2 s) for the indexed row to take its place.
    const reads = firstPageReads()
    await waitFor(() => expect(firstPageReads()).toBeGreaterThan(reads), { timeout: 10_000 })

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    await new Promise((r) => setTimeout(r, 100))
    historyRequests.splice(0)
    await new Promise((r) => setTimeout(r, 4_500))
    expect(historyRequests).toEqual([])
  }, 30_000)
})
