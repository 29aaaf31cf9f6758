// What every blockfeed error shares, and how to tell a blockfeed error (or an abort) from any other.

/** The `name` of each blockfeed error class; `switch (error.name)` on a {@link BlockfeedQueryError} narrows it to its class. */
export type BlockfeedErrorName =
  | 'InvalidParameterError'
  | 'HttpStatusError'
  | 'ResponseShapeError'
  | 'JsonRpcError'
  | 'TimeoutError'
  | 'NetworkError'

/**
 * The base class of every error blockfeed throws: test with `isBlockfeedError(error)` or
 * `error instanceof BlockfeedError`, then read `name` and `retryable` (or test for a subclass
 * with `instanceof` to read its fields).
 *
 * @example
 * ```ts
 * import { BlockfeedError, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * try {
 *   await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * } catch (error) {
 *   if (error instanceof BlockfeedError && error.retryable) console.log('Try again later:', error.message)
 * }
 * ```
 */
export abstract class BlockfeedError extends Error {
  /** Which class this is, stable across versions and bundles: switch on it. */
  abstract override readonly name: BlockfeedErrorName
  /** Whether the same request may succeed when sent again. */
  abstract readonly retryable: boolean
}

/**
 * Tells whether an error is an abort (your `AbortSignal`, or a query cancelled by TanStack Query),
 * which blockfeed never wraps: ignore it rather than showing it.
 *
 * @param error - Anything caught.
 * @returns True when it is an `Error` named `AbortError`.
 * @example
 * ```ts
 * import { createClient, isAbortError } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const controller = new AbortController()
 * const request = client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, { signal: controller.signal })
 * controller.abort()
 * await request.catch((error) => {
 *   if (!isAbortError(error)) throw error
 * })
 * ```
 */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/**
 * Tells whether an error is one of blockfeed's typed errors (any of the six classes).
 *
 * @param error - Anything caught.
 * @returns True for an instance of `BlockfeedError` (any of its six classes).
 * @example
 * ```ts
 * import { HttpStatusError, createClient, isBlockfeedError } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * try {
 *   await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * } catch (error) {
 *   if (!isBlockfeedError(error)) throw error
 *   if (error instanceof HttpStatusError && error.status === 401) console.log('Check the API key')
 *   else console.log(error.name, error.retryable)
 * }
 * ```
 */
export function isBlockfeedError(error: unknown): error is BlockfeedError {
  return error instanceof BlockfeedError
}
