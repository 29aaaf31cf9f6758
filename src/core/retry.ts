import { HttpStatusError, InvalidParameterError, isAbortError, isBlockfeedError } from './errors.js'
import { checkCount, checkMs } from './options.js'

/**
 * How the client retries a failed request: how many times, and how long it waits between tries.
 *
 * This is blockfeed's one retry layer (the query options set TanStack Query's `retry` to false,
 * and viem's transport is built with `retryCount: 0`), so retries never multiply. Only errors
 * whose `retryable` is true are retried: timeouts, network failures, 408, 429 and 5xx, and the
 * JSON-RPC codes -32603, -32005 and 429. 4xx, invalid params, shape errors and aborts are never
 * retried; a 429 waits for its `Retry-After`. `eth_sendRawTransaction` is never retried.
 */
export interface RetryConfig {
  /**
   * Retries after the first attempt (so `3` means at most 4 calls).
   * @defaultValue `3`
   */
  count?: number
  /**
   * The first back-off delay in milliseconds; doubled each time, with ±25 % jitter.
   * @defaultValue `300`
   */
  baseDelayMs?: number
  /**
   * The longest single wait in milliseconds, including a `Retry-After`; a longer `Retry-After`
   * is not waited for (the error is thrown at once).
   * @defaultValue `30000`
   */
  maxDelayMs?: number
}

/**
 * The client's `retry` option: a number of retries (with the default delays), `false` for none,
 * or a {@link RetryConfig}.
 *
 * @example
 * ```ts
 * import { createClient } from 'blockfeed'
 *
 * const patient = createClient({ baseUrl: 'https://api.example.com', retry: { count: 5, baseDelayMs: 500 } })
 * const once = createClient({ baseUrl: 'https://api.example.com', retry: false })
 * ```
 */
export type RetryOption = number | false | RetryConfig

/** The policy `option` stands for; an option that is none of the documented forms is an `InvalidParameterError` naming it. */
export function resolveRetry(option: RetryOption | undefined): Required<RetryConfig> {
  if (option === false) return { count: 0, baseDelayMs: 0, maxDelayMs: 0 }
  if (typeof option === 'number') return { count: checkCount(option, 'retry')!, baseDelayMs: 300, maxDelayMs: 30_000 }
  if (option !== undefined && (option === null || typeof option !== 'object')) {
    throw new InvalidParameterError('retry', 'expected false, a number of retries or { count, baseDelayMs, maxDelayMs }')
  }
  return {
    count: checkCount(option?.count, 'retry.count') ?? 3,
    baseDelayMs: checkMs(option?.baseDelayMs, 'retry.baseDelayMs', 0) ?? 300,
    maxDelayMs: checkMs(option?.maxDelayMs, 'retry.maxDelayMs', 0) ?? 30_000,
  }
}

export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: Required<RetryConfig>,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt()
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error
      if (n >= policy.count || !isBlockfeedError(error) || !error.retryable) throw error
      const retryAfter = error instanceof HttpStatusError ? error.retryAfterMs : undefined
      if (retryAfter !== undefined && retryAfter > policy.maxDelayMs) throw error
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** n * (0.75 + Math.random() * 0.5))
      await sleep(retryAfter ?? backoff, signal)
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(t)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined
}
