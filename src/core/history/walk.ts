import type { Ctx, Reader } from './readers.js'

/**
 * What every walker of the compiled reader (compile.ts) and the checker (check.ts) share: the
 * tables they walk, how the walker gives up, and the context it hands the field readers.
 */

/**
 * A node of the reader's tables (tables.ts, generated from the zod schemas): a field reader, a loose
 * object (its known keys; other keys are kept as sent), a list, or two steps one after the other
 * (zod's `pipe`: the second reads what the first gave, and runs only when the first reported nothing).
 */
export type Node =
  | Reader
  | { readonly object: { readonly [key: string]: Node } }
  | { readonly array: Node }
  | { readonly pipe: readonly [Node, Node] }

/** Thrown by a walker at the first problem; the reader then returns `undefined` and the checker names the path. */
export const BAIL = Symbol('bail')

// What the field readers get as their context: reporting an issue gives up at once.
export const payload: Ctx = {
  issues: {
    push: (): never => {
      throw BAIL
    },
  },
}

export type Walker = (value: unknown) => unknown
export type Read = Reader

/** One frozen empty list for every empty list of the model: a page has hundreds of them (most entries have no NFT or internal transfers). */
export const EMPTY: readonly never[] = Object.freeze([])
