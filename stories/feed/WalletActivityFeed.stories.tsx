import type { ArgTypes, Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { WalletActivityFeed, type WalletActivityFeedProps } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { FIXTURE_NOW, wallets } from '../../src/testing/index.js'
import { createHandlers, type HandlerOptions } from '../handlers.js'
import { useStoryTarget } from '../support/StoryProvider.js'

/** The feed as an app drops it in; offline it shows a fixture wallet, live or on the devnet the entered one. */
function Feed(props: WalletActivityFeedProps) {
  const target = useStoryTarget(props.address ?? '', props.chain)
  return <WalletActivityFeed {...props} address={target.wallet} chain={target.chain} />
}

/** MSW handlers for one story: `beforeEach` resets their failure count, so a re-run fails again. */
function scenario(options: HandlerOptions) {
  const handlers = createHandlers(options)
  const story = {
    parameters: { msw: { handlers: { blockfeed: handlers } } },
    beforeEach: () => handlers.reset(),
  }
  return { story, handlers }
}

type InputType = ArgTypes[string]

/** Puts each prop's docs row in a category of the args table. */
function inCategory<K extends keyof WalletActivityFeedProps>(category: string, types: Record<K, InputType>): Record<K, InputType> {
  return Object.fromEntries(Object.entries<InputType>(types).map(([name, type]) => [name, { ...type, table: { category } }])) as Record<K, InputType>
}

// The props are history parameters & TransactionList's display props, types react-docgen cannot follow across files.
const historyArgTypes = inCategory('history', {
  address: { description: 'The wallet whose history is shown (also the side every row is described from).', control: 'text' },
  chain: { description: 'A spec chain name or hex id; defaults to the client’s chain.', control: 'text' },
  order: { description: '`ASC` or `DESC`.', control: 'inline-radio', options: ['DESC', 'ASC'] },
  limit: { description: 'Page size asked of the service.', control: 'number' },
  fromDate: { description: 'Start bound: a Date, unix seconds or ISO text (a `fromBlock` wins over it).', control: 'text' },
  toDate: { description: 'End bound (a `toBlock` wins over it).', control: 'text' },
  fromBlock: { description: 'Start block.', control: 'number' },
  toBlock: { description: 'End block.', control: 'number' },
  includeInternalTransactions: { description: 'Ask the service for internal transactions.', control: 'boolean' },
  query: { description: 'TanStack Query options (`enabled`, `staleTime`, `placeholderData`…).', control: false },
})

const displayArgTypes = inCategory('display', {
  locale: { description: 'Locale for numbers and dates (`Intl`).', control: 'text' },
  timeZone: { description: 'Time zone for day headers and absolute times.', control: 'text' },
  hideZeroValueTransfers: { description: 'Hide zero-value token transfers (address poisoning).', control: 'boolean' },
  showSpam: { description: 'Controlled spam toggle; leave unset to let the feed keep its own (hidden at first).', control: 'boolean' },
  ipfsGateway: { description: 'Gateway for `ipfs://` logos.', control: 'text' },
  renderLink: { description: 'Renders links with your router: `(props) => <Link … />`.', control: false },
  label: { description: 'Accessible name of the feed.', control: 'text' },
  className: { description: 'Added to the root element.', control: 'text' },
  style: { description: 'Inline style of the root element.', control: 'object' },
})

const meta = {
  title: 'Feed/WalletActivityFeed',
  component: WalletActivityFeed,
  render: (args) => <Feed {...args} />,
  args: { address: wallets.rich, chain: 'eth', includeInternalTransactions: true, limit: 100 },
  argTypes: { ...historyArgTypes, ...displayArgTypes },
  parameters: {
    docs: {
      description: {
        component:
          'The drop-in feed. Every story here fetches through the real fetch core over HTTP; offline, Mock Service Worker answers from the fixtures.',
      },
      source: { code: "<WalletActivityFeed address={address} chain=\"eth\" includeInternalTransactions />" },
    },
  },
} satisfies Meta<typeof WalletActivityFeed>

export default meta
type Story = StoryObj<typeof meta>

const feed = (canvasElement: HTMLElement) => within(canvasElement)
const rows = (canvasElement: HTMLElement) => canvasElement.querySelectorAll('article')

/** The rich wallet: every kind of transaction, 4 pages of 100. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0))
  },
}

const loading = scenario({ latencyMs: 'infinite' })
/** The skeleton while the first page is on its way (this one never arrives). */
export const Loading: Story = {
  ...loading.story,
  play: async ({ canvasElement }) => {
    await expect(await feed(canvasElement).findByRole('feed')).toHaveAttribute('aria-busy', 'true')
  },
}

/** A wallet with no transactions. */
export const Empty: Story = {
  args: { address: wallets.empty },
  play: async ({ canvasElement }) => {
    await expect(await feed(canvasElement).findByText('No activity yet')).toBeInTheDocument()
  },
}

/** Six transactions: one page, no cursor, no "Load more". */
export const FreshWallet: Story = {
  args: { address: wallets.fresh },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    await expect(feed(canvasElement).queryByRole('button', { name: 'Load more' })).toBeNull()
  },
}

const failingOnce = scenario({ fail: { with: 500, times: 1 } })
/** The service answers 500 once: the error state, then "Try again" loads the wallet. */
export const ErrorThenRetry: Story = {
  ...failingOnce.story,
  play: async ({ canvasElement }) => {
    const canvas = feed(canvasElement)
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('Couldn’t load activity')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0))
    await expect(failingOnce.handlers.calls.history).toBe(2)
  },
}

const rateLimited = scenario({ fail: { with: 429, times: 1, retryAfterSeconds: 1 } })
/** 429 with Retry-After: 1 — the client's one retry layer waits and recovers on its own. */
export const RateLimitedThenRecovers: Story = {
  ...rateLimited.story,
  parameters: { ...rateLimited.story.parameters, blockfeed: { client: { retry: { count: 2 } } } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0), { timeout: 5000 })
    await expect(rateLimited.handlers.calls.history).toBe(2)
  },
}

const alwaysFailing = scenario({ fail: { with: 500 } })
/** The service stays down: retrying shows the error again, and the page never crashes. */
export const ServiceDown: Story = {
  ...alwaysFailing.story,
  play: async ({ canvasElement }) => {
    const alert = await feed(canvasElement).findByRole('alert')
    await expect(alert).toHaveTextContent('500')
  },
}

const malformed = scenario({ fail: { with: 'malformed' } })
/** A 200 whose body is not a wallet-history page: a typed error naming the field. */
export const MalformedBody: Story = {
  ...malformed.story,
  play: async ({ canvasElement }) => {
    const alert = await feed(canvasElement).findByRole('alert')
    await expect(alert).toHaveTextContent(/hash/)
  },
}

const notJson = scenario({ fail: { with: 'not-json' } })
/** A proxy's HTML error page with status 200. */
export const HtmlInsteadOfJson: Story = {
  ...notJson.story,
  play: async ({ canvasElement }) => {
    await expect(await feed(canvasElement).findByRole('alert')).toHaveTextContent(/JSON/)
  },
}

const slow = scenario({ latencyMs: 1200 })
/** 1.2 s per request: skeleton first, then "Loading more…" while the next page comes. */
export const SlowNetwork: Story = {
  ...slow.story,
  play: async ({ canvasElement }) => {
    const canvas = feed(canvasElement)
    const more = await canvas.findByRole('button', { name: 'Load more' }, { timeout: 5000 })
    await userEvent.click(more)
    await expect(await canvas.findByRole('button', { name: 'Loading more…' })).toHaveAttribute('aria-disabled', 'true')
    await expect(await canvas.findByRole('button', { name: 'Load more' }, { timeout: 5000 })).toBeInTheDocument()
  },
}

/** Load every page with the keyboard-reachable button: 330 transactions over 4 cursor pages. */
export const LoadAllPages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = feed(canvasElement)
    for (let page = 2; page <= 4; page++) {
      await userEvent.click(await canvas.findByRole('button', { name: 'Load more' }))
      await waitFor(() => expect(canvas.queryByRole('button', { name: 'Loading more…' })).toBeNull())
    }
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull())
    const size = Number(rows(canvasElement)[0]?.getAttribute('aria-setsize'))
    await expect(size).toBeGreaterThan(300)
  },
}

const huge = scenario({ maxLimit: 10_000 })
/** 10,000 transactions in one page: virtualized, only the visible rows are in the DOM. */
export const TenThousandRows: Story = {
  ...huge.story,
  args: { address: wallets.huge, limit: 10_000 },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)[0]).toHaveAttribute('aria-setsize', '10000'), { timeout: 45_000 })
    await expect(rows(canvasElement).length).toBeLessThan(60)
  },
}

/** Possible spam is hidden at first; the toggle shows it. */
export const SpamToggle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = feed(canvasElement)
    const toggle = await canvas.findByRole('button', { name: 'Show possible spam' })
    await expect(canvas.getByText(/hidden as possible spam/)).toBeInTheDocument()
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await expect(canvas.getByText(/flagged as possible spam/)).toBeInTheDocument()
  },
}

/** Zero-value token transfers (address poisoning) filtered out. */
export const PoisoningFilter: Story = { args: { hideZeroValueTransfers: true } }

/** Oldest first. */
export const AscendingOrder: Story = { args: { order: 'ASC' } }

/** Only May 2025 (date bounds; a block bound would win over a date bound). */
export const DateRange: Story = {
  args: { fromDate: '2025-05-01T00:00:00Z', toDate: new Date(FIXTURE_NOW - 14 * 86_400_000).toISOString() },
}

export const DarkTheme: Story = { parameters: { theme: 'dark' } }

/** `density="compact"`: shorter rows. */
export const Compact: Story = {
  args: { density: 'compact' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0))
    for (const row of rows(canvasElement)) await expect(row).toHaveAttribute('data-density', 'compact')
  },
}

/** A row's chevron (named "Details") opens it in place: its transfers, then the node's view of it, inside the same row. */
export const RowDetailsOpen: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement).length).toBeGreaterThan(0))
    const first = rows(canvasElement)[0]!
    const chevron = within(first).getByRole('button', { name: 'Details' })
    await expect(chevron).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(chevron)
    await expect(chevron).toHaveAttribute('aria-expanded', 'true')
    await expect(await within(first).findByRole('list', { name: 'Transfers' }, { timeout: 5000 })).toBeInTheDocument()
    await expect(await within(first).findByRole('region', { name: 'Transaction details' }, { timeout: 5000 })).toBeInTheDocument()
    // The chevron closes it again.
    await userEvent.click(chevron)
    await expect(chevron).toHaveAttribute('aria-expanded', 'false')
  },
}

/** A 360 px wide phone screen. */
export const Narrow360: Story = {
  render: (args) => (
    <div style={{ width: 360, maxWidth: '100%' }}>
      <Feed {...args} />
    </div>
  ),
}

export const GermanLocale: Story = { args: { locale: 'de-DE', timeZone: 'Europe/Berlin' } }
export const JapaneseLocale: Story = { args: { locale: 'ja-JP', timeZone: 'Asia/Tokyo' } }

// One story per chain of the spec (14 fixture transactions each, native symbol and explorer of the chain).
export const Polygon: Story = { args: { chain: 'polygon' } }
/** The chain given by its hex id, sent exactly as given. */
export const PolygonByHexId: Story = { args: { chain: '0x89' } }
export const Bsc: Story = { args: { chain: 'bsc' } }
export const Avalanche: Story = { args: { chain: 'avalanche' } }
export const Fantom: Story = { args: { chain: 'fantom' } }
export const Palm: Story = { args: { chain: 'palm' } }
export const Cronos: Story = { args: { chain: 'cronos' } }
export const Arbitrum: Story = { args: { chain: 'arbitrum' } }
export const Gnosis: Story = { args: { chain: 'gnosis' } }
export const Chiliz: Story = { args: { chain: 'chiliz' } }
export const Base: Story = { args: { chain: 'base' } }
export const Optimism: Story = { args: { chain: 'optimism' } }
export const Linea: Story = { args: { chain: 'linea' } }

/**
 * Arabic, right to left (the Language toolbar's `ar`, as a story global): the catalogue loads the
 * first time it is used, then the feed's root reads right to left; amounts and addresses stay left to right.
 */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const canvas = feed(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'تحميل المزيد' })).toBeInTheDocument()
    await expect(await canvas.findByRole('feed', { name: 'نشاط المحفظة' })).toBeInTheDocument()
    await expect(canvasElement.querySelector('.bf-feed')).toHaveAttribute('dir', 'rtl')
    await expect(getComputedStyle(rows(canvasElement)[0]!).direction).toBe('rtl')
  },
}
