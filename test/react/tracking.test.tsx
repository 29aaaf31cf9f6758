import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { StrictMode, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { encodeFunctionData, erc20Abi, getAddress } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { activeHeadPollers } from '../../src/core/live/headPoller.js'
import { memoryStorage } from '../../src/core/live/storage.js'
import { createTransactionTracker } from '../../src/core/live/tracker.js'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { useSendRawTransaction } from '../../src/react/useSendRawTransaction.js'
import { useTrackedTransactions, useTracker } from '../../src/react/useTrackedTransactions.js'
import { useTrackTransaction } from '../../src/react/useTrackTransaction.js'
import { accounts, startHeldChain } from '../core/live/support.js'
import { countingFetch, newQueryClient } from './support.js'

const CHAIN = '0x7a69'
let chain: Awaited<ReturnType<typeof startHeldChain>>
beforeAll(async () => void (chain = await startHeldChain()))
afterAll(() => chain?.anvil.stop())
// The provider's own tracker keeps records in the browser's storage (jsdom's here): each test starts empty.
beforeEach(() => localStorage.clear())

/** A provider over anvil (automine off) with a counting fetch; `tracker` when the test brings its own. */
function world(options: { tracker?: ReturnType<typeof createTransactionTracker>; strict?: boolean } = {}) {
  const counter = countingFetch()
  const client = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: chain.anvil.rpcUrl }, chain: CHAIN, extraChains: [CHAIN], retry: false, fetch: counter.fetch })
  const queryClient = newQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => {
    const tree = (
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client} pollingIntervalMs={30} tracker={options.tracker}>
          {children}
        </BlockfeedProvider>
      </QueryClientProvider>
    )
    return options.strict ? <StrictMode>{tree}</StrictMode> : tree
  }
  return { counter, client, wrapper }
}

describe('useSendRawTransaction tracks what it sends (anvil, automine off)', () => {
  it('the record is listed, pending, when mutateAsync resolves, with nothing asked of the node but the send; mining confirms it', async () => {
    const { counter, client, wrapper } = world()
    const me = accounts[0]!.address
    const { result } = renderHook(() => ({ send: useSendRawTransaction(), mine: useTrackedTransactions({ address: me.toLowerCase(), chain: CHAIN }) }), { wrapper })
    expect(result.current.mine).toEqual([])

    const token = '0x00000000000000000000000000000000000070c0' as const
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [accounts[2]!.address, 25_000_000n] })
    // Signed here, sent through the hook (not through the helper's own client).
    const nonce = await chain.test.getTransactionCount({ address: me, blockTag: 'pending' })
    const raw = await accounts[0]!.signTransaction({ chainId: 31337, type: 'eip1559', nonce, to: token, value: 0n, data, gas: 100_000n, maxFeePerGas: 101_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
    counter.reset()
    let hash = ''
    let methodsAtResolve: string[] = []
    await act(async () => {
      hash = await result.current.send.mutateAsync({ serializedTransaction: raw })
      methodsAtResolve = counter.requests.flatMap((r) => r.methods)
    })
    expect(result.current.mine).toHaveLength(1)
    expect(result.current.mine[0]).toMatchObject({
      hash, status: 'pending', from: me, nonce, to: getAddress(token), raw,
      tokenTransfer: { token: getAddress(token), from: me, to: accounts[2]!.address, amount: '25000000' },
    })
    // From the send to the listed record: only the send itself (everything else came from the raw transaction).
    expect(methodsAtResolve.filter((m) => m !== 'eth_blockNumber')).toEqual(['eth_sendRawTransaction'])
    expect(counter.count('eth_getTransactionByHash')).toBe(0)

    // Held in the pool while the tracker watches the head.
    await waitFor(() => expect(counter.count('eth_getTransactionReceipt')).toBeGreaterThan(0))
    expect(result.current.mine[0]!.status).toBe('pending')

    await chain.test.mine({ blocks: 1 })
    await waitFor(() => expect(result.current.mine[0]).toMatchObject({ hash, status: 'confirmed', confirmations: 1, final: true }))
    // Final: the provider's tracker stops polling.
    await waitFor(() => expect(activeHeadPollers(client)).toBe(0))
  })

  it('track: false leaves the tracker alone', async () => {
    const { wrapper } = world()
    const { result } = renderHook(() => ({ send: useSendRawTransaction({ track: false }), all: useTrackedTransactions() }), { wrapper })
    const nonce = await chain.test.getTransactionCount({ address: accounts[3]!.address, blockTag: 'pending' })
    const raw = await accounts[3]!.signTransaction({ chainId: 31337, type: 'eip1559', nonce, to: accounts[1]!.address, value: 5n, gas: 21_000n, maxFeePerGas: 101_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
    await act(async () => void (await result.current.send.mutateAsync({ serializedTransaction: raw })))
    expect(result.current.all).toEqual([])
    await chain.test.mine({ blocks: 1 })
  })
})

describe('useTrackTransaction and useTrackedTransactions', () => {
  it('a hash sent by other means (as wagmi would) is listed under `from` in one render, then filled in from the node and confirmed', async () => {
    const { wrapper } = world()
    const me = accounts[1]!.address
    let renders = 0
    const { result } = renderHook(
      () => {
        renders++
        return { track: useTrackTransaction(), mine: useTrackedTransactions({ address: me, chain: CHAIN }), others: useTrackedTransactions({ address: accounts[2]!.address, chain: CHAIN }) }
      },
      { wrapper },
    )
    const sent = await chain.send(1, { value: 777n })
    const before = renders
    await act(async () => void (await result.current.track({ hash: sent.hash, chain: CHAIN, from: me })))
    expect(result.current.mine.map((r) => [r.hash, r.status, r.from])).toEqual([[sent.hash, 'pending', me]])
    expect(renders - before).toBe(1)
    // Another wallet's list does not show it.
    expect(result.current.others).toEqual([])

    await waitFor(() => expect(result.current.mine[0]).toMatchObject({ nonce: sent.nonce, value: '777' }))
    await chain.test.mine({ blocks: 1 })
    await waitFor(() => expect(result.current.mine[0]).toMatchObject({ status: 'confirmed', final: true }))
  })

  it('uses the tracker passed as a prop (and leaves it running on unmount: it is the app’s)', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: chain.anvil.rpcUrl }, chain: CHAIN, extraChains: [CHAIN], retry: false })
    const tracker = createTransactionTracker({ client, storage: memoryStorage(), pollingIntervalMs: 30 })
    const { wrapper } = world({ tracker })
    const sent = await chain.send(2, { value: 3n })
    await tracker.track({ hash: sent.hash, chain: CHAIN, raw: sent.raw })
    const { result, unmount } = renderHook(() => useTrackedTransactions({ chain: CHAIN }), { wrapper })
    expect(result.current.map((r) => r.hash)).toEqual([sent.hash])
    unmount()
    expect(activeHeadPollers(client)).toBe(1)
    await chain.test.mine({ blocks: 1 })
    await waitFor(() => expect(tracker.get(sent.hash)?.status).toBe('confirmed'))
    tracker.stop()
  })

  it('the provider’s own tracker stops polling when the provider unmounts (StrictMode included); records come back on the next mount', async () => {
    const { client, wrapper } = world({ strict: true })
    const { result, unmount } = renderHook(() => ({ track: useTrackTransaction(), all: useTrackedTransactions({ chain: CHAIN }) }), { wrapper })
    const sent = await chain.send(3, { value: 9n })
    await act(async () => void (await result.current.track({ hash: sent.hash, chain: CHAIN, raw: sent.raw })))
    expect(result.current.all.map((r) => r.status)).toEqual(['pending'])
    await waitFor(() => expect(activeHeadPollers(client)).toBe(1))
    unmount()
    await waitFor(() => expect(activeHeadPollers(client)).toBe(0))

    // A reload: a new provider reads the same storage and follows the pending record again.
    const again = renderHook(() => useTrackedTransactions({ chain: CHAIN }), { wrapper })
    expect(again.result.current.map((r) => [r.hash, r.status])).toEqual([[sent.hash, 'pending']])
    await chain.test.mine({ blocks: 1 })
    await waitFor(() => expect(again.result.current[0]?.status).toBe('confirmed'))
    again.unmount()
  })

  it('one hook unmounting while another mounts in the same commit (a route change) keeps the same tracker running', async () => {
    const { client, wrapper } = world()
    const seen: unknown[] = []
    function ListPage() {
      const get = useTracker()
      useTrackedTransactions({ chain: CHAIN })
      seen.push(get())
      return null
    }
    function SendPage() {
      const get = useTracker()
      useTrackTransaction()
      seen.push(get())
      return null
    }
    const sent = await chain.send(0, { value: 4n })
    const { rerender } = render(<ListPage />, { wrapper })
    // A different provider has its own tracker.
    const { result: other } = renderHook(() => useTracker(), { wrapper })
    expect(other.current()).not.toBe(seen[0])
    const first = seen[0] as ReturnType<ReturnType<typeof useTracker>>
    await act(async () => void (await first.track({ hash: sent.hash, chain: CHAIN, raw: sent.raw })))
    await waitFor(() => expect(activeHeadPollers(client)).toBe(1))
    rerender(<SendPage />)
    await act(async () => {})
    expect(seen.at(-1)).toBe(first)
    expect(activeHeadPollers(client)).toBe(1)
    await chain.test.mine({ blocks: 1 })
    await waitFor(() => expect(first.get(sent.hash)?.status).toBe('confirmed'))
  })

  it('renders nothing tracked on the server (the server snapshot), even when the tracker has records', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: chain.anvil.rpcUrl }, chain: CHAIN, extraChains: [CHAIN], retry: false })
    const tracker = createTransactionTracker({ client, storage: memoryStorage(), pollingIntervalMs: 30 })
    const sent = await chain.send(0, { value: 1n })
    await tracker.track({ hash: sent.hash, chain: CHAIN, raw: sent.raw })
    function Count() {
      return <span>{useTrackedTransactions({ chain: CHAIN }).length} tracked</span>
    }
    const html = renderToString(
      <QueryClientProvider client={newQueryClient()}>
        <BlockfeedProvider client={client} tracker={tracker}>
          <Count />
        </BlockfeedProvider>
      </QueryClientProvider>,
    )
    expect(html).toContain('0<!-- --> tracked')
    tracker.stop()
    await chain.test.mine({ blocks: 1 })
  })
})

describe('the Pending group wired to the hooks (as the feed will be), on anvil', () => {
  it('sent → "Pending"; dropped by the node → "Send again" resends the kept raw → pending → mined → "Transaction confirmed"', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: chain.anvil.rpcUrl }, chain: CHAIN, extraChains: [CHAIN], retry: false })
    const tracker = createTransactionTracker({ client, storage: memoryStorage(), pollingIntervalMs: 30, dropAfterMs: 0 })
    const { wrapper } = world({ tracker })
    const me = accounts[2]!.address
    function Group() {
      const send = useSendRawTransaction()
      const records = useTrackedTransactions({ address: me, chain: CHAIN })
      return <PendingTransactions records={records} indexed={[]} chain={CHAIN} locale="en-US" onSendAgain={(raw) => send.mutate({ serializedTransaction: raw })} />
    }
    const { container } = render(<Group />, { wrapper })
    const row = () => container.querySelector<HTMLElement>('.bf-pending__item')
    // The group's live region (a mined row's transfer lines hold addresses, each with its own copy status).
    const announced = () => container.querySelector<HTMLElement>('.bf-pending > [role="status"]')!.textContent
    const sent = await chain.send(2, { value: 10n ** 17n, to: accounts[3]!.address })
    await act(async () => void (await tracker.track({ hash: sent.hash, chain: CHAIN, raw: sent.raw })))
    expect(row()!.getAttribute('data-status')).toBe('pending')
    expect(row()!.querySelector('.bf-pending__summary')!.textContent).toBe('Sending 0.1 ETH to 0x90F7…b906')

    await chain.test.dropTransaction({ hash: sent.hash })
    await chain.test.mine({ blocks: 1 })
    await waitFor(() => expect(row()!.getAttribute('data-status')).toBe('dropped'))
    expect(announced()).toBe('Transaction dropped: Send 0.1 ETH to 0x90F7…b906')

    fireEvent.click(screen.getByRole('button', { name: 'Send again' }))
    await waitFor(() => expect(row()!.getAttribute('data-status')).toBe('pending'))
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull()
    await chain.test.mine({ blocks: 1 })
    await waitFor(() => expect(row()!.getAttribute('data-status')).toBe('confirmed'))
    expect(announced()).toBe('Transaction confirmed: Sent 0.1 ETH to 0x90F7…b906')
    expect(row()!.querySelector('.bf-pending__summary')!.textContent).toBe('Sent 0.1 ETH to 0x90F7…b906')
    tracker.stop()
  })
})
