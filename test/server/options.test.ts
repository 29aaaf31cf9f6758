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
