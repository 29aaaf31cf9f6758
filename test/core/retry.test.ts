import { describe, expect, it } from 'vitest'
import { HttpStatusError, InvalidParameterError, TimeoutError } from '../../src/exports/index.js'
import { parseRetryAfter, resolveRetry, withRetry } from '../../src/core/retry.js'

const policy = (count: number) => ({ count, baseDelayMs: 1, maxDelayMs: 1_000 })

function failing(errors: unknown[], value = 'ok') {
  let calls = 0
  const attempt = async () => {
    const e = errors[calls++]
    if (e !== undefined) throw e
    return value
  }
  return { attempt, calls: () => calls }
}

describe('withRetry', () => {
  it('retries retryable errors up to count, then throws the last one', async () => {
    const e500 = new HttpStatusError({ status: 500, url: 'u' })
    const f = failing([e500, e500, e500, e500])
    await expect(withRetry(f.attempt, policy(2))).rejects.toBe(e500)
    expect(f.calls()).toBe(3)
  })

  it('returns the first success', async () => {
    const f = failing([new TimeoutError(1, 'u'), new HttpStatusError({ status: 502, url: 'u' })])
    expect(await withRetry(f.attempt, policy(3))).toBe('ok')
    expect(f.calls()).toBe(3)
  })

  it.each([
    ['a 4xx', new HttpStatusError({ status: 404, url: 'u' })],
    ['an invalid parameter', new InvalidParameterError('x', 'y')],
    ['a foreign error', new TypeError('bug')],
    ['an abort', new DOMException('aborted', 'AbortError')],
  ])('never retries %s', async (_, error) => {
    const f = failing([error, error])
    await expect(withRetry(f.attempt, policy(3))).rejects.toBe(error)
    expect(f.calls()).toBe(1)
  })

  it('does not retry once the caller aborted', async () => {
    const controller = new AbortController()
    const f = failing([new HttpStatusError({ status: 500, url: 'u' })])
    controller.abort()
    await expect(withRetry(f.attempt, policy(3), controller.signal)).rejects.toBeInstanceOf(HttpStatusError)
    expect(f.calls()).toBe(1)
  })
})

describe('resolveRetry', () => {
  it('defaults to 3 retries and reads false, a number or an object', () => {
    expect(resolveRetry(undefined)).toEqual({ count: 3, baseDelayMs: 300, maxDelayMs: 30_000 })
    expect(resolveRetry(false).count).toBe(0)
    expect(resolveRetry(5).count).toBe(5)
    expect(resolveRetry({ count: 1, baseDelayMs: 10 })).toEqual({ count: 1, baseDelayMs: 10, maxDelayMs: 30_000 })
    // A negative count was read as 0; it is now refused like any other count that is not a whole number ≥ 0.
    expect(() => resolveRetry(-2)).toThrow(InvalidParameterError)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z')
  it.each([
    ['120', 120_000], [' 0 ', 0], ['Wed, 01 Jan 2025 00:00:30 GMT', 30_000], ['Tue, 31 Dec 2024 00:00:00 GMT', 0], ['soon', undefined], [null, undefined], ['', undefined],
  ])('%j → %j ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms)
  })
})
