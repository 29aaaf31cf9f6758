/**
 * Server rendering in plain Node (no jsdom: `window` and `document` do not exist here, so any
 * touch of them throws). The components render with react-dom/server, and a page prefetched on
 * the "server" and dehydrated renders its rows with no request of its own.
 */
import { createServer, type Server } from 'node:http'
import { QueryClient, QueryClientProvider, HydrationBoundary, dehydrate } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/core/client'
import { readWalletHistoryPage } from '../../src/core/history/schema'
import { walletHistoryInfiniteQueryOptions } from '../../src/core/query/walletHistory'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider'
import {
  Address,
  Erc20TransferRow,
  InternalTransactionRow,
  NativeTransferRow,
  NftTransferRow,
  RelativeTime,
  TokenAmount,
  TransactionList,
  TransactionRow,
  TransferBadge,
  WalletActivityFeed,
} from '../../src/exports/components'
// @ts-expect-error plain ESM fixture module without types
import { makePage } from '../bench/page-fixture.mjs'

const wallet = '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf'
let server: Server
let baseUrl: string
let requests = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++
    const body = makePage(8, 3)
    body.cursor = ''
    for (const e of body.result) e.from_address = wallet
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => server.close())

describe('server rendering in Node', () => {
  it('has no DOM globals here, so a component touching them would throw', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  it('renders every component to HTML', () => {
    const page = readWalletHistoryPage(makePage(6, 4))
    const tx = page.result.find((t) => t.erc20_transfer.length > 0) ?? page.result[0]!
    const html = renderToString(
      <div>
        <TransactionList transactions={page.result} wallet={wallet} chain="eth" status="success" />
        <TransactionRow transaction={tx} wallet={wallet} chain="eth" />
        <TransferBadge kind="erc20" direction="in" />
        <NativeTransferRow transfer={tx.native_transfers[0]!} wallet={wallet} chain="eth" />
        {tx.erc20_transfer[0] && <Erc20TransferRow transfer={tx.erc20_transfer[0]} wallet={wallet} chain="eth" />}
        <NftTransferRow
          transfer={{ ...tx.erc20_transfer[0], token_address: '0x1111111111111111111111111111111111111111', token_id: '7', amount: '1', contract_type: 'ERC721' } as never}
          wallet={wallet}
          chain="eth"
        />
        <InternalTransactionRow
          transaction={{ from: wallet, to: '0x2222222222222222222222222222222222222222', value: '5', type: 'CALL' } as never}
          wallet={wallet}
          chain="eth"
        />
        <Address address={wallet} chain="eth" />
        <TokenAmount value="1500000" decimals={6} symbol="USDC" />
        <RelativeTime value="2024-01-01T00:00:00.000Z" />
      </div>,
    )
    expect(html).toContain('role="feed"')
    expect(html).toContain('<article')
    expect(html).toContain('USDC')
  })

  it('renders a prefetched, dehydrated feed with no request of its own', async () => {
    const client = createClient({ baseUrl, chain: 'eth' })
    const serverQueries = new QueryClient()
    await serverQueries.prefetchInfiniteQuery(walletHistoryInfiniteQueryOptions(client, { address: wallet, chain: 'eth' }))
    const state = JSON.parse(JSON.stringify(dehydrate(serverQueries)))
    expect(requests).toBe(1)

    const browserQueries = new QueryClient()
    const html = renderToString(
      <QueryClientProvider client={browserQueries}>
        <HydrationBoundary state={state}>
          <BlockfeedProvider client={client}>
            <WalletActivityFeed address={wallet} chain="eth" />
          </BlockfeedProvider>
        </HydrationBoundary>
      </QueryClientProvider>,
    )
    expect(html).toContain('role="feed"')
    expect((html.match(/<article/g) ?? []).length).toBeGreaterThan(0)
    expect(requests).toBe(1)
  })
})
