import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { chainNames, HttpStatusError, type TransactionEntry } from '../src/exports/index.js'
import { transactionCount, transactionKinds, walletTransactions, wallets, type WalletName } from '../src/testing/index.js'
import { createMockClient } from './support/dataSource.js'

/** What the offline service holds: the named wallets and their transactions per chain. */
function FixtureOverview() {
  const names = Object.keys(wallets) as WalletName[]
  return (
    <section className="sb-demo" aria-label="Fixture wallets">
      <table>
        <caption>Transactions per wallet and chain (generated from a seed, the same on every machine)</caption>
        <thead>
          <tr>
            <th scope="col">Wallet</th>
            <th scope="col">Address</th>
            {chainNames.map((c) => (
              <th key={c} scope="col">{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {names.map((name) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td><code>{wallets[name]}</code></td>
              {chainNames.map((c) => (
                <td key={c}>{transactionCount(name, c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>Kinds of transaction in the rich wallet: {transactionKinds.join(', ')}.</p>
    </section>
  )
}

const meta = {
  title: 'Fixtures/Mock service',
  component: FixtureOverview,
  parameters: {
    docs: {
      description: {
        component:
          'The offline service: `src/testing` (shipped as `blockfeed/testing`) generates raw wire JSON (drift included) and serves it with MSW. ' +
          'The play functions below check the service through the real client over HTTP.',
      },
    },
  },
} satisfies Meta<typeof FixtureOverview>

export default meta
type Story = StoryObj<typeof meta>

export const Wallets: Story = {}

async function allPages(params: Parameters<ReturnType<typeof createMockClient>['walletHistoryPages']>[0]) {
  const pages: TransactionEntry[][] = []
  for await (const page of createMockClient().walletHistoryPages(params)) pages.push(page.result)
  return pages
}

/** `limit` and `cursor`: the rich wallet's 330 eth transactions arrive in 4 pages, newest first, each once. */
export const CursorPaging: Story = {
  play: async () => {
    const pages = await allPages({ address: wallets.rich, chain: 'eth', limit: 100 })
    await expect(pages.map((p) => p.length)).toEqual([100, 100, 100, 30])
    const hashes = pages.flat().map((t) => t.hash)
    await expect(new Set(hashes).size).toBe(330)
    const blocks = pages.flat().map((t) => Number(t.block_number))
    await expect(blocks).toEqual([...blocks].sort((a, b) => b - a))
  },
}

/** `order=ASC`, block bounds, date bounds and the chain parameter. */
export const FiltersAndOrder: Story = {
  play: async () => {
    const client = createMockClient()
    const asc = await client.getWalletHistory({ address: wallets.rich, order: 'ASC', limit: 5 })
    await expect(Number(asc.result[0]!.block_number)).toBeLessThan(Number(asc.result[4]!.block_number))
    const newest = walletTransactions('rich', 'eth')[0]!
    const bounded = await client.getWalletHistory({ address: wallets.rich, fromBlock: newest.blockNumber, toBlock: newest.blockNumber })
    await expect(bounded.result.map((t) => t.hash)).toEqual([newest.raw.hash])
    const dated = await client.getWalletHistory({ address: wallets.rich, fromDate: new Date(newest.timeMs) })
    await expect(dated.result).toHaveLength(1)
    const polygon = await client.getWalletHistory({ address: wallets.rich, chain: '0x89' })
    await expect(polygon.result).toHaveLength(14)
    await expect(polygon.cursor).toBeNull()
  },
}

/** A cursor from another query is refused with 400, as a typed error. */
export const ForeignCursor: Story = {
  play: async () => {
    const client = createMockClient()
    const first = await client.getWalletHistory({ address: wallets.rich, limit: 10 })
    await expect(client.getWalletHistory({ address: wallets.rich, limit: 20, cursor: first.cursor! })).rejects.toBeInstanceOf(HttpStatusError)
  },
}

/** The empty wallet: one empty page with no cursor. */
export const EmptyWallet: Story = {
  play: async () => {
    await expect(await allPages({ address: wallets.empty })).toEqual([[]])
  },
}
