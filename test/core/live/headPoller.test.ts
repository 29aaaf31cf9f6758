import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { activeHeadPollers, watchHead } from '../../../src/core/live/headPoller.js'
import { createClient } from '../../../src/core/client.js'
import { startHeldChain } from './support.js'

let chain: Awaited<ReturnType<typeof startHeldChain>>
const wait = (assertion: () => void) => vi.waitFor(assertion, { timeout: 15_000, interval: 10 })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  chain = await startHeldChain()
})
afterAll(() => chain?.anvil.stop())
afterEach(() => {
  delete (globalThis as { document?: unknown }).document
})

describe('watchHead: one head poller per client and chain', () => {
  it('subscribers share one poller; a late one gets the known head without a request; the last release stops it', async () => {
    const client = chain.makeClient()
    chain.counter.reset()
    const a: [bigint, bigint | undefined][] = []
    const b: [bigint, bigint | undefined][] = []
    const releaseA = watchHead(client, '0x7a69', { intervalMs: 20, onHead: (h, p) => a.push([h, p]) })
    await wait(() => expect(a).toHaveLength(1))
    expect(a[0]![1]).toBeUndefined() // a baseline, not a new block
    const polls = chain.counter.calls('eth_blockNumber')
    const releaseB = watchHead(client, '0x7a69', { intervalMs: 1_000, onHead: (h, p) => b.push([h, p]) })
    await wait(() => expect(b).toHaveLength(1))
    expect(b[0]).toEqual([a[0]![0], undefined])
    expect(chain.counter.calls('eth_blockNumber')).toBeLessThanOrEqual(polls + 1) // only the running poller's own tick
    expect(activeHeadPollers(client)).toBe(1)

    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(b).toHaveLength(2))
    expect(a.at(-1)).toEqual([a[0]![0] + 1n, a[0]![0]])
    expect(b.at(-1)).toEqual([a[0]![0] + 1n, a[0]![0]])
    // One poller: every request carries at most one eth_blockNumber call.
    expect(chain.counter.requests.every((r) => r.methods.filter((m) => m === 'eth_blockNumber').length <= 1)).toBe(true)

    releaseA()
    expect(activeHeadPollers(client)).toBe(1)
    releaseB()
    expect(activeHeadPollers(client)).toBe(0)
    // A poll that had started is sent on the batch's 0 ms timer, which fires before this one whatever the load.
    await sleep(20)
    chain.counter.reset()
    await sleep(150)
    expect(chain.counter.requests).toHaveLength(0)
  })

  it("one subscriber's onPoll throwing keeps the head coming to the others, and that subscriber hears the error", async () => {
    const client = chain.makeClient()
    const heads: bigint[] = []
    const errors: unknown[] = []
    const releaseBad = watchHead(client, '0x7a69', {
      intervalMs: 20,
      onHead: () => {},
      onPoll: () => {
        throw new Error('listener bug')
      },
      onError: (e) => errors.push(e),
    })
    const releaseGood = watchHead(client, '0x7a69', { intervalMs: 20, onHead: (h) => heads.push(h) })
    await wait(() => expect(heads.length).toBeGreaterThan(0))
    await chain.test.mine({ blocks: 1 })
    await wait(() => expect(heads).toHaveLength(2))
    expect(heads[1]).toBe(heads[0]! + 1n)
    expect(errors.length).toBeGreaterThan(0)
    expect((errors[0] as Error).message).toBe('listener bug')
    releaseBad()
    releaseGood()
  })

  it('polls nothing while the tab is hidden and polls at once when it is shown', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
    ;(globalThis as { document?: unknown }).document = doc
    const client = chain.makeClient()
    const heads: bigint[] = []
    const release = watchHead(client, undefined, { intervalMs: 20, onHead: (h) => heads.push(h) })
    await wait(() => expect(heads).toHaveLength(1))

    doc.visibilityState = 'hidden'
    await sleep(60) // a poll already on its way may finish
    chain.counter.reset()
    await chain.test.mine({ blocks: 1 })
    await sleep(200)
    expect(chain.counter.requests).toHaveLength(0)
    expect(heads).toHaveLength(1)

    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    await wait(() => expect(heads).toHaveLength(2))
    expect(heads[1]).toBe(heads[0]! + 1n)
    release()
  })
})

describe('watchHead: a head no block number can be', () => {
  it('2^200 from a broken node is that poll’s error, not the last head: the real blocks after it still come', async () => {
    const node = answeringNodeOnce()
    const client = createClient({ baseUrl: 'https://api.test', rpc: { url: 'https://rpc.test' }, fetch: node.fetch, retry: false })
    const heads: bigint[] = []
    const errors: unknown[] = []
    const release = watchHead(client, undefined, { intervalMs: 10, onHead: (h) => heads.push(h), onError: (e) => errors.push(e) })
    await wait(() => expect(heads).toEqual([0x10n, 0x11n]))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(RangeError)
    expect((errors[0] as Error).message).toMatch(/eth_blockNumber: not a block number/)
    release()
  })
})

/** Answers eth_blockNumber with 2^200 once, then 0x10, then 0x11 from then on. */
function answeringNodeOnce() {
  const answers = [`0x1${'0'.repeat(50)}`, '0x10', '0x11']
  let i = 0
  const fetchFn: typeof fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number } | { id: number }[]
    const result = answers[Math.min(i++, answers.length - 1)]
    const replies = [body].flat().map((c) => ({ jsonrpc: '2.0', id: c.id, result }))
    return Response.json(Array.isArray(body) ? replies : replies[0])
  }
  return { fetch: fetchFn }
}
