import { BlockfeedError } from './base.js'

// Input refused before anything is sent.

/**
 * Thrown when your input is refused before any request is sent: a malformed address, an unknown
 * chain, a bad block number or date, a JSON-RPC method outside the 28, a client option out of range.
 *
 * Nothing was sent, and sending it again cannot help (`retryable` is false): fix the input that
 * `parameter` names. In a hook, the query ends in this error at once instead of waiting.
 * Fields: `parameter` (as you named it, e.g. `address`, `params[0].to`) and `reason`.
 *
 * @example
 * ```ts
 * import { InvalidParameterError, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * try {
 *   await client.getWalletHistory({ address: '0x123' })
 * } catch (error) {
 *   if (error instanceof InvalidParameterError) console.log(`Check ${error.parameter}: ${error.reason}`)
 * }
 * ```
 */
export class InvalidParameterError extends BlockfeedError {
  override readonly name = 'InvalidParameterError' as const
  /** Always false: the same input is refused again. */
  readonly retryable = false
  /** Which parameter was wrong, as the caller named it (e.g. `address`, `params[0].to`). */
  readonly parameter: string
  /** Why it was refused, e.g. `expected 0x followed by 40 hex characters`. */
  readonly reason: string

  constructor(parameter: string, reason: string) {
    super(`Invalid parameter \`${parameter}\`: ${reason}`)
    this.parameter = parameter
    this.reason = reason
  }
}
