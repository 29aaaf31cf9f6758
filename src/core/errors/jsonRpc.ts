import { BlockfeedError } from './base.js'

// A JSON-RPC node's error object: the node answered, and the answer is a refusal.

/**
 * Thrown when the JSON-RPC node answers a call with an error object (`{ code, message, data }`):
 * a reverted `eth_call`, invalid params, a transaction the node refuses.
 *
 * Codes -32603 (internal error), -32005 (limit exceeded) and 429 are `retryable` and were retried
 * by the client; the others (a revert, invalid params, an unknown method) are answers: show them
 * or fix the call. Fields: `code`, `rpcMessage` (the node's text), `data` (a revert's encoded
 * reason) and `method`.
 *
 * @example
 * ```ts
 * import { JsonRpcError, createClient } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth' })
 * try {
 *   await client.rpc({ method: 'eth_call', params: [{ to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', data: '0x12345678' }] })
 * } catch (error) {
 *   if (error instanceof JsonRpcError && error.code === 3) console.log('Reverted:', error.data)
 * }
 * ```
 */
export class JsonRpcError extends BlockfeedError {
  override readonly name = 'JsonRpcError' as const
  /** The JSON-RPC error code, e.g. -32602 invalid params, 3 execution reverted. */
  readonly code: number
  /** The error's `data` as the node sent it (for a revert, the encoded reason). */
  readonly data: unknown
  /** The method called, e.g. `eth_call`. */
  readonly method: string
  /** The node's own message, as sent. */
  readonly rpcMessage: string

  constructor(args: { code: number; message: string; data?: unknown; method: string }) {
    super(`${args.method} failed: ${args.message} (JSON-RPC ${args.code})`)
    this.code = args.code
    this.rpcMessage = args.message
    this.data = args.data
    this.method = args.method
  }

  /** True for -32603, -32005 and 429: the same call may pass later. */
  get retryable(): boolean {
    // Internal error and limit exceeded may pass; invalid params, reverts and unknown methods never do.
    return this.code === -32603 || this.code === -32005 || this.code === 429
  }
}
