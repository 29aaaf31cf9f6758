import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { useWalletHistory } from '../../src/exports/react.js'
import { wallets } from '../../src/testing/index.js'
import { createHandlers } from '../handlers.js'
import { useStoryTarget } from '../support/StoryProvider.js'

interface DemoProps {
  address: string
  chain?: string
  limit?: number
  order?: 'ASC' | 'DESC'
}

/** Shows the paging state `useWalletHistory` returns, page by page. */
function WalletHistoryDemo(props: DemoProps) {
  const target = useStoryTarget(props.address, props.chain)
  const history = useWalletHistory({ address: target.wallet, chain: target.chain, limit: props.limit, order: props.order })
  const pages = history.data?.pages ?? []
  const last = pages.at(-1)
  const state: [string, string][] = [
    ['status', history.status],
    ['fetchStatus', history.fetchStatus],
    ['pages loaded', String(pages.length)],
    ['transactions', String(history.transactions.length)],
    ['hasNextPage', String(history.hasNextPage)],
    ['isFetchingNextPage', String(history.isFetchingNextPage)],
    ['last page cursor', last ? (last.cursor === null ? 'null (no next page)' : `${last.cursor.slice(0, 24)}…`) : '—'],
    ['error', history.error ? `${history.error.name}: ${history.error.message}` : '—'],
  ]
  return (
    <section className="sb-demo" aria-label="useWalletHistory state">
      <dl>
        {state.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd data-field={k}>{v}</dd>
          </div>
        ))}
      </dl>
      <div>
        <button type="button" onClick={() => void history.fetchNextPage()} disabled={!history.hasNextPage || history.isFetchingNextPage}>
          Fetch next page
        </button>{' '}
        <button type="button" onClick={() => void history.refetch()}>
          Refetch
        </button>
      </div>
      <ol aria-label="Newest transactions">
        {history.transactions.slice(0, 5).map((tx) => (
          <li key={tx.hash}>
            <code>{tx.hash.slice(0, 18)}…</code> {tx.category ?? 'no category'} · block {tx.block_number}
          </li>
        ))}
      </ol>
    </section>
  )
}

const code = `import { useWalletHistory } from 'blockfeed/react'

function History({ address }: { address: string }) {
  const { transactions, status, error, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useWalletHistory({ address, chain: 'eth', limit: 100 })
  if (status === 'pending') return <p>Loading…</p>
  if (status === 'error') return <p>{error.message}</p>
  return (
    <>
      <ul>{transactions.map((tx) => <li key={tx.hash}>{tx.summary ?? tx.hash}</li>)}</ul>
      {hasNextPage && (
        <button onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>Load more</button>
      )}
    </>
  )
}`

const meta = {
  title: 'Hooks/useWalletHistory',
  component: WalletHistoryDemo,
  args: { address: wallets.rich, chain: 'eth', limit: 100 },
  parameters: {
    docs: {
      description: { component: 'An infinite query over the service cursors, with every loaded transaction flattened and de-duplicated.' },
      source: { code, language: 'tsx' },
    },
  },
} satisfies Meta<typeof WalletHistoryDemo>

export default meta
type Story = StoryObj<typeof meta>

const field = (canvasElement: HTMLElement, name: string) => canvasElement.querySelector(`[data-field="${name}"]`)

/** Page through the rich wallet: 330 transactions, 4 pages, then `hasNextPage` false. */
export const Paging: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(field(canvasElement, 'status')).toHaveTextContent('success'))
    for (let page = 2; page <= 4; page++) {
      await userEvent.click(canvas.getByRole('button', { name: 'Fetch next page' }))
      await waitFor(() => expect(field(canvasElement, 'pages loaded')).toHaveTextContent(String(page)))
    }
    await waitFor(() => expect(field(canvasElement, 'hasNextPage')).toHaveTextContent('false'))
    await expect(field(canvasElement, 'transactions')).toHaveTextContent('330')
    await expect(canvas.getByRole('button', { name: 'Fetch next page' })).toBeDisabled()
  },
}

/** Small pages (25) to watch the cursor move. */
export const SmallPages: Story = { args: { limit: 25 } }

/** Oldest first. */
export const Ascending: Story = { args: { order: 'ASC' } }

/** Until the address is valid the query waits: no request, status stays pending. */
export const WaitsForAValidAddress: Story = {
  args: { address: '0xnot-an-address' },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement, 'fetchStatus')).toHaveTextContent('idle')
  },
}

const failing = createHandlers({ fail: { with: 429, retryAfterSeconds: 30 } })
/** The typed error the hook returns (here an HttpStatusError for a 429). */
export const ErrorState: Story = {
  parameters: { msw: { handlers: { blockfeed: failing } } },
  beforeEach: () => failing.reset(),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(field(canvasElement, 'error')).toHaveTextContent(/HttpStatusError/))
  },
}
