import { keep, keepExact, templates } from './objects.js'
import { GUARD, LIST, MAP, NULL, REMEMBER, SAME, SHARES, SLOT, passes, remembered, shortcutOf, type Alias } from './shortcut.js'
import { BAIL, EMPTY, payload, type Node, type Read, type Walker } from './walk.js'

/**
 * Builds, from the reader's tables (tables.ts: loose objects, lists, pipes and field readers,
 * generated from the zod schemas), a direct walker that calls the very same field readers the
 * schemas wrap: one source of truth, without zod on the hot path or in the bundle. The walker
 * gives up at the first problem; the caller then runs the checker (check.ts) for the issues and paths.
 *
 * Closures and tables only, no code made from strings: under a strict Content-Security-Policy
 * (no 'unsafe-eval') every attempt to compile a string is a reported violation, even one that is caught.
 * Its parts: the field shortcuts (shortcut.ts), what the walkers share (walk.ts), the objects built
 * anew and the extra fields kept (objects.ts); test/bench/history-page.mjs holds it to its speed.
 */

export { isDigits, withShortcut, type Shortcut } from './shortcut.js'

function compileNode(node: Node, inPlace: boolean): Walker {
  if (typeof node === 'function') return (v) => node(v, payload)
  if ('pipe' in node) {
    const [head, tail] = node.pipe
    const cut = shortcutOf(head)
    // A first step with a guard, and no other shortcut, is skipped for values passing it.
    const guard = cut && !(cut.kind & (MAP | NULL)) ? cut.kind & GUARD : 0
    if (cut?.rename && typeof tail === 'object' && 'object' in tail) return objectWalker(tail.object, inPlace, cut.rename)
    const first = compileNode(head, inPlace)
    // A list's default step (a missing list is []) is one walker with the list: no call for a list that is a list.
    if (guard === LIST && typeof tail === 'object' && 'array' in tail) {
      return listWalker(compileNode(tail.array, inPlace), inPlace, first)
    }
    const second = compileNode(tail, inPlace)
    return guard ? (v) => second(passes(guard, v) ? v : first(v)) : (v) => second(first(v))
  }
  if ('array' in node) return listWalker(compileNode(node.array, inPlace), inPlace)
  return objectWalker(node.object, inPlace)
}

/**
 * A list's walker: each item read by `item`; `first` (a pipe's first step) turns a value that is
 * not a list into one, or gives it back to be refused. In place, the list itself is the model's,
 * an item stored back only when its walker gave another value (an object read where it is is itself).
 */
function listWalker(item: Walker, inPlace: boolean, first?: Walker): Walker {
  return (value) => {
    const v = Array.isArray(value) || first === undefined ? value : first(value)
    if (!Array.isArray(v)) throw BAIL
    const n = v.length
    if (n === 0) return EMPTY
    if (inPlace) {
      for (let i = 0; i < n; i++) {
        const a = v[i]
        const x = item(a)
        if (x !== a) v[i] = x
      }
      return v
    }
    const out = new Array(n)
    for (let i = 0; i < n; i++) out[i] = item(v[i])
    return out
  }
}

/**
 * An object's walker, driven by tables of its fields (key, reader, shortcut). The input's keys are
 * visited in their own order (for…in: no lookup by name per field), each matched to its field by
 * remembering the keys of the previous object of the kind, which the next one nearly always
 * repeats. In place: an input that has every known key is normalized where it is, no second
 * object: a field is stored back only when its value changed or a shared string replaces the
 * parser's copy (a keyed store is the walker's dearest step). Otherwise (copying, a known key missing — the spec's token transfer has no
 * `direction` — or `alias` used) the model is a copy of a template holding its keys, filled in:
 * known keys in the schema's order as zod builds the object, then the extra ones in the input's.
 * A template is made once per list of extra keys; a copy of it keeps every field in the object
 * itself (adding keys to an object one by one would hang a second property store on it).
 *
 * One closure on purpose, longer than 80 lines: the walker returned is the reader's hot path, run
 * once per object of a 290 kB page; its tables live in this closure's variables, and splitting it
 * would pass them to a call per field on the path `test/bench/history-page.mjs` holds to its budget.
 */
function objectWalker(shape: { readonly [key: string]: Node }, inPlace: boolean, alias?: Alias): Walker {
  // Every object of the tables is loose: unknown keys are kept as sent.
  const keys = Object.keys(shape)
  const n = keys.length
  const index = new Map(keys.map((k, i) => [k, i]))
  // A field that is a reader is called directly (one call per field, not two).
  const reads: Read[] = keys.map((k) => {
    const field = shape[k]!
    return typeof field === 'function' ? field : compileNode(field, inPlace)
  })
  const cuts = keys.map((k) => shortcutOf(shape[k]!))
  // Each field's shortcut as one number (shortcut.ts), and its slot among the texts remembered.
  const kinds = cuts.map((cut) => cut?.kind ?? 0)
  const maps = cuts.map((cut) => cut?.map)
  const refs = kinds.map((kind) => kind >> SLOT)
  // Objects built anew are copies of a template with their keys: every field in the object itself.
  const templateOf = templates(keys)
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
  // Whether the previous object was built anew: then so will this one most likely be, and its
  // fields are not stored back into the input (a store it would throw away).
  let copied = !inPlace
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw BAIL
    const input = v as Record<string, unknown>
    const c = ++call
    let j = 0
    let present = 0
    let extras = 0
    let moved: unknown
    let skipped = 0
    let toNull = false
    let toSeen = false
    const store = !copied
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
      if (a === undefined) {
        skipped++
        continue
      }
      if (i < 0) {
        extraKeys[extras++] = key
        if (i === ALIAS) moved = a
        else keepExact(a)
        continue
      }
      present++
      if (i === aliasTo) {
        toSeen = true
        toNull = a === null
      }
      const kind = kinds[i]!
      let x: unknown = a
      if (a === null && kind & NULL) {
        // null as it came
      } else if (passes(kind & GUARD, a)) {
        // Stored back even when equal: `===` compares text, and the point is the shared copy.
        if (kind & MAP) {
          const copy = maps[i]!(a as string)
          if (copy !== undefined) {
            x = copy
            if (store) input[key] = copy
          }
        }
      } else if (kind & SAME && a === remembered[refs[i]!]) {
        // The entry's own text, repeated by its log or transfer: the one copy, no call.
        x = remembered[refs[i]!]
        if (store && (x as string).length > 10) input[key] = x
      } else {
        x = reads[i]!(a, payload)
        if (kind & REMEMBER) remembered[refs[i]!] = x
        // A value the reader gave back as it came stays where it is (a list read in place, text
        // already in form), unless the reader shares text: an equal string is then its one copy,
        // but text up to 10 characters JSON.parse already gives as one string (see `shared`).
        if (store && (x !== a || (kind & SHARES && (x as string).length > 10))) input[key] = x
      }
      // Storing back, the input holds the values (or equal ones): `values` is filled from it if needed.
      if (!store) values[i] = x
    }
    // `alias.from` stands for `alias.to` where that is null or missing; else it is an extra field.
    const renamed = moved != null && (!toSeen || toNull)
    // Which fields came (a list the loop does not keep): only for an object built anew.
    if (present !== n || renamed) {
      for (let q = 0; q < j; q++) {
        const i = slots[q]!
        if (i >= 0 && (skipped === 0 || input[order[q]!] !== undefined)) seen[i] = c
      }
    }
    if (store && (present !== n || renamed)) {
      for (let i = 0; i < n; i++) if (seen[i] === c) values[i] = input[keys[i]!]
    }
    if (renamed) {
      seen[aliasTo] = c
      values[aliasTo] = reads[aliasTo]!(moved, payload)
    } else if (moved !== undefined) keepExact(moved)
    // Where the guess was wrong, the object is built anew all the same (the same model, up to key order).
    copied = !inPlace || present !== n || renamed
    if (present === n) {
      if (store && !renamed) return input
    } else {
      for (let i = 0; i < n; i++) {
        if (seen[i] !== c) values[i] = reads[i]!(undefined, payload)
      }
    }
    // Known keys in the schema's order, then the extra ones in the input's (all but `alias.from` if used).
    const kept = renamed ? extras - 1 : extras
    const t = templateOf(extraKeys, extras, renamed ? aliasFrom : undefined)
    if (!t) {
      // A key that reads as an array index (it would come first) or too many kinds of objects: by keys.
      const out = JSON.parse(JSON.stringify(templateOf(extraKeys, 0, undefined))) as Record<string, unknown>
      for (let i = 0; i < n; i++) out[keys[i]!] = values[i]
      for (const k in input) if (k !== (renamed ? aliasFrom : undefined) && input[k] !== undefined && !index.has(k)) keep(out, k, input[k])
      return out
    }
    const out = { ...t }
    let i = 0
    for (const key in out) {
      // Own properties come first; nothing after them (an enumerable key on Object.prototype) is ours.
      if (i === n + kept) break
      // The template's fields are null already (optional fields mostly are): no store for those.
      const x = i < n ? values[i] : input[key]
      if (x !== null) out[key] = x
      i++
    }
    return out
  }
}
const EXTRA = -1
const ALIAS = -2

/**
 * A reader for the tables `node` that returns the read value, or `undefined` when the input has any
 * problem (so the caller runs the checker for the issues). The result equals what the zod schema the
 * tables were generated from gives whenever it succeeds (in `inPlace` mode up to key order).
 *
 * `inPlace`: the input is normalized where it is and returned — for a body the caller has just
 * parsed and owns. It may be left half-normalized when the reader gives up: parse it again.
 */
export function compileReader<T = unknown>(node: Node, { inPlace = false }: { inPlace?: boolean } = {}): (input: unknown) => T | undefined {
  const walk = compileNode(node, inPlace)
  return (input) => {
    try {
      return walk(input) as T
    } catch (e) {
      if (e === BAIL) return undefined
      throw e
    }
  }
}
