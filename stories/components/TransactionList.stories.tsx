import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { TransactionList } from '../../src/components/TransactionList/TransactionList.js'
import { HttpStatusError, type TransactionEntry } from '../../src/exports/index.js'
import { wallets } from '../../src/testing/index.js'
import { fixtureEntries } from '../support/data.js'

const firstPage = fixtureEntries('rich', 'eth', 100)

const meta = {
  title: 'Components/TransactionList',
  component: TransactionList,
  args: {
    transactions: firstPage,
    wallet: wallets.rich,
    chain: 'eth',
    status: 'success',
    hasNextPage: false,
    isFetchingNextPage: false,
    onLoadMore: fn(),
    onRetry: fn(),
    onShowSpamChange: fn(),
  },
  argTypes: { transactions: { control: false } },
} satisfies Meta<typeof TransactionList>

export default meta
type Story = StoryObj<typeof meta>

/** The rich wallet's first page: date headers, every kind of row, spam hidden behind the toggle. */
export const Default: Story = {}

export const Loading: Story = {
  args: { transactions: [], status: 'pending' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('feed')).toHaveAttribute('aria-busy', 'true')
  },
}

export const Empty: Story = {
  args: { transactions: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No activity yet')).toBeInTheDocument()
  },
}

/** The error state; "Try again" calls `onRetry`. */
export const ErrorWithRetry: Story = {
  args: {
    transactions: [],
    status: 'error',
    error: new HttpStatusError({ status: 500, url: 'https://service.blockfeed.test/api/v2.2/wallets/…/history', body: 'Internal server error' }),
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }))
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
  },
}

/** More pages: "Load more" (also reachable by keyboard) calls `onLoadMore`. */
export const LoadMore: Story = {
  args: { hasNextPage: true, transactions: firstPage.slice(0, 3) },
  play: async ({ args, canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: 'Load more' })
    await userEvent.click(button)
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled())
  },
}

export const FetchingNextPage: Story = { args: { hasNextPage: true, isFetchingNextPage: true } }

/** A page failed after the first: rows stay, with an inline error and retry. */
export const NextPageError: Story = {
  args: { status: 'error', hasNextPage: true, error: new HttpStatusError({ status: 429, url: 'https://service.blockfeed.test', body: '' }) },
}

/** Spam is hidden at first; the toggle shows it and says how many. */
export const SpamToggle: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const toggle = canvas.getByRole('button', { name: 'Show possible spam' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    const shown = () => Number(canvasElement.querySelector('article')?.getAttribute('aria-setsize'))
    const before = shown()
    await expect(canvas.getByText(/hidden as possible spam/)).toBeInTheDocument()
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await expect(args.onShowSpamChange).toHaveBeenCalledWith(true)
    await expect(canvas.getByText(/flagged as possible spam/)).toBeInTheDocument()
    await waitFor(() => expect(shown()).toBeGreaterThan(before))
  },
}

/** Zero-value transfers (address poisoning) hidden. */
export const HideZeroValueTransfers: Story = { args: { hideZeroValueTransfers: true } }

/** All 10,000 transactions of the huge wallet: only the visible rows are in the DOM. */
export const TenThousandRows: Story = {
  loaders: [async () => ({ transactions: fixtureEntries('huge', 'eth') })],
  render: (args, { loaded }) => <TransactionList {...args} wallet={wallets.huge} transactions={loaded.transactions as TransactionEntry[]} />,
  play: async ({ canvasElement }) => {
    const feed = within(canvasElement).getByRole('feed')
    await waitFor(() => expect(feed.querySelectorAll('article').length).toBeGreaterThan(0))
    await expect(feed.querySelectorAll('article').length).toBeLessThan(60)
    await expect(feed.querySelector('article')).toHaveAttribute('aria-setsize', '10000')
  },
}

export const DarkTheme: Story = { parameters: { theme: 'dark' } }
export const Narrow360: Story = { render: (args) => <div style={{ width: 360 }}><TransactionList {...args} /></div> }
export const JapaneseLocale: Story = { args: { locale: 'ja-JP', timeZone: 'Asia/Tokyo' } }
export const OnPolygon: Story = { args: { transactions: fixtureEntries('rich', 'polygon'), chain: 'polygon' } }
/** `density="compact"`: shorter rows (about 48 px), more of them on a screen. */
export const Compact: Story = {
  args: { density: 'compact' },
  play: async ({ canvasElement }) => {
    const feed = within(canvasElement).getByRole('feed')
    await waitFor(() => expect(feed.querySelectorAll('article').length).toBeGreaterThan(0))
    for (const row of feed.querySelectorAll('article')) await expect(row).toHaveAttribute('data-density', 'compact')
  },
}
/** The first row's chevron opens its details in place: every transfer, the hash, fee and explorer link. */
export const DetailsOpen: Story = {
  play: async ({ canvasElement }) => {
    const feed = within(canvasElement).getByRole('feed')
    await waitFor(() => expect(feed.querySelector('article')).not.toBeNull())
    const first = feed.querySelector('article')!
    const chevron = within(first).getByRole('button', { name: 'Details' })
    await userEvent.click(chevron)
    await expect(chevron).toHaveAttribute('aria-expanded', 'true')
    const details = first.querySelector<HTMLElement>('.bf-tx__details')!
    const link = await within(details).findByRole('link', { name: /^View on explorer/ })
    await expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\/etherscan\.io\/tx\/0x/))
  },
}
