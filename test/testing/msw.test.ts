/**
 * blockfeed/testing/msw in an app's own tests: `setupServer(...testingHandlers())` answers the
 * client's ordinary fetch with the same data as the testing fetch, leaves other origins to the
 * app's handlers, and shows failures on demand.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createPublicClient, http as viemHttp } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HttpStatusError, createClient } from '../../src/exports/index.js'
import { TESTING_BASE_URL, TESTING_RPC_URL, createTestingFetch, testingWallets } from '../../src/exports/testing.js'
import { testingHandlers } from '../../src/exports/testing/msw.js'

const handlers = testingHandlers()
const server = setupServer(...handlers, http.get('https://app.example/ping', () => HttpResponse.text('pong')))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  handlers.reset()
})
afterAll(() => server.close())

const client = () => createClient({ baseUrl: TESTING_BASE_URL, rpc: { url: TESTING_RPC_URL }, retry: false })

describe('testingHandlers with setupServer', () => {
  it('answers the history with the same pages as the testing fetch', async () => {
    const viaMsw = await client().getWalletHistory({ address: testingWallets.rich, limit: 25 })
    const viaFetch = await createClient({ baseUrl: TESTING_BASE_URL, fetch: createTestingFetch() }).getWalletHistory({ address: testingWallets.rich, limit: 25 })
    expect(viaMsw.result).toHaveLength(25)
    expect(viaMsw).toEqual(viaFetch)
    const next = await client().getWalletHistory({ address: testingWallets.rich, limit: 25, cursor: viaMsw.cursor! })
    expect(next.result[0]!.hash).not.toBe(viaMsw.result[0]!.hash)
    expect(handlers.calls.history).toBe(2)
  })

  it('answers JSON-RPC for the client and for a stock viem client', async () => {
    expect(BigInt(await client().rpc({ method: 'eth_getBalance', params: [testingWallets.fresh, 'latest'] }))).toBe(420_000_000_000_000_000n)
    expect(await createPublicClient({ transport: viemHttp(`${TESTING_RPC_URL}/base`) }).getChainId()).toBe(8453)
    expect(handlers.calls.rpc).toBe(2)
  })

  it('leaves other origins to the app’s own handlers and says 404 for an unknown path of its own', async () => {
    expect(await (await fetch('https://app.example/ping')).text()).toBe('pong')
    expect((await fetch(`${TESTING_BASE_URL}/api/v2.2/nothing`)).status).toBe(404)
  })

  it('serves a failure set up for one test, then the data again', async () => {
    const failing = testingHandlers({ fail: { with: 500, times: 1 } })
    server.use(...failing)
    const error = await client().getWalletHistory({ address: testingWallets.fresh }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).status).toBe(500)
    expect((await client().getWalletHistory({ address: testingWallets.fresh })).result).toHaveLength(6)
  })
})
