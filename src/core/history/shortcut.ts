/**
 * Field shortcuts of the compiled reader (compile.ts): what a field reader gives without being
 * called, declared beside the reader (readers.ts) and read by the walker as one number per field.
 */

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
export const GUARDS: Record<Guard, number> = { text: 1, digits: 2, boolean: 3, list: 4 }

/** Whether `v` passes guard number `guard` (0: none). One function, so the walkers inline it. */
export function passes(guard: number, v: unknown): boolean {
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

/** The part of a value that `alias` names: key `from` read as key `to`. */
export type Alias = { readonly from: string; readonly to: string }

/**
 * What a field reader returns unchanged without being called: `null` when it reads null as null,
 * and values passing `guard`. Most fields of a page are such values; the walker skips the call
 * for them. A shortcut must give exactly what its reader gives for those values
 * (test/core/history/shortcuts.test.ts).
 */
export type Shortcut = {
  readonly nullAsNull: boolean
  readonly guard?: Guard
  /** What a value passing `guard` becomes (shared text: the copy met earlier), or `undefined` for itself. */
  readonly map?: (value: string) => string | undefined
  /**
   * The reader may give text equal to the value it read but held elsewhere (the entry's own
   * string: one copy). Reading in place, the walker then stores what it gives even when equal;
   * for other fields it stores only a value that differs from the one read.
   */
  readonly shares?: boolean
  /**
   * The walker keeps what the reader gives under this name (it is always called): the entry's
   * hash, block, time and value, which its logs and transfers repeat.
   */
  readonly remember?: string
  /**
   * A value that is the very text last kept under this name (`remember`) is given as that text
   * without a call: the reader must accept any text kept there and give it back (one copy).
   */
  readonly same?: string
  /**
   * For the first step of a pipe into a loose object: all the step does is move key `from` to
   * `to` when `to` is null or missing and `from` is not; any other value it returns as it is. The
   * walker then reads `from` as `to` itself, without the step's copy of the object.
   */
  readonly rename?: Alias
}
const shortcuts = new WeakMap<object, Shortcut>()

/** Marks a field reader with its shortcut (see `Shortcut`); returns the reader. */
export function withShortcut<F extends (...args: never[]) => unknown>(reader: F, shortcut: Shortcut): F {
  shortcuts.set(reader, shortcut)
  return reader
}

/** The shortcut a field reader (or any node of a table) was marked with, if any. */
export function shortcutOf(node: unknown): Shortcut | undefined {
  return typeof node === 'function' ? shortcuts.get(node) : undefined
}

/** Bits of a field's kind number beside its guard (the low bits, `GUARD`). */
export const GUARD = 7
export const NULL = 8
export const MAP = 16
export const SHARES = 32
export const REMEMBER = 64
export const SAME = 128

/** A field's shortcut as one number: its guard, NULL (null read as null), MAP (a `map`), SHARES, REMEMBER, SAME. */
export function kindOf(cut: Shortcut | undefined): number {
  if (!cut) return 0
  const flags = (cut.nullAsNull ? NULL : 0) | (cut.map ? MAP : 0) | (cut.shares ? SHARES : 0) | (cut.remember ? REMEMBER : 0) | (cut.same ? SAME : 0)
  return (cut.guard ? GUARDS[cut.guard] : 0) | flags
}

/** What the walkers remember by name (`remember`, `same`), one slot per name, shared by every walker as the field readers share theirs. */
export const remembered: unknown[] = []
const slots = new Map<string, number>()

/** The slot of `name` in `remembered` (0 for none: a slot no field keeps anything in). */
export function slotOf(name: string | undefined): number {
  if (name === undefined) return 0
  let slot = slots.get(name)
  if (slot === undefined) slots.set(name, (slot = slots.size + 1))
  remembered[slot] ??= undefined
  return slot
}
