/**
 * The client's head stream against a real proxy (createProxyHandler under toNodeHandler) on a real
 * anvil: read with fetch (Node has no EventSource), heartbeats and all. The tracker and watchHead's
 * listeners work unchanged above it, and the client sends no `eth_blockNumber` of its own while the
 * stream is up; the proxy gone, it polls; the proxy back, it returns to the stream.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { activeHeadPollers, watchHead } from '../../../src/core/live/headPoller.js'
import { memoryStorage } from '../../../src/core/live/storage.js'
import { createTransactionTracker } from '../../../src/core/live/tracker.js'
import { createProxyHandler } from '../../../src/server/createProxyHandler.js'
import { toNodeHandler } from '../../../src/server/toNodeHandler.js'
import { watchTurns } from '../../support/turns.js'
import { startHeldChain } from './support.js'

// Three intervals of silence send the client back to polling: long enough that a loaded run's late event is not silence.
const INTERVAL = 150
let chain: Awaited<ReturnType<typeof startHeldChain>>
const wait = (assertion: () => void) => vi.waitFor(assertion, { timeout: 10_000, interval: 10 })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  chain = await startHeldChain()
})
afterAll(() => chain?.anvil.stop())

/** The proxy on a port it can be started on again (stop, then start: the same URL). */
async function proxyServer() {
  const handler = createProxyHandler({
    baseUrl: 'http://127.0.0.1:1',
    apiKey: 'sk_test_head',
    rpc: { url: chain.anvil.rpcUrl },
    defaultChain: '0x7a69',
    extraChains: ['0x7a69'],
    headStream: { pollIntervalMs: 20, heartbeatMs: 30 },
  })
  let server: Server | undefined
  let port = 0
  const start = async () => {
    server = createServer(toNodeHandler(handler))
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  }
  const stop = () => new Promise<void>((resolve) => (server!.closeAllConnections(), server!.close(() => resolve())))
  await start()
  return { url: `http://127.0.0.1:${port}/api/blockfeed/head`, start, stop }
}

function streamingClient(headUrl: string) {
  return createClient({
    baseUrl: 'http://127.0.0.1:1',
    rpc: { url: chain.anvil.rpcUrl },
    chain: '0x7a69',
    extraChains: ['0x7a69'],
    retry: false,
    fetch: chain.counter.fetch,
    head: { url: headUrl },
  })
}

describe('the head stream from a real proxy', () => {
  it('watchHead hears every block from the stream, heartbeats keep a quiet chain on it, and the client polls nothing', async () => {
    const proxy = await proxyServer()
    const client = streamingClient(proxy.url)
    const heads: [bigint, bigint | undefined][] = []
    const release = watchHead(client, '0x7a69', { intervalMs: INTERVAL, onHead: (h, p) => heads.push([h, p]) })
    try {
      await wait(() => expect(heads).toHaveLength(1))
      // (Before the stream's first head the poller may have polled: a first interval's grace, then it reads.)
      chain.counter.reset()
      const start = heads[0]![0]
      const turns = watchTurns()
      // No block for ten intervals: past three of them, but the heartbeats say the stream is alive.
      await sleep(INTERVAL * 10)
      await chain.test.mine({ blocks: 1 })
      await wait(() => expect(heads.at(-1)).toEqual([start + 1n, start]))
      await chain.test.mine({ blocks: 1 })
      await wait(() => expect(heads.at(-1)).toEqual([start + 2n, start + 1n]))
      const stalled = turns.longest()
      turns.stop()
      // The proxy and the client share this process: had it stalled for three intervals (measured), the
      // heartbeats would have come late to any client, and a poll would be right. Short of that, none.
      if (stalled < 3 * INTERVAL) expect(chain.counter.calls('eth_blockNumber')).toBe(0)
    } finally {
      release()
      await proxy.stop()
    }
  })

  it('the proxy gone, the client polls the node; the proxy back, the stream takes over again', async () => {
    const proxy = await proxyServer()
    const client = streamingClient(proxy.url)
    const heads: bigint[] = []
    const release = watchHead(client, '0x7a69', { intervalMs: INTERVAL, onHead: (h) => heads.push(h) })
    try {
      await wait(() => expect(heads).toHaveLength(1))
      chain.counter.reset()
      await proxy.stop()
      await chain.test.mine({ blocks: 1 })
      await wait(() => expect(heads.at(-1)).toBe(heads[0]! + 1n))
      expect(chain.counter.calls('eth_blockNumber')).toBeGreaterThan(0)
      await proxy.start()
      // Back on the stream (its retry wait doubles while the proxy refuses): the polls stop.
      await wait(async () => {
        const before = chain.counter.calls('eth_blockNumber')
        await sleep(INTERVAL * 3)
        expect(chain.counter.calls('eth_blockNumber')).toBe(before)
      })
      await chain.test.mine({ blocks: 1 })
      await wait(() => expect(heads.at(-1)).toBe(heads[0]! + 2n))
    } finally {
      release()
      await proxy.stop()
    }
  })

  it('the tracker confirms a transaction on heads from the stream, with no eth_blockNumber of its own', async () => {
    const proxy = await proxyServer()
    const client = streamingClient(proxy.url)
    // A poll interval of its own long enough that a loaded machine's late event is not silence (three intervals): a fallback poll would be right, but is not what this test is about.
    const tracker = createTransactionTracker({ client, storage: memoryStorage(), pollingIntervalMs: INTERVAL * 10, confirmations: 2 })
    try {
      const sent = await chain.send(0, { value: 777n })
      chain.counter.reset()
      await tracker.track({ hash: sent.hash, chain: '0x7a69', raw: sent.raw })
      await sleep(INTERVAL * 2)
      await chain.test.mine({ blocks: 1 })
      await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'confirmed', confirmations: 1 }))
      await chain.test.mine({ blocks: 1 })
      await wait(() => expect(tracker.get(sent.hash)).toMatchObject({ status: 'confirmed', confirmations: 2, final: true }))
      expect(chain.counter.calls('eth_blockNumber')).toBe(0)
      expect(chain.counter.calls('eth_getTransactionReceipt')).toBeGreaterThan(0)
      await wait(() => expect(activeHeadPollers(client)).toBe(0))
    } finally {
      tracker.stop()
      await proxy.stop()
    }
  })
})
