import type { z } from 'zod/mini'
import { compileReader } from '../../../src/core/history/compile'
import type { Node } from '../../../src/core/history/walk'
// @ts-expect-error plain ESM script without types
import { describeSchema } from '../../../scripts/history-tables.mjs'

/** The reader's tables of a zod/mini schema, as scripts/history-tables.mjs makes them for tables.ts. */
export const tablesOf = (schema: z.core.SomeType): Node => describeSchema(schema) as Node

/** The walker for a zod/mini schema's tables: what the schema gives, or `undefined` where it reports an issue. */
export function compileSchema<S extends z.core.SomeType>(schema: S, options?: { inPlace?: boolean }): (input: unknown) => z.output<S> | undefined {
  return compileReader<z.output<S>>(tablesOf(schema), options)
}
