import { BlockfeedError } from './base.js'

// An answer that cannot be read as what the spec describes.

/**
 * Thrown when an answer cannot be read as what the spec describes: a body that is not JSON, a
 * wallet-history page with a wrong field, a JSON-RPC reply that answers another call.
 *
 * The service sent something blockfeed cannot use; sending again will not change it
 * (`retryable` is false). `path` names the first wrong field: check that `baseUrl` points at
 * the service (an HTML page means it does not), or report the field to the service's owner.
 * Fields: `path` (e.g. `['result', 3, 'block_number']`) and `issues` (every problem, each with its path).
 *
 * @example
 * ```ts
 * import { ResponseShapeError, readWalletHistoryPage } from 'blockfeed'
 *
 * try {
 *   readWalletHistoryPage({ result: 'not a list' })
 * } catch (error) {
 *   if (error instanceof ResponseShapeError) console.log(error.path, error.issues.length)
 * }
 * ```
 */
export class ResponseShapeError extends BlockfeedError {
  override readonly name = 'ResponseShapeError' as const
  /** Always false: the same answer would come back. */
  readonly retryable = false
  /** Path of the first wrong field, e.g. `['result', 3, 'block_number']`. */
  readonly path: readonly (string | number)[]
  /** Every problem found, each with its path. */
  readonly issues: readonly { path: readonly (string | number)[]; message: string }[]

  constructor(resource: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const clean = issues.map((i) => ({
      path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: i.message,
    }))
    const first = clean[0]
    const where = first && first.path.length > 0 ? formatPath(first.path) : '(body)'
    super(`Unexpected ${resource}: ${where}: ${first?.message ?? 'unreadable'}`)
    this.path = first?.path ?? []
    this.issues = clean
  }
}

export function formatPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (out, p) => (typeof p === 'number' ? `${out}[${p}]` : out ? `${out}.${p}` : p),
    '',
  )
}
