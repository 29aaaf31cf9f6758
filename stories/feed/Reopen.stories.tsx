import type { Meta, StoryObj } from '@storybook/react-vite'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { chainIdentity, type ChainInput } from '../../src/core/chains.js'
import type { HistoryStorage } from '../../src/core/persist/options.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { useBlockfeedClient } from '../../src/react/useBlockfeedClient.js'
import { wallets } from '../../src/testing/index.js'
import { createHandlers } from '../handlers.js'
import { useStoryTarget } from '../support/StoryProvider.js'

// The story's own storage, in memory: what it keeps reaches no other story and no later visit of the page.
const kept = new Map<string, string>()
const storage: HistoryStorage = {
  getItem: (key) => kept.get(key) ?? null,
  setItem: (key, value) => void kept.set(key, value),
  removeItem: (key) => void kept.delete(key),
  entries: () => [...kept],
}

interface ReopenFeedProps {
  address: string
  /** One feed across these chains (the merged feed); without them, the story target's one chain. */
  chains?: readonly ChainInput[] | undefined
  locale?: string | undefined
}

/** The feed as a page shows it, and a "Reload" that starts the page again: a new QueryClient, the same storage. */
function ReopenFeed({ address, chains, locale }: ReopenFeedProps) {
  const client = useBlockfeedClient()
  const target = useStoryTarget(address)
  const [visit, setVisit] = useState(1)
  // A reload: nothing in memory carries over, only what the storage kept.
  const queryClient = useMemo(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }), [visit])
  return (
    <div>
      <p>
        Visit {visit}{' '}
        <button type="button" onClick={() => setVisit((v) => v + 1)}>
          Reload
        </button>
      </p>
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client} locale={locale} persist={{ storage }}>
          <WalletActivityFeed key={visit} address={target.wallet} chain={chains ? undefined : target.chain} chains={chains} limit={25} timeZone="UTC" watch={false} style={{ ['--bf-feed-height' as string]: '420px' }} />
        </BlockfeedProvider>
      </QueryClientProvider>
    </div>
  )
}

// Each history answer takes 1.5 s, so a reload shows the kept rows well before the one request answers.
const handlers = createHandlers({ latencyMs: 1_500 })

const meta = {
  title: 'Feed/Reopen',
  component: ReopenFeed,
  // A page of its own has its own provider: the Language toolbar's locale is handed to it.
  render: (args, { globals }) => <ReopenFeed {...args} locale={(globals.locale as string | undefined) || 'en'} />,
  args: { address: wallets.rich },
  parameters: {
    msw: { handlers: { blockfeed: handlers } },
    docs: {
      description: {
        component:
          'Reopening from the last visit: "Reload" starts the page again with the same storage. The rows of the last visit are on screen before any ' +
          'request; then one request reads the first page again. Here the storage is in memory and each answer takes 1.5 s.',
      },
    },
  },
  beforeEach: () => {
    kept.clear()
    handlers.reset()
  },
} satisfies Meta<typeof ReopenFeed>

export default meta
type Story = StoryObj<typeof meta>

/** The chains of the stored records, by their identity (a merged feed stores each source's first page under its own history key). */
const storedChains = () => [...kept.values()].map((raw) => (JSON.parse(raw) as { queryKey: [string, string, { chain: string }] }).queryKey[2].chain).sort()
/** When each stored record was written. */
const storedAt = () => [...kept.values()].map((raw) => (JSON.parse(raw) as { state: { dataUpdatedAt: number } }).state.dataUpdatedAt)
const chainsOnScreen = (el: HTMLElement) => new Set([...el.querySelectorAll('article')].map((a) => a.dataset['chain']))
/** Records written since `since` (ms since the epoch): a history answer is kept as soon as it is in. */
const writtenSince = (since: number) => storedAt().filter((t) => t >= since).length

/** The first visit loads from the network; after "Reload" the rows are back at once, and one history request follows. */
export const Reload: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvasElement.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 10_000 })
    await waitFor(() => expect(kept.size).toBe(1))
    const before = handlers.calls.history
    const clicked = Date.now()
    await userEvent.click(canvas.getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(canvas.getByText(/Visit 2/)).toBeTruthy())
    // Painted from the storage while the one request is still on its way (it takes 1.5 s): no answer is in.
    await waitFor(() => expect(canvasElement.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 10_000 })
    await expect(writtenSince(clicked)).toBe(0)
    // Then the first page is read again, once: the record is written anew, and no other request was sent.
    await waitFor(() => expect(handlers.calls.history).toBe(before + 1), { timeout: 10_000 })
    await waitFor(() => expect(storedAt().every((t) => t >= clicked)).toBe(true), { timeout: 10_000 })
    await expect(handlers.calls.history).toBe(before + 1)
  },
}

const acrossChains: readonly ChainInput[] = ['eth', 'polygon', 'base']
/**
 * The merged feed (`chains`) reopens the same way: each chain's first page is kept; after "Reload" the merged
 * rows are back at once, and one history request per chain follows.
 */
export const AcrossChains: Story = {
  name: 'Reload, one feed across chains',
  args: { chains: acrossChains },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The first visit loads from the network: one request per chain.
    await waitFor(() => expect(canvasElement.querySelectorAll('article').length).toBeGreaterThan(0), { timeout: 10_000 })
    await expect(handlers.calls.history).toBe(acrossChains.length)
    // One stored record per chain.
    await waitFor(() => expect(storedChains()).toEqual(acrossChains.map((c) => chainIdentity(c)).sort()))
    const before = handlers.calls.history
    const clicked = Date.now()
    await userEvent.click(canvas.getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(canvas.getByText(/Visit 2/)).toBeTruthy())
    // Painted from the storage, rows of several chains, before any of the new requests has answered (each takes 1.5 s).
    await waitFor(() => expect(chainsOnScreen(canvasElement).size).toBeGreaterThan(1), { timeout: 10_000 })
    await expect(writtenSince(clicked)).toBe(0)
    // Then each chain's first page is read again, once: every record is written anew, and no other request was sent.
    await waitFor(() => expect(handlers.calls.history).toBe(before + acrossChains.length), { timeout: 10_000 })
    await waitFor(() => expect(storedAt().every((t) => t >= clicked)).toBe(true), { timeout: 10_000 })
    await expect(kept.size).toBe(acrossChains.length)
    await expect(handlers.calls.history).toBe(before + acrossChains.length)
  },
}
