import type { z } from 'zod/mini'

/**
 * Builds, from a zod/mini schema made of loose objects, arrays, pipes and transforms, a direct
 * walker that calls the very same transform functions: one source of truth, without zod's
 * per-field bookkeeping on the hot path. The walker gives up at the first problem; the caller
 * then runs zod itself for the issues and paths.
 *
 * Closures and tables only, no code made from strings: under a strict Content-Security-Policy
 * (no 'unsafe-eval') every attempt to compile a string is a reported violation, even one that is caught.
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
type Read = (value: unknown, ctx: typeof payload) => unknown
type Def = {
  type: string
  shape?: Record<string, z.core.SomeType>
  catchall?: z.core.SomeType
  element?: z.core.SomeType
  in?: z.core.SomeType
  out?: z.core.SomeType
  transform?: Read
}

function defOf(schema: z.core.SomeType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def
}

/** One frozen empty list for every empty list of the model: a page has hundreds of them (most entries have no NFT or internal transfers). */
const EMPTY: readonly never[] = Object.freeze([])

/** Text of decimal digits only, by char codes: cheaper than a regular expression on every integer field. */
export function isDigits(s: string): boolean {
  const n = s.length
  if (n === 0) return false
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

/**
 * The checks a shortcut can name: values passing one are already in the model's form.
 * `text`: non-empty text; `digits`: text of decimal digits; `boolean`; `list`: an array.
 */
export type Guard = 'text' | 'digits' | 'boolean' | 'list'
const GUARDS: Record<Guard, number> = { text: 1, digits: 2, boolean: 3, list: 4 }

/** Whether `v` passes guard number `guard` (0: none). One function, so the walkers inline it. */
function passes(guard: number, v: unknown): boolean {
  switch (guard) {
    case 1:
      return typeof v === 'string' && v !== ''
    case 2:
      return typeof v === 'string' && isDigits(v)
    case 3:
      return typeof v === 'boolean'
    case 4:
      return Array.isArray(v)
    default:
      return false
  }
}

/**
 * What a field reader returns unchanged without being called: `null` when it reads null as null,
 * and values passing `guard`. Most fields of a page are such values; the walker skips the call
 * for them. A shortcut must give exactly what its reader gives for those values
 * (test/core/history/shortcuts.test.ts).
 */
export type Shortcut = {
  readonly nullAsNull: boolean
  readonly guard?: Guard
  /** What a value passing `guard` becomes, when not itself (shared text: one copy of it). */
  readonly map?: (value: string) => string
  /**
   * For the first step of a pipe into a loose object: all the step does is move key `from` to
   * `to` when `to` is null or missing and `from` is not; any other value it returns as it is. The
   * walker then reads `from` as `to` itself, without the step's copy of the object.
   */
  readonly rename?: Alias
}
type Alias = { readonly from: string; readonly to: string }
const shortcuts = new WeakMap<object, Shortcut>()

/** Marks a field schema with its shortcut (see `Shortcut`); returns the schema. */
export function withShortcut<S extends z.core.SomeType>(schema: S, shortcut: Shortcut): S {
  shortcuts.set(schema, shortcut)
  return schema
}

function compileNode(schema: z.core.SomeType, inPlace: boolean): Walker {
  const def = defOf(schema)
  switch (def.type) {
    case 'transform': {
      const transform = def.transform!
      return (v) => transform(v, payload)
    }
    case 'pipe': {
      const cut = shortcuts.get(def.in!)
      if (cut?.rename && defOf(def.out!).type === 'object') return objectWalker(defOf(def.out!), inPlace, cut.rename)
      const first = compileNode(def.in!, inPlace)
      const second = compileNode(def.out!, inPlace)
      // A first step with a guard (a list that is already a list) is skipped for values passing it.
      const guard = cut?.guard && !cut.map && !cut.nullAsNull ? GUARDS[cut.guard] : 0
      return guard ? (v) => second(passes(guard, v) ? v : first(v)) : (v) => second(first(v))
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
    case 'object':
      return objectWalker(def, inPlace)
    default:
      throw new Error(`compileReader: unsupported schema type ${def.type}`)
  }
}

/**
 * An object's walker, driven by tables of its fields (key, reader, shortcut). The input's keys are
 * visited in their own order (for…in: no lookup by name per field), each matched to its field by
 * remembering the keys of the previous object of the kind, which the next one nearly always
 * repeats. In place: an input that has every known key is normalized where it is (a field stored
 * back unless its shortcut gave the value as it came; a shared string replaces the parser's copy),
 * no second object. Otherwise (copying, a known key missing — the spec's token transfer has no
 * `direction` — or `alias` used) the model is a copy of a template holding its keys, filled in:
 * known keys in the schema's order as zod builds the object, then the extra ones in the input's.
 * A template is made once per list of extra keys; a copy of it keeps every field in the object
 * itself (adding keys to an object one by one would hang a second property store on it).
 *
 * One closure on purpose, longer than 80 lines: the walker returned is the reader's hot path, run
 * once per object of a 290 kB page; its tables live in this closure's variables, and splitting it
 * would pass them to a call per field on the path `test/bench/history.mjs` holds to its budget.
 */
function objectWalker(def: Def, inPlace: boolean, alias?: Alias): Walker {
  // A loose object keeps unknown keys (catchall `unknown`); a strict one would not be read right.
  if (!def.catchall || defOf(def.catchall).type !== 'unknown') throw new Error('compileReader: only loose objects are supported')
  const shape = def.shape!
  const keys = Object.keys(shape)
  const n = keys.length
  const index = new Map(keys.map((k, i) => [k, i]))
  // A field that is a single transform is called directly (one call per field, not two).
  const reads: Read[] = keys.map((k) => {
    const field = shape[k]!
    return defOf(field).type === 'transform' ? defOf(field).transform! : compileNode(field, inPlace)
  })
  const cuts = keys.map((k) => shortcuts.get(shape[k]!))
  // Each field's shortcut as one number: its guard, NULL (null read as null), MAP (a `map`).
  const kinds = cuts.map((cut) => (cut?.guard ? GUARDS[cut.guard] : 0) | (cut?.nullAsNull ? NULL : 0) | (cut?.map ? MAP : 0))
  const maps = cuts.map((cut) => cut?.map)
  // Objects built anew are copies of a template with their keys: every field in the object itself.
  const templates = new Map<string, Record<string, unknown> | null>([['', template(keys)]])
  if (!templates.get('')) throw new Error('compileReader: keys that read as array indexes are not supported')
  const aliasFrom = alias?.from
  const aliasTo = alias ? (index.get(alias.to) ?? -1) : -1
  if (alias && (aliasTo < 0 || index.has(alias.from))) throw new Error(`compileReader: cannot read ${alias.from} as ${alias.to}`)
  // The previous object's keys in order, and their fields (EXTRA: not a known key; ALIAS: `alias.from`).
  const order: string[] = []
  const slots: number[] = []
  // The current object's values by field, and the call that read each (walkers never re-enter themselves).
  const values: unknown[] = new Array(n).fill(undefined)
  const seen: number[] = new Array(n).fill(0)
  const extraKeys: string[] = []
  let call = 0
  let aliasWasNull = false
  // The extra keys of the last object built anew with extra fields, and its template.
  let lastExtras: string[] = []
  let lastTemplate: Record<string, unknown> | null | undefined
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw BAIL
    const input = v as Record<string, unknown>
    const c = ++call
    let j = 0
    let present = 0
    let extras = 0
    let moved: unknown
    for (const key in input) {
      const a = input[key]
      let i: number
      if (key === order[j]) i = slots[j]!
      else {
        i = index.get(key) ?? (key === aliasFrom ? ALIAS : EXTRA)
        order[j] = key
        slots[j] = i
      }
      j++
      if (a === undefined) continue
      if (i < 0) {
        extraKeys[extras++] = key
        if (i === ALIAS) moved = a
        else keepExact(a)
        continue
      }
      present++
      seen[i] = c
      if (i === aliasTo) aliasWasNull = a === null
      const kind = kinds[i]!
      let x: unknown = a
      if (a === null && kind & NULL) {
        // null as it came
      } else if (passes(kind & GUARD, a)) {
        // Stored back even when equal: `===` compares text, and the point is the shared copy.
        if (kind & MAP) {
          x = maps[i]!(a as string)
          if (inPlace) input[key] = x
        }
      } else {
        x = reads[i]!(a, payload)
        if (inPlace) input[key] = x
      }
      values[i] = x
    }
    // `alias.from` stands for `alias.to` where that is null or missing; else it is an extra field.
    let renamed = false
    if (moved != null && (seen[aliasTo] !== c || aliasWasNull)) {
      renamed = true
      seen[aliasTo] = c
      values[aliasTo] = reads[aliasTo]!(moved, payload)
    } else if (moved !== undefined) keepExact(moved)
    if (present === n) {
      if (inPlace && !renamed) return input
    } else {
      for (let i = 0; i < n; i++) {
        if (seen[i] !== c) values[i] = reads[i]!(undefined, payload)
      }
    }
    // Known keys in the schema's order, then the extra ones in the input's (all but `alias.from` if used).
    const kept = renamed ? extras - 1 : extras
    let t: Record<string, unknown> | null | undefined
    if (kept > 0) {
      extraKeys.length = extras
      const list = renamed ? extraKeys.filter((k) => k !== aliasFrom) : extraKeys
      if (list.length === lastExtras.length && list.every((k, i) => k === lastExtras[i])) t = lastTemplate
      else {
        const signature = JSON.stringify(list)
        t = templates.get(signature)
        if (t === undefined && templates.size < 64) templates.set(signature, (t = template([...keys, ...list])))
        lastExtras = list.slice()
        lastTemplate = t
      }
    } else t = templates.get('')
    if (!t) {
      // A key that reads as an array index (it would come first) or too many kinds of objects: by keys.
      const out = JSON.parse(JSON.stringify(templates.get(''))) as Record<string, unknown>
      for (let i = 0; i < n; i++) out[keys[i]!] = values[i]
      for (const k in input) if (k !== (renamed ? aliasFrom : undefined) && input[k] !== undefined && !index.has(k)) keep(out, k, input[k])
      return out
    }
    const out = { ...t }
    let i = 0
    for (const key in out) {
      // Own properties come first; nothing after them (an enumerable key on Object.prototype) is ours.
      if (i === n + kept) break
      out[key] = i < n ? values[i] : input[key]
      i++
    }
    return out
  }
}
const EXTRA = -1
const ALIAS = -2
const GUARD = 7
const NULL = 8
const MAP = 16

/**
 * An object with `keys` in that order (all null), parsed so that a copy of it (`{ ...template }`,
 * one step) holds every field in the object itself; null where keys would not keep that order.
 */
function template(keys: string[]): Record<string, unknown> | null {
  const t = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((k) => [k, null])))) as Record<string, unknown>
  const order = Object.keys(t)
  return order.length === keys.length && order.every((k, i) => k === keys[i]) ? t : null
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
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) keepExact(value[i])
  } else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>
    for (const k in o) keepExact(o[k])
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
