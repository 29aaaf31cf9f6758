import { keep } from './objects.js'
import type { Ctx } from './readers.js'
import type { Node } from './walk.js'

/** One problem of a body: where (keys and list indexes from the body's root) and what. */
export type Issue = { path: (string | number)[]; message: string }

/**
 * Reads `value` by the reader's tables as the zod schema they were generated from does
 * (`safeParse`): every field is read, and every problem is listed with its path, in the order zod
 * lists them. The walker (compile.ts) gives up at the first problem; this is what names it, without
 * loading zod. `issues` is empty when the value was read (then the returned value is the model).
 *
 * Straightforward on purpose: it runs only for a body the walker refused.
 */
export function check(node: Node, value: unknown, path: (string | number)[], issues: Issue[]): unknown {
  if (typeof node === 'function') {
    const ctx: Ctx = { issues: { push: (issue) => void issues.push({ path: [...path], message: issue.message }) } }
    return node(value, ctx)
  }
  if ('pipe' in node) {
    // Any problem in the first step stops the pipe, as in zod.
    const before = issues.length
    const first = check(node.pipe[0], value, path, issues)
    return issues.length === before ? check(node.pipe[1], first, path, issues) : undefined
  }
  if ('array' in node) {
    if (!Array.isArray(value)) return void issues.push({ path: [...path], message: 'expected array' })
    return value.map((item, i) => check(node.array, item, [...path, i], issues))
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return void issues.push({ path: [...path], message: 'expected object' })
  const input = value as Record<string, unknown>
  const shape = node.object
  const out: Record<string, unknown> = {}
  // Known keys in the tables' order, then the extra ones as sent (as the walker builds its objects).
  for (const key in shape) {
    const present = Object.hasOwn(input, key)
    const read = check(shape[key]!, present ? input[key] : undefined, [...path, key], issues)
    if (read !== undefined || present) out[key] = read
  }
  for (const key in input) if (!Object.hasOwn(shape, key) && input[key] !== undefined) keep(out, key, input[key])
  return out
}
