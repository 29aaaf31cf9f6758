import type { z } from 'zod/mini'

/**
 * Compiles a zod/mini schema made of loose objects, arrays, pipes and transforms into a
 * direct walker that calls the very same transform functions: one source of truth, without
 * zod's per-field bookkeeping on the hot path (a 100-entry page runs ~10× faster). The walker
 * gives up at the first problem; the caller then runs zod itself for the issues and paths.
 */

const BAIL = Symbol('bail')
// What the field readers get as zod's context: reporting an issue gives up at once.
const payload = {
  value: undefined as unknown,
  issues: {
    push: (): never => {
      throw BAIL
    },
  } as unknown as unknown[],
}
type Walker = (value: unknown) => unknown
type Def = {
  type: string
  shape?: Record<string, z.core.SomeType>
  catchall?: z.core.SomeType
  element?: z.core.SomeType
  in?: z.core.SomeType
  out?: z.core.SomeType
  transform?: (value: unknown, payload: { value: unknown; issues: unknown[] }) => unknown
}

function defOf(schema: z.core.SomeType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def
}

/** One frozen empty list for every empty list of the model: a page has hundreds of them (most entries have no NFT or internal transfers). */
const EMPTY: readonly never[] = Object.freeze([])

/**
 * What a field reader returns unchanged without being called: `null` when it reads null as null,
 * and values passing `guard` (a JS expression over `$`, e.g. text that is already non-empty) or `test`.
 * Most fields of a page are such values; the generated code skips the call for them. A shortcut
 * must give exactly what its reader gives for those values (test/core/history/shortcuts.test.ts).
 */
export type Shortcut = {
  readonly nullAsNull: boolean
  readonly guard?: string
  /** A check too long for an expression (decimal digits): values passing it are returned as they are. */
  readonly test?: (value: unknown) => boolean
  /** What a value passing `guard` becomes, when not itself (shared text: one copy of it). */
  readonly map?: (value: never) => unknown
}
const shortcuts = new WeakMap<object, Shortcut>()

/** Marks a field schema with its shortcut (see `Shortcut`); returns the schema. */
export function withShortcut<S extends z.core.SomeType>(schema: S, shortcut: Shortcut): S {
  shortcuts.set(schema, shortcut)
  return schema
}

/** The expression that reads field `i` from its load `a{i}`: the shortcut inline, else a call. */
function fieldCode(schema: z.core.SomeType | undefined, i: number): string {
  const a = `a${i}`
  const call = `w${i}(${a}, p)`
  const cut = schema && shortcuts.get(schema)
  if (!cut) return call
  let code = call
  if (cut.test) code = `t${i}(${a}) ? ${a} : ${code}`
  if (cut.guard) code = `(${cut.guard.replaceAll('$', a)}) ? ${cut.map ? `m${i}(${a})` : a} : ${code}`
  if (cut.nullAsNull) code = `${a} === null ? null : ${code}`
  return `(${code})`
}

function compileNode(schema: z.core.SomeType, inPlace: boolean): Walker {
  const def = defOf(schema)
  switch (def.type) {
    case 'transform': {
      const transform = def.transform!
      return generate(['t', 'p'], 'return t(v, p)', [transform, payload]) ?? ((v) => transform(v, payload))
    }
    case 'pipe': {
      const first = compileNode(def.in!, inPlace)
      const second = compileNode(def.out!, inPlace)
      // A first step with a guard (a list that is already a list) is skipped inline for values passing it.
      const cut = shortcuts.get(def.in!)
      const code = cut?.guard && !cut.map && !cut.nullAsNull ? `return second((${cut.guard.replaceAll('$', 'v')}) ? v : first(v))` : 'return second(first(v))'
      return generate(['first', 'second'], code, [first, second]) ?? ((v) => second(first(v)))
    }
    case 'array': {
      const item = compileNode(def.element!, inPlace)
      const body = `if (!Array.isArray(v)) throw B
const n = v.length
if (n === 0) return E
const out = ${inPlace ? 'v' : 'new Array(n)'}
for (let i = 0; i < n; i++) out[i] = item(v[i])
return out`
      return generate(['item', 'B', 'E'], body, [item, BAIL, EMPTY]) ?? ((v) => {
        if (!Array.isArray(v)) throw BAIL
        const n = v.length
        if (n === 0) return EMPTY
        const out = inPlace ? v : new Array(n)
        for (let i = 0; i < n; i++) out[i] = item(v[i])
        return out
      })
    }
    case 'object': {
      const keys = Object.keys(def.shape!)
      const schemas = keys.map((k) => def.shape![k]!)
      // A field that is a single transform is called directly (one call per field, not two).
      const walkers = schemas.map((field) => (defOf(field).type === 'transform' ? (defOf(field).transform as Walker) : compileNode(field, inPlace)))
      // A loose object keeps unknown keys (catchall `unknown`); a strict one would not be compiled.
      if (!def.catchall || defOf(def.catchall).type !== 'unknown') throw new Error('compileReader: only loose objects are supported')
      const known = new Set(keys)
      return generateObject(keys, walkers, schemas, known, inPlace) ?? objectLoop(keys, walkers, known, inPlace)
    }
    default:
      throw new Error(`compileReader: unsupported schema type ${def.type}`)
  }
}

/**
 * One generated function per schema node: each has its own type feedback, so its calls and
 * property loads stay monomorphic and V8 inlines them (closures made from one literal share
 * feedback, which made the shared object and list walkers megamorphic). `undefined` where
 * `new Function` is not allowed (a strict Content-Security-Policy): the caller then uses closures.
 */
function generate(names: string[], body: string, values: unknown[]): Walker | undefined {
  try {
    return new Function(...names, `return function walk(v) {\n${body}\n}`)(...values) as Walker
  } catch {
    return undefined
  }
}

/**
 * An object's walker as one generated function. In place: an input that has every known key is
 * normalized where it is (each field stored back; a shared string replaces the parser's copy), no
 * second object. One that lacks a key (the spec's token transfer has no `direction`) is built anew
 * as one object literal: adding keys to it would hang a second property store on every such object.
 * Known keys present are counted from the same named loads; more keys than that means extra fields
 * (rare), kept. The fields' shortcuts are inlined (see `Shortcut`).
 */
function generateObject(keys: string[], walkers: Walker[], schemas: z.core.SomeType[], known: Set<string>, inPlace: boolean): Walker | undefined {
  const tests = schemas.map((schema) => shortcuts.get(schema)?.test)
  const maps = schemas.map((schema) => shortcuts.get(schema)?.map)
  const consts = keys.map((_, i) => `const w${i} = w[${i}]${tests[i] ? `, t${i} = t[${i}]` : ''}${maps[i] ? `, m${i} = m[${i}]` : ''}`).join('\n')
  const loads = keys.map((k, i) => `const a${i} = v[${JSON.stringify(k)}]`).join('\n')
  const present = keys.map((_, i) => `(a${i} === undefined ? 0 : 1)`).join(' + ') || '0'
  const literal = `{ ${keys.map((k, i) => `${JSON.stringify(k)}: ${fieldCode(schemas[i], i)}`).join(', ')} }`
  const inPlaceCode = inPlace
    ? `if (${keys.map((_, i) => `a${i} !== undefined`).join(' && ') || 'true'}) {
${keys.map((k, i) => `v[${JSON.stringify(k)}] = ${fieldCode(schemas[i], i)}`).join('\n')}
let n = 0
for (const _ in v) n++
if (n > ${keys.length}) checkExtras(v, known)
return v
}`
    : ''
  const body = `${consts}
return function walk(v) {
if (v === null || typeof v !== 'object' || Array.isArray(v)) throw B
${loads}
${inPlaceCode}
const out = ${literal}
let n = 0
for (const _ in v) n++
if (n > ${present}) copyExtras(v, out, known)
return out
}`
  try {
    return new Function('w', 't', 'm', 'p', 'B', 'known', 'checkExtras', 'copyExtras', body)(walkers, tests, maps, payload, BAIL, known, checkExtras, copyExtras) as Walker
  } catch {
    return undefined
  }
}

/** The same as `generateObject`, by loops, where code cannot be generated. */
function objectLoop(keys: string[], walkers: Walker[], known: Set<string>, inPlace: boolean): Walker {
  const read = walkers as ((v: unknown, p: unknown) => unknown)[]
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw BAIL
    const input = v as Record<string, unknown>
    let present = 0
    for (const k of keys) if (input[k] !== undefined) present++
    let n = 0
    for (const _ in input) n++
    if (inPlace && present === keys.length) {
      for (let i = 0; i < keys.length; i++) input[keys[i]!] = read[i]!(input[keys[i]!], payload)
      if (n > present) checkExtras(input, known)
      return input
    }
    const out: Record<string, unknown> = {}
    for (let i = 0; i < keys.length; i++) out[keys[i]!] = read[i]!(input[keys[i]!], payload)
    if (n > present) copyExtras(input, out, known)
    return out
  }
}

/** Extra fields of an object normalized in place stay where they are; only rounded integers in them are refused. */
function checkExtras(input: Record<string, unknown>, known: Set<string>): void {
  for (const k in input) if (!known.has(k)) keepExact(input[k])
}

/** Extra fields of an object built anew are copied to it. */
function copyExtras(input: Record<string, unknown>, out: Record<string, unknown>, known: Set<string>): void {
  for (const k in input) if (!known.has(k)) keep(out, k, keepExact(input[k]))
}

/** Stores an extra field as an own property: `out["__proto__"] = v` would swap the model's prototype instead. */
function keep(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  else out[key] = value
}

/**
 * An unknown field is kept as it came, unless JSON.parse already rounded a number in it (an
 * integer of 2^53 or more): then give up, and the caller re-reads the body losslessly.
 */
function keepExact(value: unknown): unknown {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) throw BAIL
  } else if (value !== null && typeof value === 'object') {
    for (const v of Array.isArray(value) ? value : Object.values(value)) keepExact(v)
  }
  return value
}

/**
 * A reader for `schema` that returns the parsed value, or `undefined` when the input has any
 * problem (so the caller runs `schema.safeParse` for the full issues). The result equals
 * `schema.parse(input)` whenever that succeeds (in `inPlace` mode up to key order).
 *
 * `inPlace`: the input is normalized where it is and returned — for a body the caller has just
 * parsed and owns. It may be left half-normalized when the reader gives up: parse it again.
 */
export function compileReader<S extends z.core.SomeType>(
  schema: S,
  { inPlace = false }: { inPlace?: boolean } = {},
): (input: unknown) => z.output<S> | undefined {
  const walk = compileNode(schema, inPlace)
  return (input) => {
    try {
      return walk(input) as z.output<S>
    } catch (e) {
      if (e === BAIL) return undefined
      throw e
    }
  }
}
