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

function compileNode(schema: z.core.SomeType, inPlace: boolean): Walker {
  const def = defOf(schema)
  switch (def.type) {
    case 'transform': {
      const transform = def.transform!
      return (v) => transform(v, payload)
    }
    case 'pipe': {
      const first = compileNode(def.in!, inPlace)
      const second = compileNode(def.out!, inPlace)
      return (v) => second(first(v))
    }
    case 'array': {
      const item = compileNode(def.element!, inPlace)
      return (v) => {
        if (!Array.isArray(v)) throw BAIL
        const n = v.length
        if (n === 0) return EMPTY
        const out = inPlace ? v : new Array(n)
        for (let i = 0; i < n; i++) out[i] = item(v[i])
        return out
      }
    }
    case 'object': {
      const keys = Object.keys(def.shape!)
      // A field that is a single transform is called directly (one call per field, not two).
      const walkers = keys.map((k) => {
        const field = defOf(def.shape![k]!)
        return field.type === 'transform' ? (field.transform as Walker) : compileNode(def.shape![k]!, inPlace)
      })
      const known = new Set(keys)
      // A loose object keeps unknown keys (catchall `unknown`); a strict one would not be compiled.
      if (!def.catchall || defOf(def.catchall).type !== 'unknown') throw new Error('compileReader: only loose objects are supported')
      if (inPlace) {
        const update = objectUpdater(keys, walkers)
        const size = keys.length
        const count: Count = { n: 0 }
        return (v) => {
          if (v === null || typeof v !== 'object' || Array.isArray(v)) throw BAIL
          const input = v as Record<string, unknown>
          const out = update(input, count)
          if (out === input) {
            // Every known key was there: more keys than that means extra fields, kept where they are.
            let n = 0
            for (const _ in input) n++
            if (n > size) {
              for (const k in input) if (!known.has(k)) keepExact(input[k])
            }
          } else {
            // Built anew: copy extra keys, if the input has more keys than the known ones it has.
            let n = 0
            for (const _ in input) n++
            if (n > count.n) {
              for (const k in input) if (!known.has(k)) keep(out, k, keepExact(input[k]))
            }
          }
          return out
        }
      }
      const build = objectBuilder(keys, walkers)
      const count: Count = { n: 0 }
      return (v) => {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw BAIL
        const input = v as Record<string, unknown>
        const out = build(input, count)
        const present = count.n
        // Extra keys are rare: more keys than known keys present means there are some.
        let n = 0
        for (const _ in input) n++
        if (n > present) {
          for (const k in input) if (!known.has(k)) keep(out, k, keepExact(input[k]))
        }
        return out
      }
    }
    default:
      throw new Error(`compileReader: unsupported schema type ${def.type}`)
  }
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

/** How many known keys the last built input had; read by the caller right after `build`. */
type Count = { n: number }

/**
 * Builds the known keys as one object literal (monomorphic, ~3× faster than keyed stores) and
 * counts the known keys the input has from the same named loads (no keyed `in` per key).
 * Where `new Function` is not allowed (a strict Content-Security-Policy), a loop does it.
 */
function objectBuilder(keys: string[], walkers: Walker[]): (input: Record<string, unknown>, count: Count) => Record<string, unknown> {
  try {
    // The walkers become constants of the built function's closure, so calls to them can be inlined.
    const consts = keys.map((_, i) => `const w${i} = w[${i}]`).join('\n')
    const loads = keys.map((k, i) => `const a${i} = v[${JSON.stringify(k)}]`).join('\n')
    const present = keys.map((_, i) => `(a${i} === undefined ? 0 : 1)`).join(' + ')
    const fields = keys.map((k, i) => `${JSON.stringify(k)}: w${i}(a${i}, p)`).join(', ')
    const body = `${consts}\nreturn function build(v, c) {\n${loads}\nconst out = { ${fields} }\nc.n = ${present || '0'}\nreturn out\n}`
    return new Function('w', 'p', body)(walkers, payload) as (input: Record<string, unknown>, count: Count) => Record<string, unknown>
  } catch {
    return (input, count) => {
      const out: Record<string, unknown> = {}
      let n = 0
      for (let i = 0; i < keys.length; i++) {
        const value = input[keys[i]!]
        if (value !== undefined) n++
        out[keys[i]!] = (walkers[i] as (v: unknown, p: unknown) => unknown)(value, payload)
      }
      count.n = n
      return out
    }
  }
}

/**
 * Normalizes a freshly parsed object where it is when it has every known key: each field is
 * stored back (a shared string replaces the parser's copy), no second object. One that lacks a
 * key (the spec's token transfer has no `direction`) is built anew instead: adding keys to it
 * would hang a second property store on every such object. Same fallback as `objectBuilder`.
 */
function objectUpdater(keys: string[], walkers: Walker[]): (input: Record<string, unknown>, count: Count) => Record<string, unknown> {
  try {
    const consts = keys.map((_, i) => `const w${i} = w[${i}]`).join('\n')
    const loads = keys.map((k, i) => `const a${i} = v[${JSON.stringify(k)}]`).join('\n')
    const all = keys.map((_, i) => `a${i} !== undefined`).join(' && ') || 'true'
    const stores = keys.map((k, i) => `v[${JSON.stringify(k)}] = w${i}(a${i}, p)`).join('\n')
    const fields = keys.map((k, i) => `${JSON.stringify(k)}: w${i}(a${i}, p)`).join(', ')
    const present = keys.map((_, i) => `(a${i} === undefined ? 0 : 1)`).join(' + ') || '0'
    const body = `${consts}\nreturn function update(v, c) {\n${loads}\nif (${all}) {\n${stores}\nreturn v\n}\nc.n = ${present}\nreturn { ${fields} }\n}`
    return new Function('w', 'p', body)(walkers, payload) as (input: Record<string, unknown>, count: Count) => Record<string, unknown>
  } catch {
    return (input, count) => {
      count.n = keys.filter((k) => input[k] !== undefined).length
      const out: Record<string, unknown> = count.n === keys.length ? input : {}
      for (let i = 0; i < keys.length; i++) out[keys[i]!] = (walkers[i] as (v: unknown, p: unknown) => unknown)(input[keys[i]!], payload)
      return out
    }
  }
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
