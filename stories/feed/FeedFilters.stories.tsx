import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse, http } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { WalletActivityFeed, type WalletActivityFeedProps } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { walletHistoryFilterToSearchParams } from '../../src/core/history/filter.js'
import { tokenAddress, transactionOfKind, walletTransactions, wallets } from '../../src/testing/index.js'
import { MOCK_BASE_URL, createHandlers } from '../handlers.js'
import { useStoryTarget } from '../support/StoryProvider.js'
import { inEnglish } from '../support/inEnglish.js'

function Feed(props: WalletActivityFeedProps) {
  const target = useStoryTarget(props.address ?? '', props.chain)
  return <WalletActivityFeed {...props} address={target.wallet} chain={target.chain} />
}

const ME = wallets.rich
const USDC = tokenAddress('eth', 'usdc').toLowerCase()
type Raw = Record<string, unknown>
type Moved = { from?: string | null; to?: string | null; from_address?: string | null; to_address?: string | null; address?: string; token_address?: string }
const lower = (a: unknown) => (typeof a === 'string' ? a.toLowerCase() : null)
/** Every transfer of a raw fixture entry, read straight from the wire shape (not through the filter under test). */
function moves(raw: Raw): { kind: string; from: string | null; to: string | null; token: string | null }[] {
  const list = (k: string) => ((raw[k] ?? []) as Moved[])
  return [
    ...(String(raw.value ?? '0') !== '0' ? [{ kind: 'native', from: lower(raw.from_address), to: lower(raw.to_address), token: null }] : []),
    // Some fixture deployments send the plural key (drift the schema accepts).
    ...[...list('erc20_transfer'), ...list('erc20_transfers')].map((t) => ({ kind: 'erc20', from: lower(t.from_address), to: lower(t.to_address), token: lower(t.address) })),
    ...list('nft_transfers').map((t) => ({ kind: 'nft', from: lower(t.from_address), to: lower(t.to_address), token: lower(t.token_address) })),
    ...list('internal_transactions').map((t) => ({ kind: 'internal', from: lower(t.from), to: lower(t.to), token: null })),
  ]
}
const history = walletTransactions('rich', 'eth')
const hashesWhere = (keep: (raw: Raw, timeMs: number) => boolean) => new Set(history.filter((t) => keep(t.raw, t.timeMs)).map((t) => String(t.raw.hash)))

const rowKeys = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-key]')].map((e) => e.getAttribute('data-key')!).filter((k) => !k.startsWith('day-'))

/** Every shown row is one the raw fixture says the filter should keep, and at least `min` are shown. */
async function onlyRowsOf(canvasElement: HTMLElement, expected: Set<string>, min = 1) {
  await waitFor(() => expect(rowKeys(canvasElement).length).toBeGreaterThanOrEqual(Math.min(min, expected.size)), { timeout: 15_000 })
  for (const key of rowKeys(canvasElement)) await expect(expected.has(key) ? key : JSON.stringify(history.find((t) => t.raw.hash === key)?.raw)).toBe(key)
}

const meta = {
  title: 'Feed/Filters and export',
  component: WalletActivityFeed,
  render: (args) => <Feed {...args} />,
  // The Language toolbar's locale (the plays, which find controls by their English names, run in English only).
  args: { address: ME, chain: 'eth', includeInternalTransactions: true, limit: 100, timeZone: 'UTC' },
  parameters: {
    docs: {
      description: {
        component:
          'The feed’s filter bar and "Export CSV". Dates go to the service; directions, kinds, categories, tokens and the search narrow the loaded entries, and the feed pages on until the screen is filled. Keep the filter in the URL with `walletHistoryFilterToSearchParams` / `walletHistoryFilterFromSearchParams`.',
      },
    },
  },
} satisfies Meta<typeof WalletActivityFeed>

export default meta
type Story = StoryObj<typeof meta>

const bar = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('group', { name: 'Filter activity' }))

/** Direction alone: what the wallet received. */
export const Received: Story = {
  play: inEnglish(async ({ canvasElement }) => {
    await userEvent.click(await bar(canvasElement).findByRole('button', { name: 'Received' }))
    await onlyRowsOf(canvasElement, hashesWhere((raw) => moves(raw).some((m) => m.to === ME && m.from !== ME)), 3)
  }),
}

/** Kind alone: NFTs. */
export const NftsOnly: Story = {
  args: { defaultFilter: { kinds: ['nft'] } },
  play: inEnglish(async ({ canvasElement }) => {
    await expect(bar(canvasElement).getByRole('button', { name: 'NFTs' })).toHaveAttribute('aria-pressed', 'true')
    await onlyRowsOf(canvasElement, hashesWhere((raw) => moves(raw).some((m) => m.kind === 'nft')), 2)
  }),
}

/** Category alone, chosen in the "More filters" menu with the keyboard. */
export const ByCategory: Story = {
  play: inEnglish(async ({ canvasElement }) => {
    await waitFor(() => expect(rowKeys(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    const more = bar(canvasElement).getByRole('button', { name: 'More filters' })
    more.focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await bar(canvasElement).findByRole('checkbox', { name: 'approve' }))
    await userEvent.keyboard('{Escape}')
    await expect(more).toHaveFocus()
    await onlyRowsOf(canvasElement, hashesWhere((raw) => raw.category === 'approve'))
  }),
}

/** Token alone: USDC, by contract address. */
export const UsdcOnly: Story = {
  args: { defaultFilter: { tokens: [USDC] } },
  play: inEnglish(async ({ canvasElement }) => {
    await onlyRowsOf(canvasElement, hashesWhere((raw) => moves(raw).some((m) => m.token === USDC)))
  }),
}

/** Dates alone: March 2024, asked of the service (from_date / to_date), no extra page. */
export const March2024: Story = {
  args: { defaultFilter: { fromDate: '2024-03-01', toDate: '2024-03-31T23:59:59Z' } },
  play: inEnglish(async ({ canvasElement }) => {
    const march = hashesWhere((_, ms) => new Date(ms).toISOString().startsWith('2024-03'))
    // Virtualized, and possible spam hidden: the rows in view are all March's, and the list ends there.
    await onlyRowsOf(canvasElement, march, 5)
    await waitFor(() => expect(Number(canvasElement.querySelector('article')?.getAttribute('aria-setsize'))).toBeGreaterThan(0), { timeout: 15_000 })
    await expect(Number(canvasElement.querySelector('article')!.getAttribute('aria-setsize'))).toBeLessThanOrEqual(march.size)
  }),
}

/** Combined: received USDC in March 2024, the example; the URL form is shown under the feed. */
export const ReceivedUsdcInMarch: Story = {
  args: { defaultFilter: { directions: ['in'], tokens: [USDC], fromDate: '2024-03-01', toDate: '2024-03-31T23:59:59Z' } },
  render: (args) => (
    <>
      <Feed {...args} />
      <p>
        <code>?{walletHistoryFilterToSearchParams(args.defaultFilter ?? {}).toString()}</code>
      </p>
    </>
  ),
  play: inEnglish(async ({ canvasElement }) => {
    const expected = hashesWhere((raw, ms) => new Date(ms).toISOString().startsWith('2024-03') && moves(raw).some((m) => m.token === USDC && m.to === ME))
    await waitFor(() => expect(new Set(rowKeys(canvasElement))).toEqual(expected), { timeout: 15_000 })
    await expect(within(canvasElement).getByText(/match(es)? in \d+ loaded transactions — the whole history/)).toBeInTheDocument()
  }),
}

/** Nothing found: the feed pages through the whole history and says so. */
export const NothingFound: Story = {
  args: { defaultFilter: { search: 'no-such-thing-anywhere' } },
  play: inEnglish(async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('No matches', {}, { timeout: 15_000 })).toBeInTheDocument()
    await expect(canvas.getByText(`Nothing in the whole history (${history.length} transactions) matches the filter.`)).toBeInTheDocument()
    await expect(canvas.getByRole('searchbox')).toHaveValue('no-such-thing-anywhere')
  }),
}

/** Search by hash: typed (debounced), the one transaction it names. */
export const SearchByHash: Story = {
  play: inEnglish(async ({ canvasElement }) => {
    const wanted = String(transactionOfKind('swapInternal').raw.hash)
    await waitFor(() => expect(rowKeys(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    await userEvent.type(bar(canvasElement).getByRole('searchbox'), wanted.slice(0, 20))
    await waitFor(() => expect(rowKeys(canvasElement)).toEqual([wanted]), { timeout: 15_000 })
  }),
}

/** History requests that an export story can hold or fail, ahead of the fixture service. */
function exportScenario(mode: 'stall' | 'fail') {
  const state = { armed: false, seen: 0 }
  const gate = http.get(`${MOCK_BASE_URL}/api/v2.2/wallets/:address/history`, async () => {
    if (!state.armed) return undefined
    state.seen++
    if (mode === 'fail') return HttpResponse.json({ message: 'Internal server error' }, { status: 500 })
    return new Promise<Response>(() => {})
  })
  const story = {
    parameters: { msw: { handlers: { blockfeed: [gate, ...createHandlers()] } }, blockfeed: { client: { retry: false } } },
    beforeEach: () => {
      state.armed = false
      state.seen = 0
    },
  }
  return { story, state }
}

const stalled = exportScenario('stall')
/** Export in progress: the bar and Cancel while a page is on its way. */
export const ExportInProgress: Story = {
  ...stalled.story,
  args: { showFilterBar: false },
  play: inEnglish(async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rowKeys(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    stalled.state.armed = true
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }))
    await expect(await canvas.findByRole('progressbar', { name: 'Exporting history' })).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
  }),
}

const cancelled = exportScenario('stall')
/** Export cancelled: no request after Cancel, and it says so. */
export const ExportCancelled: Story = {
  ...cancelled.story,
  play: inEnglish(async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rowKeys(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    cancelled.state.armed = true
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }))
    // Under a full test run the export's first page can take more than the default second to start.
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }, { timeout: 5000 }))
    await expect(await canvas.findByText('Export cancelled', undefined, { timeout: 5000 })).toBeInTheDocument()
    const seen = cancelled.state.seen
    await new Promise((r) => setTimeout(r, 300))
    await expect(cancelled.state.seen).toBe(seen)
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
  }),
}

const failing = exportScenario('fail')
/** Export failed: what stopped it, and "Resume export". */
export const ExportFailed: Story = {
  ...failing.story,
  play: inEnglish(async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rowKeys(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    failing.state.armed = true
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }))
    const alert = await canvas.findByText(/Export stopped after/)
    await expect(alert).toHaveTextContent('500')
    await expect(canvas.getByRole('button', { name: 'Resume export' })).toBeInTheDocument()
  }),
}

/** At 360 px the toolbar folds to one line: the search box, "Filters" (the chips open below it) and "More" (Export CSV). */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ width: 360 }}>
      <Feed {...args} />
    </div>
  ),
  play: inEnglish(async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rowKeys(canvasElement).length).toBeGreaterThan(0), { timeout: 15_000 })
    await expect(canvasElement.querySelector('.bf-toolbar')!.getBoundingClientRect().height).toBeLessThanOrEqual(48)
    // The chips and the wide Export CSV are out of the accessibility tree until asked for.
    await expect(canvas.queryByRole('button', { name: 'Received' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Export CSV' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Filters' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Received' }))
    await expect(canvas.getByRole('button', { name: 'Filters (1 active)' })).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'More' }))
    await expect(canvas.getByRole('menuitem', { name: 'Export CSV' })).toHaveFocus()
  }),
}
