import { describe, expect, it } from 'vitest'
import { createClient, InvalidParameterError } from '../../src/exports/index.js'

// Options often come from the environment (`Number(process.env.X)`): NaN, fractions and huge values
// must be refused when the client is made, naming the option, not fail later in every request.
const WALLET = '0x00000000000000000000000000000000000000a1'
const calls: string[] = []
const fetch503 = async (url: RequestInfo | URL) => {
  calls.push(String(url))
  return new Response('busy', { status: 503 })
}
const make = (extra: Record<string, unknown>) =>
  createClient({ baseUrl: 'http://history.invalid', chain: 'eth', rpc: { url: 'http://history.invalid/rpc' }, fetch: fetch503, ...extra } as never)

function refused(extra: Record<string, unknown>, parameter: string) {
  let error: unknown
  try {
    make(extra)
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(InvalidParameterError)
  expect((error as InvalidParameterError).parameter).toBe(parameter)
}

describe('createClient options', () => {
  it.each([
    ['timeoutMs: Infinity', { timeoutMs: Infinity }, 'timeoutMs'],
    ['timeoutMs: 1.5', { timeoutMs: 1.5 }, 'timeoutMs'],
    ['timeoutMs past what a timer holds', { timeoutMs: 2 ** 40 }, 'timeoutMs'],
    ['timeoutMs: NaN', { timeoutMs: Number.NaN }, 'timeoutMs'],
    ['retry: NaN', { retry: Number.NaN }, 'retry'],
    ['retry: -1', { retry: -1 }, 'retry'],
    ['retry: 1.5', { retry: 1.5 }, 'retry'],
    ['retry: "3"', { retry: '3' }, 'retry'],
    ['retry.count: NaN', { retry: { count: Number.NaN } }, 'retry.count'],
    ['retry.baseDelayMs: -1', { retry: { baseDelayMs: -1 } }, 'retry.baseDelayMs'],
    ['retry.maxDelayMs: NaN', { retry: { maxDelayMs: Number.NaN } }, 'retry.maxDelayMs'],
    ['batch.size: 0', { batch: { size: 0 } }, 'batch.size'],
    ['batch.size: 2.5', { batch: { size: 2.5 } }, 'batch.size'],
    ['batch.waitMs: -1', { batch: { waitMs: -1 } }, 'batch.waitMs'],
    ['batch: true', { batch: true }, 'batch'],
  ])('refuses %s with an InvalidParameterError naming it', (_, extra, parameter) => {
    refused(extra, parameter)
  })

  it('a retry count of NaN is refused when the client is made, before any request (it would retry without end)', async () => {
    calls.length = 0
    expect(() => make({ retry: { count: Number.NaN, baseDelayMs: 1 } })).toThrow(InvalidParameterError)
    expect(calls).toHaveLength(0)
  })

  it('takes the largest timeout a timer holds, and a long timeout does not make RPC calls time out at once', async () => {
    calls.length = 0
    const client = make({ timeoutMs: 2 ** 31 - 1, retry: false })
    await expect(client.getWalletHistory({ address: WALLET })).rejects.toMatchObject({ name: 'HttpStatusError', status: 503 })
    await expect(client.rpc({ method: 'eth_blockNumber' })).rejects.toMatchObject({ name: 'HttpStatusError', status: 503 })
    expect(calls).toHaveLength(2)
  })

  it('keeps the documented forms: retry false, a count, an object; batch false or an object; whole milliseconds', () => {
    for (const extra of [{ retry: false }, { retry: 0 }, { retry: 5 }, { retry: { count: 1, baseDelayMs: 0, maxDelayMs: 10 } }, { batch: false }, { batch: { size: 1, waitMs: 0 } }, { timeoutMs: 1 }, { timeoutMs: 2_000 }]) {
      expect(() => make(extra)).not.toThrow()
    }
  })
})
