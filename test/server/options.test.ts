import { describe, expect, it } from 'vitest'
import { InvalidParameterError } from '../../src/core/errors.js'
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { API_KEY } from '../faults/support/fixtures.js'

// Options checked when the proxy is made, so that a bad one (often a Number() of a missing environment variable) stops the start, not every request.

const make = (extra: Partial<ProxyHandlerOptions>) => () => createProxyHandler({ baseUrl: 'http://127.0.0.1:9/', apiKey: API_KEY, ...extra })

describe('createProxyHandler options', () => {
  it('refuses a timeoutMs no timer can keep (NaN, Infinity, negative, over 2^31 - 1 ms), naming it', () => {
    for (const timeoutMs of [Number.NaN, Infinity, -1, 0, 2 ** 31, 1.5]) {
      expect(make({ timeoutMs }), String(timeoutMs)).toThrow(InvalidParameterError)
      expect(make({ timeoutMs }), String(timeoutMs)).toThrow(/`timeoutMs`/)
    }
    expect(make({ timeoutMs: 2 ** 31 - 1 })).not.toThrow()
  })

  it('refuses a maxRequestBytes that is no whole number of bytes (a NaN let any body through), naming it', () => {
    for (const maxRequestBytes of [Number.NaN, Infinity, -1, 0, 1.5]) {
      expect(make({ maxRequestBytes }), String(maxRequestBytes)).toThrow(/`maxRequestBytes`/)
    }
    expect(make({ maxRequestBytes: 1 })).not.toThrow()
  })
})

describe('the stores’ options, checked as the proxy’s own are', () => {
  it('refuses a fraction of a count or of a millisecond, and a timer past 2^31 - 1 ms, naming the option', () => {
    const refused: [Partial<ProxyHandlerOptions>, RegExp][] = [
      [{ rateLimit: { capacity: 1.5, refillPerSecond: 1 } }, /`rateLimit\.capacity`/],
      [{ rateLimit: { capacity: 10, refillPerSecond: Number.NaN } }, /`rateLimit\.refillPerSecond`/],
      [{ rateLimit: { capacity: 10, refillPerSecond: 1, redisTimeoutMs: 2 ** 31 } }, /`rateLimit\.redisTimeoutMs`/],
      [{ cache: { maxEntries: 1.5 } }, /`cache\.maxEntries`/],
      [{ cache: { maxBytes: Infinity } }, /`cache\.maxBytes`/],
      [{ cache: { ttlSeconds: Infinity } }, /`cache\.ttlSeconds`/],
      [{ cache: { redisTimeoutMs: 0.5 } }, /`cache\.redisTimeoutMs`/],
      [{ cache: { waitForOtherMs: 2 ** 31 } }, /`cache\.waitForOtherMs`/],
    ]
    for (const [extra, name] of refused) {
      expect(make(extra), JSON.stringify(extra)).toThrow(InvalidParameterError)
      expect(make(extra), JSON.stringify(extra)).toThrow(name)
    }
  })

  it('takes a fraction where one means something: a rate, a TTL in seconds', () => {
    expect(make({ rateLimit: { capacity: 2, refillPerSecond: 0.01 }, cache: { ttlSeconds: 0.5, redisTimeoutMs: 2 ** 31 - 1 } })).not.toThrow()
  })
})
