import { BAIL } from './walk.js'

/**
 * How the compiled reader (compile.ts) builds the objects it cannot normalize where they are, and
 * keeps the fields it does not know.
 */

type Template = Record<string, unknown>
type Node = { template: Template | null | undefined; readonly next: Map<string, Node>; readonly keys: readonly string[] }

/**
 * The templates of one kind of object: its known keys, then each list of extra keys met so far.
 * Found by walking the extra keys through a tree of maps (no text made per object); at most 64
 * lists are kept, and past that (or for keys that read as array indexes) the answer is `null`.
 */
export function templates(keys: readonly string[]): (extras: readonly string[], count: number, skip: string | undefined) => Template | null {
  const root: Node = { template: template(keys), next: new Map(), keys }
  if (!root.template) throw new Error('compileReader: keys that read as array indexes are not supported')
  let size = 1
  return (extras, count, skip) => {
    let node = root
    for (let i = 0; i < count; i++) {
      const key = extras[i]!
      if (key === skip) continue
      let next = node.next.get(key)
      if (next === undefined) {
        if (size >= 64) return null
        size++
        node.next.set(key, (next = { template: undefined, next: new Map(), keys: [...node.keys, key] }))
      }
      node = next
    }
    if (node.template === undefined) node.template = template(node.keys)
    return node.template
  }
}

/**
 * An object with `keys` in that order (all null), parsed so that a copy of it (`{ ...template }`,
 * one step) holds every field in the object itself; null where keys would not keep that order.
 */
function template(keys: readonly string[]): Template | null {
  const t = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((k) => [k, null])))) as Template
  const order = Object.keys(t)
  return order.length === keys.length && order.every((k, i) => k === keys[i]) ? t : null
}

/** Stores an extra field as an own property: `out["__proto__"] = v` would swap the model's prototype instead. */
export function keep(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  else out[key] = value
}

/**
 * An unknown field is kept as it came, unless JSON.parse already rounded a number in it (an
 * integer of 2^53 or more): then give up, and the caller re-reads the body losslessly.
 */
export function keepExact(value: unknown): unknown {
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
