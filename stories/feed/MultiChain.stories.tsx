import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { chainNames, type ChainInput } from '../../src/core/chains.js'
import { pairWallets, wallets } from '../../src/testing/index.js'
import { createHandlers, type HandlerOptions } from '../handlers.js'
import { inEnglish } from '../support/inEnglish.js'

interface MultiChainFeedProps {
  address?: string | undefined
  addresses?: readonly string[] | undefined
  chains: readonly ChainInput[]
  limit?: number | undefined
}

/** The drop-in feed with `chains` (and `addresses`): one feed merged across them. */
function MultiChainFeed({ address, addresses, chains, limit = 25 }: MultiChainFeedProps) {
  return <WalletActivityFeed address={address} addresses={addresses} chains={chains} limit={limit} timeZone="UTC" />
}

function scenario(options: HandlerOptions) {
  const handlers = createHandlers(options)
  return { story: { parameters: { msw: { handlers: { blockfeed: handlers } } }, beforeEach: () => handlers.reset() }, handlers }
}

const meta = {
  title: 'Feed/MultiChain',
  component: MultiChainFeed,
  args: { address: wallets.rich, chains: ['eth', 'polygon', 'base'] },
  parameters: {
    docs: {
      description: {
        component:
          'One feed across chains and wallets: `useMergedWalletHistory` merges every (wallet, chain) source by time; each row carries its chain\'s mark on its leading glyph (and says "on Base" to a screen reader); a failing chain is a notice with "Try again", never a blank feed.',
      },
    },
  },
} satisfies Meta<typeof MultiChainFeed>

export default meta
type Story = StoryObj<typeof meta>

const rows = (el: HTMLElement) => [...el.querySelectorAll('article')]
const chainsOf = (el: HTMLElement) => rows(el).map((r) => r.dataset['chain'])
/** The row times, newest first, as the feed must keep them. */
const times = (el: HTMLElement) => rows(el).map((r) => Date.parse(r.querySelector('time')?.getAttribute('datetime') ?? ''))
const descending = (list: number[]) => list.every((t, i) => i === 0 || t <= list[i - 1]!)

const busy = scenario({})
/** Three busy chains: one ordered feed, each row badged with its chain; paging asks only the chains the next rows need. */
export const ThreeBusyChains: Story = {
  ...busy.story,
  play: inEnglish(async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    await expect(busy.handlers.calls.history).toBe(3)
    await expect(descending(times(canvasElement))).toBe(true)
    await expect(new Set(chainsOf(canvasElement)).size).toBeGreaterThan(1)
    // Each row's chain: its mark on the leading glyph, its name heard with the party ("… on Base").
    const first = rows(canvasElement)[0]!
    await expect(first.querySelector('.bf-row__subtitle .bf-visually-hidden')?.textContent).toMatch(/^ on (Ethereum|Polygon|Base)$/)
    await waitFor(() => expect(first.querySelector('.bf-row__leading .bf-row__badge')).not.toBeNull())
    // The chip filter: Polygon off hides its rows, the rest stay.
    await userEvent.click(canvas.getByRole('button', { name: 'Polygon' }))
    // Both at once: while the list redraws it may hold no row, which holds no Polygon row either.
    await waitFor(() => {
      expect(rows(canvasElement).length).toBeGreaterThan(0)
      expect(chainsOf(canvasElement)).not.toContain('polygon')
    })
  }),
}

const failing = scenario({ chains: { base: { with: 500, times: 1 } } })
/** Base answers 500 once: its notice shows beside the other chains' rows; "Try again" brings its rows in, in place. */
export const OneFailingChain: Story = {
  ...failing.story,
  play: inEnglish(async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const retry = await canvas.findByRole('button', { name: 'Try again: Base' })
    await expect(canvas.getByText(/Base history could not be loaded/)).toBeInTheDocument()
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    await expect(chainsOf(canvasElement)).not.toContain('base')
    await userEvent.click(retry)
    await waitFor(() => expect(chainsOf(canvasElement)).toContain('base'))
    await expect(canvas.queryByRole('button', { name: 'Try again: Base' })).toBeNull()
    await expect(descending(times(canvasElement))).toBe(true)
  }),
}

const empty = scenario({ chains: { polygon: 'empty' } })
/** Polygon has nothing for this wallet: the feed is the other two chains', with no notice. */
export const OneEmptyChain: Story = {
  ...empty.story,
  play: inEnglish(async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    await expect(chainsOf(canvasElement)).not.toContain('polygon')
    await expect(new Set(chainsOf(canvasElement))).toEqual(new Set(['eth', 'base']))
    await expect(within(canvasElement).queryByRole('list', { name: 'Chains that failed to load' })).toBeNull()
  }),
}

const all = scenario({})
/** All 13 chains at once: the first screen costs exactly 13 history requests, sent together. */
export const ThirteenChains: Story = {
  ...all.story,
  args: { chains: [...chainNames] },
  play: inEnglish(async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    await expect(all.handlers.calls.history).toBe(13)
    await expect(descending(times(canvasElement))).toBe(true)
    await expect(within(canvasElement).getAllByRole('button', { pressed: true })).toHaveLength(13)
  }),
}

const pair = scenario({})
/** Two wallets of one user on eth and base: the transfer between them is one row, not two. */
export const TwoWallets: Story = {
  ...pair.story,
  args: { address: undefined, addresses: [pairWallets.first, pairWallets.second], chains: ['eth', 'base'] },
  play: inEnglish(async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(5), { timeout: 15_000 })
    // The one row whose other party is the other wallet (the newest: 3 minutes ago).
    const both: string[] = [pairWallets.first, pairWallets.second]
    const between = rows(canvasElement).filter((r) => both.includes(r.querySelector('.bf-row__party')?.getAttribute('title')?.toLowerCase() ?? ''))
    await expect(between).toHaveLength(1)
    // It is the ETH transfer between them (the pair fixture's), opened in place: its one native line.
    await expect(between[0]!.querySelector('.bf-row__title')?.textContent).toMatch(/^(Sent|Received)$/)
    await userEvent.click(within(between[0]!).getByRole('button', { name: 'Details' }))
    const transfers = await within(between[0]!).findByRole('list', { name: 'Transfers' })
    await expect(transfers.querySelectorAll('.bf-transfer[data-kind="native"]')).toHaveLength(1)
    await expect(pair.handlers.calls.history).toBe(4)
    await expect(descending(times(canvasElement))).toBe(true)
  }),
}
