import { describe, expect, it } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { InvalidParameterError } from '../../../src/core/errors.js'
import { createTransactionTracker } from '../../../src/core/live/tracker.js'
import { memoryStorage } from '../../../src/core/live/storage.js'

const client = createClient({ baseUrl: 'https://api.test', rpc: { url: 'https://rpc.test' } })
const make = (options: object) => () => createTransactionTracker({ client, storage: memoryStorage(), ...options }).stop()

// Options often come from the environment (`Number(process.env.X)`): the tracker checks them as the client does.
describe('createTransactionTracker options', () => {
  it.each([
    ['pollingIntervalMs', 2 ** 31],
    ['pollingIntervalMs', 12.5],
    ['pollingIntervalMs', Number.NaN],
    ['maxCallsPerBlock', 0.5],
    ['maxCallsPerBlock', 0],
    ['dropAfterMs', -1],
    ['keepFinalMs', 1.5],
    ['confirmations', 2.5],
    ['confirmations', { eth: 0 }],
    ['confirmations', { base: 1.5 }],
  ])('%s = %s is an InvalidParameterError naming it', (name, value) => {
    const create = make({ [name]: value })
    expect(create).toThrow(InvalidParameterError)
    expect(create).toThrow(name)
  })

  it('whole numbers in range are taken (a timer up to 2^31 − 1 ms, a week of final records, per-chain targets)', () => {
    expect(make({ pollingIntervalMs: 2 ** 31 - 1, maxCallsPerBlock: 1, dropAfterMs: 0, keepFinalMs: 30 * 24 * 3600_000, confirmations: { eth: 12, base: 1 } })).not.toThrow()
  })
})
