import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProxyHandler } from '../../src/server/createProxyHandler.js'
import { startFakeUpstream, json, type FakeUpstream } from '../faults/support/fakeUpstream.js'
import { API_KEY, WALLET, rawEntry, rawPage } from '../faults/support/fixtures.js'
import { startRedis } from '../support/redis.js'

// A Redis that stops answering: the proxy fails open, and no request after the first waits on it.

const HISTORY = `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`
let upstream: FakeUpstream

beforeAll(async () => {
  upstream = await startFakeUpstream()
  upstream.reply((_call, res) => json(res, 200, rawPage([rawEntry(1)])))
})
afterAll(() => upstream.close())

describe('Redis down', () => {
  it('is not asked again by every request of the outage (each ask costs a request redisTimeoutMs): the first finds it down, the next go on without it', async () => {
    const own = await startRedis()
    // ioredis' defaults queue commands while reconnecting: every command sent during the outage waits out the deadline.
    const client = new Redis({ port: own.port, host: '127.0.0.1' })
    client.on('error', () => {})
    try {
      await client.ping()
      const warnings: string[] = []
      const handler = createProxyHandler({
        baseUrl: upstream.url,
        apiKey: API_KEY,
        rateLimit: { capacity: 100, refillPerSecond: 1, redis: client, redisTimeoutMs: 50, onWarning: (m) => warnings.push(m) },
        cache: { redis: client, redisTimeoutMs: 50, onWarning: (m) => warnings.push(m) },
      })
      await own.kill()
      let sent = 0
      const send = client.sendCommand.bind(client)
      client.sendCommand = ((...args: Parameters<typeof send>) => (sent++, send(...args))) as typeof client.sendCommand
      const statuses: number[] = []
      for (let i = 1; i <= 6; i++) statuses.push((await handler(new Request(`http://proxy.test${HISTORY}?limit=${i}`))).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200])
      // One command each for the limit and the cache finds the outage, not four a request (limit, read, lock, store).
      expect(sent).toBeLessThanOrEqual(2)
      expect(warnings).toHaveLength(2)
    } finally {
      client.disconnect()
      await own.stop()
    }
  })
})
