import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import type { ChainInput } from '../../src/core/chains.js'
import { useTrackTransaction } from '../../src/react/useTrackTransaction.js'
import { wallets } from '../../src/testing/index.js'
import { createArrivalHandlers } from './arrivalsFixtures.js'
import { inEnglish } from '../support/inEnglish.js'

interface ArrivalsFeedProps {
  address: string
  chain?: ChainInput | undefined
  chains?: readonly ChainInput[] | undefined
  /** Shows a button that tracks a just-sent transaction of the wallet on this chain. */
  trackOn?: string | undefined
}

const SENT = '0x5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e'

/** The drop-in feed with `watch` on (its default), and a stand-in for the app's own "send". */
function ArrivalsFeed({ address, chain, chains, trackOn }: ArrivalsFeedProps) {
  const track = useTrackTransaction()
  return (
    <div>
      {trackOn && (
        <button type="button" onClick={() => void track({ hash: SENT, chain: trackOn, from: address as `0x${string}` })}>
          Send on {trackOn}
        </button>
      )}
      <WalletActivityFeed address={address} chain={chain} chains={chains} limit={25} timeZone="UTC" style={{ ['--bf-feed-height' as string]: '420px' }} />
    </div>
  )
}

function scenario() {
  const handlers = createArrivalHandlers()
  return {
    story: {
      parameters: { msw: { handlers: { blockfeed: handlers } }, blockfeed: { pollingIntervalMs: 250 } },
      beforeEach: () => handlers.reset(),
    },
    handlers,
  }
}

const meta = {
  title: 'Feed/Live: new arrivals',
  component: ArrivalsFeed,
  args: { address: wallets.rich, chain: 'eth' },
  parameters: {
    docs: {
      description: {
        component:
          'New arrivals without a reload (`watch`, on by default): each new block of the chain (one shared `eth_blockNumber` poller) reads ' +
          'only the first page again and puts the new rows at the top. Scrolled down, they wait behind a "N new transactions" button and ' +
          'nothing the viewer reads moves. A lost connection is a quiet "Not updating — retrying"; the rows stay.',
      },
    },
  },
} satisfies Meta<typeof ArrivalsFeed>

export default meta
type Story = StoryObj<typeof meta>

const rows = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>('.bf-feed__item')].filter((i) => i.querySelector('article'))
/** The newest row's hash (a merged feed keys rows by chain and hash: `chain:hash`). */
const firstKey = (el: HTMLElement) => rows(el)[0]?.dataset['key']?.replace(/^.*:/, '')
/** Waits for two answered head polls: the feed follows the chain, the next block is an arrival. */
async function following(handlers: ReturnType<typeof createArrivalHandlers>) {
  const start = handlers.calls.polls
  await waitFor(() => expect(handlers.calls.polls).toBeGreaterThan(start + 1), { timeout: 5_000 })
}

const top = scenario()
/** At the top: a new block brings its transaction in as the first row, with one request for the first page only. */
export const NewArrivalsAtTop: Story = {
  ...top.story,
  play: inEnglish(async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(3), { timeout: 15_000 })
    await following(top.handlers)
    const pagesBefore = top.handlers.calls.firstPages
    const [hash] = top.handlers.arrive('eth', wallets.rich)
    await waitFor(() => expect(firstKey(canvasElement)).toBe(hash), { timeout: 5_000 })
    await expect(top.handlers.calls.firstPages - pagesBefore).toBe(1)
    await expect(within(canvasElement).queryByRole('button', { name: /new transaction/ })).toBeNull()
  }),
}

const scrolled = scenario()
/** Scrolled down: the new rows wait behind "2 new transactions"; what the viewer reads stays where it is until they press it. */
export const NewArrivalsWhileScrolled: Story = {
  ...scrolled.story,
  play: inEnglish(async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(3), { timeout: 15_000 })
    await following(scrolled.handlers)
    const viewport = canvasElement.querySelector<HTMLElement>('.bf-feed__viewport')!
    viewport.scrollTop = 600
    await waitFor(() => expect(viewport.scrollTop).toBeGreaterThan(500))
    // The row at the top of the view, and where it is on screen.
    const viewTop = viewport.getBoundingClientRect().top
    const reading = rows(canvasElement).find((r) => r.getBoundingClientRect().bottom > viewTop + 20)!
    const key = reading.dataset['key']
    const y = reading.getBoundingClientRect().top

    const hashes = scrolled.handlers.arrive('eth', wallets.rich, 2)
    const button = await canvas.findByRole('button', { name: '2 new transactions' }, { timeout: 5_000 })
    await expect(button.closest('[aria-live="polite"]')).not.toBeNull()
    const same = rows(canvasElement).find((r) => r.dataset['key'] === key)!
    await expect(same.getBoundingClientRect().top).toBe(y)
    await expect(viewport.scrollTop).toBeGreaterThan(500)

    await userEvent.click(button)
    await waitFor(() => expect(viewport.scrollTop).toBe(0))
    await waitFor(() => expect(rows(canvasElement).slice(0, 2).map((r) => r.dataset['key'])).toEqual([...hashes].reverse()))
    await expect(canvas.queryByRole('button', { name: /new transaction/ })).toBeNull()
  }),
}

const offline = scenario()
/** The connection drops: "Not updating — retrying", the rows stay; it clears once a poll succeeds again. */
export const Offline: Story = {
  ...offline.story,
  play: inEnglish(async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(3), { timeout: 15_000 })
    await following(offline.handlers)
    const count = rows(canvasElement).length
    offline.handlers.setOffline(true)
    const status = canvasElement.querySelector<HTMLElement>('.bf-feed__live')!
    await waitFor(() => expect(status).toHaveTextContent('Not updating — retrying'), { timeout: 5_000 })
    await expect(status).toHaveAttribute('role', 'status')
    await expect(rows(canvasElement).length).toBe(count)
    offline.handlers.setOffline(false)
    await waitFor(() => expect(status).toHaveTextContent(''), { timeout: 5_000 })
  }),
}

const merged = scenario()
/** One feed across eth and base: a transaction just sent on base shows in "Pending on Base"; base's new block brings its row. */
export const MergedPendingOnSecondChain: Story = {
  ...merged.story,
  args: { chain: undefined, chains: ['eth', 'base'], trackOn: 'base' },
  play: inEnglish(async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(3), { timeout: 15_000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Send on base' }))
    const group = await canvas.findByRole('group', { name: 'Pending on Base' })
    await expect(group.querySelector('[data-status="pending"]')).not.toBeNull()
    await following(merged.handlers)
    const [hash] = merged.handlers.arrive('base', wallets.rich)
    await waitFor(() => expect(firstKey(canvasElement)).toBe(hash), { timeout: 5_000 })
    // The new top row is Base's: its chain's mark on the leading glyph, its name said with the party.
    const top = rows(canvasElement)[0]!.querySelector('article')!
    await expect(top).toHaveAttribute('data-chain', 'base')
    await expect(top.querySelector('.bf-row__subtitle')).toHaveTextContent(/on Base/)
    await expect(top.querySelector('.bf-row__badge')).not.toBeNull()
  }),
}
