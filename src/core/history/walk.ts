import type { z } from 'zod/mini'

/**
 * What every walker of the compiled reader (compile.ts) shares: how it gives up, the context it
 * hands the field readers, and how it reads a zod/mini schema's definition.
 */

/** Thrown by a walker at the first problem; the reader then returns `undefined` and zod names the path. */
export const BAIL = Symbol('bail')

// What the field readers get as zod's context: reporting an issue gives up at once.
export const payload = {
  value: undefined as unknown,
  issues: {
    push: (): never => {
      throw BAIL
    },
  } as unknown as unknown[],
}

export type Walker = (value: unknown) => unknown
export type Read = (value: unknown, ctx: typeof payload) => unknown
export type Def = {
  type: string
  shape?: Record<string, z.core.SomeType>
  catchall?: z.core.SomeType
  element?: z.core.SomeType
  in?: z.core.SomeType
  out?: z.core.SomeType
  transform?: Read
}

export function defOf(schema: z.core.SomeType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def
}

/** One frozen empty list for every empty list of the model: a page has hundreds of them (most entries have no NFT or internal transfers). */
export const EMPTY: readonly never[] = Object.freeze([])
