import { describe, expect, it } from 'vitest'
import {
  BlockfeedError,
  createClient,
  HttpStatusError,
  InvalidParameterError,
  isAbortError,
  isBlockfeedError,
  JsonRpcError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
} from '../../src/exports/index.js'

describe('error classes', () => {
  const all = [
    new InvalidParameterError('address', 'expected 0x…'),
    new HttpStatusError({ status: 503, url: 'https://x.test/a' }),
    new ResponseShapeError('wallet history page', [{ path: ['result', 2, 'value'], message: 'expected an integer' }]),
    new JsonRpcError({ code: 3, message: 'execution reverted', data: '0x08c379a0', method: 'eth_call' }),
    new TimeoutError(1000, 'https://x.test'),
    new NetworkError('https://x.test', new TypeError('fetch failed')),
  ]

  it('are Errors and BlockfeedErrors with distinct, stable names to switch on', () => {
    for (const e of all) {
      expect(e).toBeInstanceOf(Error)
      expect(e).toBeInstanceOf(BlockfeedError)
      expect(isBlockfeedError(e)).toBe(true)
    }
    expect(all.map((e) => e.name)).toEqual(['InvalidParameterError', 'HttpStatusError', 'ResponseShapeError', 'JsonRpcError', 'TimeoutError', 'NetworkError'])
    expect(isBlockfeedError(new Error('x'))).toBe(false)
  })

  it('say what was wrong in their message and fields', () => {
    expect(all[0]!.message).toBe('Invalid parameter `address`: expected 0x…')
    expect(all[1]!.message).toContain('503')
    expect(all[2]).toMatchObject({ path: ['result', 2, 'value'] })
    expect(all[2]!.message).toBe('Unexpected wallet history page: result[2].value: expected an integer')
    expect(all[3]).toMatchObject({ code: 3, data: '0x08c379a0', method: 'eth_call', rpcMessage: 'execution reverted' })
    expect((all[5] as NetworkError).cause).toBeInstanceOf(TypeError)
  })

  it.each([
    [400, false], [401, false], [404, false], [408, true], [429, true], [500, true], [502, true],
  ])('HTTP %i retryable: %s', (status, retryable) => {
    expect(new HttpStatusError({ status, url: 'u' }).retryable).toBe(retryable)
  })

  it.each([
    [-32602, false], [-32601, false], [3, false], [-32000, false], [-32603, true], [-32005, true],
  ])('JSON-RPC %i retryable: %s', (code, retryable) => {
    expect(new JsonRpcError({ code, message: 'm', method: 'eth_call' }).retryable).toBe(retryable)
  })

  it('isAbortError recognizes the platform abort', () => {
    const controller = new AbortController()
    controller.abort()
    expect(isAbortError(controller.signal.reason)).toBe(true)
    expect(isAbortError(new TimeoutError(1, 'x'))).toBe(false)
  })

  it('createClient refuses a bad config by name', () => {
    const bad = (c: unknown) => {
      try {
        createClient(c as never)
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidParameterError)
        return (e as InvalidParameterError).parameter
      }
      return undefined
    }
    expect(bad(undefined)).toBe('config')
    expect(bad({})).toBe('baseUrl')
    expect(bad({ baseUrl: 'https://x.test', apiKey: 'a\r\nX-Evil: 1' })).toBe('apiKey')
    expect(bad({ baseUrl: 'https://x.test', timeoutMs: 0 })).toBe('timeoutMs')
    expect(bad({ baseUrl: 'https://x.test', chain: 'nope' })).toBe('chain')
  })

  it('a refused apiKey is never echoed in the message', () => {
    try {
      createClient({ baseUrl: 'https://x.test', apiKey: 'sk-very-secret\n' })
    } catch (e) {
      expect((e as Error).message).not.toContain('sk-very-secret')
    }
  })
})
