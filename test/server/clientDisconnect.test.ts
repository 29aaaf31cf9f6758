import type { ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, json, type FakeUpstream } from '../faults/support/fakeUpstream.js'
import { API_KEY, WALLET, rawEntry, rawPage } from '../faults/support/fixtures.js'
import { serveProxy } from './support.js'

// A browser that goes away (a closed tab, a page left, a query cancelled) must not leave the proxy's
// upstream request running: it holds a socket and counts against the service's quota for nobody.

const HISTORY = `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`
const RECEIPT = { jsonrpc: '2.0', id: 7, method: 'eth_getTransactionReceipt', params: [`0x${'ab'.repeat(32)}`] }

let upstream: FakeUpstream
/** Upstream requests the fake service is holding open, and whether each was closed by the proxy. */
let held: { res: ServerResponse; closed: boolean }[]

beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(() => upstream.close())
beforeEach(() => {
  upstream.reset()
  held = []
  // Never answers by itself: the test answers, or the proxy goes away.
  upstream.reply((_call, res) => {
    const entry = { res, closed: false }
    res.on('close', () => void (entry.closed = !res.writableFinished))
    held.push(entry)
  })
})

const served: Awaited<ReturnType<typeof serveProxy>>[] = []
afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()))
})

// Waits for a state however long a loaded machine takes; the deadline only fails one that never comes.
async function waitFor(check: () => boolean, ms = 15_000): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (check()) return true
    await new Promise((r) => setTimeout(r, 10))
  }
  return check()
}

const options = (extra: Partial<ProxyHandlerOptions> = {}): ProxyHandlerOptions => ({
  baseUrl: upstream.url,
  apiKey: API_KEY,
  rpc: { url: `${upstream.url}/rpc` },
  // Far longer than the test waits: only the client going away can end the upstream request.
  timeoutMs: 60_000,
  ...extra,
})

type Send = (path: string, init: RequestInit) => Promise<Response>

/** The Fetch handler called with a Request whose signal aborts, or a real HTTP client whose connection closes. */
const ROUTES: [string, (extra?: Partial<ProxyHandlerOptions>) => Promise<Send>][] = [
  ['Fetch handler', async (extra) => {
    const handler = createProxyHandler(options(extra))
    return (path, init) => handler(new Request(`http://proxy.test${path}`, init))
  }],
  ['node adapter', async (extra) => {
    const server = await serveProxy(createProxyHandler(options(extra)))
    served.push(server)
    return (path, init) => fetch(`${server.url}${path}`, init)
  }],
]

const rpcInit = (signal: AbortSignal): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(RECEIPT), signal })

describe.each(ROUTES)('client disconnect, %s', (_name, make) => {
  it('a wallet-history request whose client goes away has its upstream request aborted', async () => {
    const send = await make()
    const client = new AbortController()
    const pending = send(HISTORY, { signal: client.signal }).catch(() => undefined)
    expect(await waitFor(() => held.length === 1)).toBe(true)
    client.abort()
    expect(await waitFor(() => held[0]!.closed)).toBe(true)
    await pending
  })

  it('a JSON-RPC call whose client goes away has its upstream request aborted', async () => {
    const send = await make()
    const client = new AbortController()
    const pending = send('/api/blockfeed/rpc', rpcInit(client.signal)).catch(() => undefined)
    expect(await waitFor(() => held.length === 1)).toBe(true)
    client.abort()
    expect(await waitFor(() => held[0]!.closed)).toBe(true)
    await pending
  })

  it('cache on: identical requests share one upstream call, which one client leaving does not cancel for the others', async () => {
    const send = await make({ cache: true })
    const leaving = new AbortController()
    const first = send(HISTORY, { signal: leaving.signal }).catch(() => undefined)
    const second = send(HISTORY, {})
    expect(await waitFor(() => held.length === 1)).toBe(true)
    // The second request joins the call under way before the first goes away.
    await new Promise((r) => setTimeout(r, 100))
    leaving.abort()
    await new Promise((r) => setTimeout(r, 200))
    expect(held[0]!.closed).toBe(false)
    json(held[0]!.res, 200, rawPage([rawEntry(1)]))
    const answer = await second
    await first
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { result: unknown[] }).result).toHaveLength(1)
    expect(upstream.calls).toHaveLength(1)
  })

  // Two clients wait on one upstream call: the first leaving does not cancel it for the second.
  async function bothLeave(send: Awaited<ReturnType<typeof make>>, request: (signal: AbortSignal) => Promise<unknown>) {
    const clients = [new AbortController(), new AbortController()]
    const pending = clients.map((c) => request(c.signal).catch(() => undefined))
    expect(await waitFor(() => held.length === 1)).toBe(true)
    await new Promise((r) => setTimeout(r, 100))
    clients[0]!.abort()
    await new Promise((r) => setTimeout(r, 200))
    expect(held[0]!.closed).toBe(false)
    clients[1]!.abort()
    expect(await waitFor(() => held[0]!.closed)).toBe(true)
    await Promise.all(pending)
  }

  it('cache on: the shared upstream call is aborted when the last waiting client has gone, and the next request is served afresh', async () => {
    const send = await make({ cache: true })
    await bothLeave(send, (signal) => send(HISTORY, { signal }))

    // Not an upstream failure: the next client gets a new upstream call and its answer, not an error left behind.
    const next = send(HISTORY, {})
    expect(await waitFor(() => held.length === 2)).toBe(true)
    json(held[1]!.res, 200, rawPage([rawEntry(2)]))
    const answer = await next
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-blockfeed-cache')).toBe('miss')
  })

  it('cache on: a JSON-RPC read by hash shared by two clients is aborted upstream only when both have gone', async () => {
    const send = await make({ cache: true })
    await bothLeave(send, (signal) => send('/api/blockfeed/rpc', rpcInit(signal)))
  })
})
