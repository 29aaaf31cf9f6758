// @vitest-environment jsdom
/**
 * blockfeed/wagmi on the devnet (real anvil, real indexer, real history API) with wagmi's `mock`
 * connector: what the app sends through wagmi's hooks shows in the feed's Pending group without
 * the app calling `track`, and the connected feed follows wagmi's account and chain.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, configure, render, screen, waitFor, within } from '@testing-library/react'
import { StrictMode, type ReactNode } from 'react'
import { defineChain, erc20Abi, parseEther, parseUnits, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createConfig, http, useSendCalls, useSendTransaction, useWriteContract, WagmiProvider, type Config } from 'wagmi'
import { connect, disconnect, switchChain } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import { createClient, type BlockfeedClient } from '../../src/core/client.js'
import { memoryStorage } from '../../src/core/live/storage.js'
import { createTransactionTracker, type TransactionTracker } from '../../src/core/live/tracker.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { ConnectedWalletActivityFeed } from '../../src/wagmi/ConnectedWalletActivityFeed.js'
import { useTrackWagmiTransactions } from '../../src/wagmi/useTrackWagmiTransactions.js'
import { callNode } from '../devnet/helpers.js'

// The page's data comes from a real chain, indexer and history API: findBy/waitFor wait for it as
// long as a loaded machine takes (testing-library's default is 1 s, and no setup file sets it here:
// the node and lowest-wagmi-3 projects run this file without dom-setup.ts).
configure({ asyncUtilTimeout: 20_000 })

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
}, 60_000)
afterAll(() => devnet?.stop())

const node = (method: string, params: unknown[] = []) => callNode(devnet, method, params)
const wallet = (name: string) => devnet.wallets.find((w) => w.name === name)!

interface Setup {
  config: Config
  client: BlockfeedClient
  tracker: TransactionTracker
  queryClient: QueryClient
  history: string[]
}

/** A wagmi config on the devnet's chain (and a second, unserved one), the mock connector holding bob then alice. */
function setup(options: { extraChainId?: number } = {}): Setup {
  const devChain = defineChain({ id: devnet.chainId, name: 'Devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [devnet.nodeUrl] } } })
  const other = defineChain({ id: options.extraChainId ?? 999_999, name: 'Unserved', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [devnet.nodeUrl] } } })
  const config = createConfig({
    chains: [devChain, other],
    connectors: [mock({ accounts: [wallet('bob').address, wallet('alice').address] })],
    // Nothing kept between tests (jsdom's localStorage would carry one test's connection into the next).
    storage: null,
    transports: { [devChain.id]: http(devnet.nodeUrl), [other.id]: http(devnet.nodeUrl) },
  })
  const history: string[] = []
  const client = createClient({
    ...devnet.clientOptions,
    retry: false,
    // Every history request, to prove a disconnected feed sends none and a switched one asks for the new wallet.
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/history')) history.push(url)
      return fetch(input, init)
    },
  })
  const tracker = createTransactionTracker({ client, storage: memoryStorage(), confirmations: 1, pollingIntervalMs: 100 })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return { config, client, tracker, queryClient, history }
}

function Providers({ s, children, strict = false }: { s: Setup; children: ReactNode; strict?: boolean }) {
  const tree = (
    <WagmiProvider config={s.config}>
      <QueryClientProvider client={s.queryClient}>
        <BlockfeedProvider client={s.client} tracker={s.tracker} pollingIntervalMs={100}>
          {children}
        </BlockfeedProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
  return strict ? <StrictMode>{tree}</StrictMode> : tree
}

const pendingGroup = () => screen.findByRole('group', { name: /pending/i })
const live: Setup[] = []
afterEach(async () => {
  for (const s of live.splice(0)) s.tracker.stop()
  await node('evm_setAutomine', [true])
})

describe('useTrackWagmiTransactions', () => {
  it('useSendTransaction: the pending row at once, then confirmed, then its indexed row in its place; the app never calls track', async () => {
    const s = setup()
    live.push(s)
    let send!: ReturnType<typeof useSendTransaction>
    function App() {
      send = useSendTransaction()
      return <ConnectedWalletActivityFeed limit={10} />
    }
    render(<Providers s={s}><App /></Providers>)
    await act(() => connect(s.config, { connector: s.config.connectors[0]! }))
    await screen.findAllByRole('article', {})
    await node('evm_setAutomine', [false])
    await act(() => send.sendTransactionAsync({ to: wallet('alice').address, value: parseEther('0.314159') }))
    const group = await pendingGroup()
    const row = within(group).getByText(/^Sending 0\.314159/).closest('[data-status]')!
    expect(row.getAttribute('data-status')).toBe('pending')
    expect(s.tracker.list().map((r) => r.from?.toLowerCase())).toEqual([wallet('bob').address.toLowerCase()])

    await node('evm_mine')
    const ours = () => screen.getAllByRole('article').filter((a) => /0\.314159/.test(a.textContent ?? ''))
    await waitFor(() => expect(s.tracker.list()[0]?.status).toBe('confirmed'))
    await waitFor(() => expect(ours()).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('group', { name: /pending/i })).toBeNull())
  }, 60_000)

  it('useWriteContract (an ERC-20 transfer of the devnet token): the pending row reads the transfer, decoded with no request', async () => {
    const s = setup()
    live.push(s)
    let write!: ReturnType<typeof useWriteContract>
    function App() {
      write = useWriteContract()
      return <ConnectedWalletActivityFeed limit={10} />
    }
    render(<Providers s={s}><App /></Providers>)
    await act(() => connect(s.config, { connector: s.config.connectors[0]! }))
    await screen.findAllByRole('article', {})
    await node('evm_setAutomine', [false])
    const usd = devnet.contracts!.usd
    await act(() => write.writeContractAsync({ abi: erc20Abi, address: usd, functionName: 'transfer', args: [wallet('carol').address, parseUnits('25', 6)] }))
    const group = await pendingGroup()
    // Bob's history holds dUSD rows, so the pending transfer is named in its symbol and decimals.
    expect(within(group).getByText(/^Sending 25 dUSD/)).toBeTruthy()
    const [record] = s.tracker.list()
    expect(record!.tokenTransfer).toEqual({ token: usd, from: wallet('bob').address, to: wallet('carol').address, amount: '25000000' })
  }, 60_000)

  it('a speed-up sent through wagmi (same nonce, higher fee) replaces the first', async () => {
    const s = setup()
    live.push(s)
    let send!: ReturnType<typeof useSendTransaction>
    function App() {
      useTrackWagmiTransactions()
      send = useSendTransaction()
      return null
    }
    render(<Providers s={s}><App /></Providers>)
    await act(() => connect(s.config, { connector: s.config.connectors[0]! }))
    await node('evm_setAutomine', [false])
    const nonce = Number((await node('eth_getTransactionCount', [wallet('bob').address, 'pending'])).result)
    const first = await act(() => send.sendTransactionAsync({ to: wallet('alice').address, value: 1n, nonce, maxFeePerGas: parseUnits('20', 9), maxPriorityFeePerGas: parseUnits('1', 9) }))
    // Once the tracker has read its nonce from the node (as it would long before a wallet's speed-up), the node lets it go.
    await waitFor(() => expect(s.tracker.list()[0]?.nonce).toBe(nonce))
    await node('anvil_dropTransaction', [first])
    const second = await act(() => send.sendTransactionAsync({ to: wallet('alice').address, value: 1n, nonce, maxFeePerGas: parseUnits('40', 9), maxPriorityFeePerGas: parseUnits('2', 9) }))
    await node('evm_mine')
    await waitFor(() => expect(s.tracker.list().find((r) => r.hash === first)?.status).toBe('replaced'))
    expect(s.tracker.list().find((r) => r.hash === first)?.replacedBy).toBe(second)
    expect(s.tracker.list().find((r) => r.hash === second)?.status).toMatch(/confirm/)
  }, 60_000)

  it('useSendCalls (EIP-5792): each transaction of the bundle once the wallet reports its hash', async () => {
    const s = setup()
    live.push(s)
    let sendCalls!: ReturnType<typeof useSendCalls>
    function App() {
      useTrackWagmiTransactions()
      sendCalls = useSendCalls()
      return null
    }
    render(<Providers s={s}><App /></Providers>)
    await act(() => connect(s.config, { connector: s.config.connectors[0]! }))
    await act(() => sendCalls.sendCallsAsync({ calls: [{ to: wallet('alice').address, value: 11n }, { to: wallet('carol').address, value: 12n }] }))
    await waitFor(() => expect(s.tracker.list()).toHaveLength(2))
    const receipts = await Promise.all(s.tracker.list().map((r) => node('eth_getTransactionReceipt', [r.hash])))
    expect(receipts.map((r) => r.result?.to?.toLowerCase()).sort()).toEqual([wallet('alice').address, wallet('carol').address].map((a) => a.toLowerCase()).sort())
    expect(s.tracker.list().map((r) => r.value).sort()).toEqual(['11', '12'])
  }, 60_000)

  it('tracks nothing for a failed send, a call site that opted out, or twice under StrictMode with two feeds mounted', async () => {
    const s = setup()
    live.push(s)
    let send!: ReturnType<typeof useSendTransaction>
    let quiet!: ReturnType<typeof useSendTransaction>
    function App() {
      useTrackWagmiTransactions()
      send = useSendTransaction()
      quiet = useSendTransaction({ mutation: { meta: { blockfeed: false } } })
      return (
        <>
          <ConnectedWalletActivityFeed limit={5} />
          <ConnectedWalletActivityFeed limit={5} chains="config" />
        </>
      )
    }
    render(<Providers s={s} strict><App /></Providers>)
    await act(() => connect(s.config, { connector: s.config.connectors[0]! }))
    // More than bob holds: the node refuses it, wagmi's mutation fails, nothing is tracked.
    await act(() => send.sendTransactionAsync({ to: wallet('alice').address, value: parseEther('100000000') }).catch(() => undefined))
    await act(() => quiet.sendTransactionAsync({ to: wallet('alice').address, value: 2n }))
    expect(s.tracker.list()).toHaveLength(0)
    const hash = await act(() => send.sendTransactionAsync({ to: wallet('alice').address, value: 3n }))
    await waitFor(() => expect(s.tracker.list().map((r) => r.hash)).toEqual([hash]))
  }, 60_000)
})

describe('ConnectedWalletActivityFeed', () => {
  it('disconnected: one short line and no request; connected: the wallet; account switch: the new wallet at once, never a row of the previous one; disconnect: the line again', async () => {
    const s = setup()
    live.push(s)
    render(<Providers s={s}><ConnectedWalletActivityFeed limit={5} /></Providers>)
    expect(await screen.findByText('Connect a wallet to see its activity')).toBeTruthy()
    expect(s.history).toEqual([])

    await act(() => connect(s.config, { connector: s.config.connectors[0]! }))
    await screen.findAllByRole('article', {})
    expect(s.history.every((u) => u.toLowerCase().includes(wallet('bob').address.toLowerCase()))).toBe(true)

    const bobRows = new Set(screen.getAllByRole('article').map((a) => a.textContent))
    await act(async () => s.config.connectors[0]!.onAccountsChanged([wallet('alice').address]))
    // At once: the first render after the switch shows no row of bob's.
    expect(screen.queryAllByRole('article').filter((a) => bobRows.has(a.textContent))).toEqual([])
    await waitFor(() => expect(s.history.some((u) => u.toLowerCase().includes(wallet('alice').address.toLowerCase()))).toBe(true))
    await screen.findAllByRole('article', {})

    await act(() => disconnect(s.config))
    expect(await screen.findByText('Connect a wallet to see its activity')).toBeTruthy()
    expect(screen.queryAllByRole('article')).toEqual([])
  }, 60_000)

  it('chain switch: the feed of the new chain at once, never a row of the previous chain', async () => {
    const s = setup({ extraChainId: 1 })
    live.push(s)
    render(<Providers s={s}><ConnectedWalletActivityFeed limit={5} /></Providers>)
    await act(() => connect(s.config, { connector: s.config.connectors[0]! }))
    await screen.findAllByRole('article', {})
    const devnetRows = new Set(screen.getAllByRole('article').map((a) => a.textContent))
    const asked = s.history.length
    await act(() => switchChain(s.config, { chainId: 1 }))
    expect(screen.queryAllByRole('article').filter((a) => devnetRows.has(a.textContent))).toEqual([])
    await waitFor(() => expect(s.history.slice(asked).map((u) => new URL(u).searchParams.get('chain'))).toContain('0x1'))
    expect(s.history.slice(asked).every((u) => new URL(u).searchParams.get('chain') === '0x1')).toBe(true)
  }, 60_000)

  it('renderDisconnected replaces the line; a chain the service does not serve is a typed error in the feed, not a crash', async () => {
    const s = setup()
    live.push(s)
    render(<Providers s={s}><ConnectedWalletActivityFeed limit={5} renderDisconnected={() => <button type="button">Connect</button>} /></Providers>)
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeTruthy()
    await act(() => connect(s.config, { connector: s.config.connectors[0]!, chainId: 999_999 }))
    const alert = await screen.findByText(/999999/, {})
    expect(alert.textContent).toMatch(/extraChains/)
    expect(s.history).toEqual([])
  }, 60_000)

  it('chains="config" merges every chain of the wagmi config (a chain the service serves: the devnet\'s)', async () => {
    const s = setup({ extraChainId: 1 })
    live.push(s)
    render(<Providers s={s}><ConnectedWalletActivityFeed limit={5} chains="config" /></Providers>)
    await act(() => connect(s.config, { connector: s.config.connectors[0]! }))
    await waitFor(() => expect(new Set(s.history.map((u) => new URL(u).searchParams.get('chain')))).toEqual(new Set([`0x${devnet.chainId.toString(16)}`, '0x1'])))
  }, 60_000)
})

export type { Hex }
