/**
 * Field shortcuts of the compiled reader (compile.ts): what a field reader gives without being
 * called, declared beside the reader (readers.ts) as one number (its kind) and read by the walker
 * as that number per field.
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

// A kind's low bits (GUARD) name a check: values passing it are already in the model's form.
/** Guard: non-empty text. */
export const TEXT = 1
/** Guard: text of decimal digits. */
export const DIGITS = 2
/** Guard: a boolean. */
export const BOOLEAN = 3
/** Guard: an array. */
export const LIST = 4
export const GUARD = 7
/** The reader gives null for null. */
export const NULL = 8
/** A value passing the guard becomes what `map` gives (shared text: the copy met earlier), or stays itself for `undefined`. */
export const MAP = 16
/**
 * The reader may give text equal to the value it read but held elsewhere (the entry's own
 * string: one copy). Reading in place, the walker then stores what it gives even when equal;
 * for other fields it stores only a value that differs from the one read.
 */
export const SHARES = 32
/** The walker keeps what the reader gives in the kind's slot (it is always called): the entry's hash, block, time and value, which its logs and transfers repeat. */
export const REMEMBER = 64
/** A value that is the very text last kept in the kind's slot is given as that text without a call: the reader must accept any text kept there and give it back (one copy). */
export const SAME = 128
/** A kind's slot (for REMEMBER and SAME) is `kind >> SLOT`: 1 hash, 2 block hash, 3 time, 4 block number, 5 value. */
export const SLOT = 8

/** Whether `v` passes guard number `guard` (0: none). One function, so the walkers inline it. */
export function passes(guard: number, v: unknown): boolean {
  switch (guard) {
    case TEXT:
      return typeof v === 'string' && v !== ''
    case DIGITS:
      return typeof v === 'string' && isDigits(v)
    case BOOLEAN:
      return typeof v === 'boolean'
    case LIST:
      return Array.isArray(v)
    default:
      return false
  }
}

/** The part of a value that `alias` names: key `from` read as key `to`. */
export type Alias = { readonly from: string; readonly to: string }

/**
 * What a field reader returns unchanged without being called: `null` when it reads null as null
 * (NULL), and values passing its guard. Most fields of a page are such values; the walker skips
 * the call for them. A shortcut must give exactly what its reader gives for those values
 * (test/core/history/shortcuts.test.ts).
 */
export type Shortcut = {
  /** The guard and flags above, and the slot (`kind >> SLOT`). */
  readonly kind: number
  /** With MAP: what a value passing the guard becomes, or `undefined` for itself. */
  readonly map?: (value: string) => string | undefined
  /**
   * For the first step of a pipe into a loose object: all the step does is move key `from` to
   * `to` when `to` is null or missing and `from` is not; any other value it returns as it is. The
   * walker then reads `from` as `to` itself, without the step's copy of the object.
   */
  readonly rename?: Alias
}
const shortcuts = new WeakMap<object, Shortcut>()

/** Marks a field reader with its shortcut (see `Shortcut`); returns the reader. */
export function withShortcut<F extends (...args: never[]) => unknown>(reader: F, kind: number, extra?: Omit<Shortcut, 'kind'>): F {
  shortcuts.set(reader, { kind, ...extra })
  return reader
}

/** The shortcut a field reader (or any node of a table) was marked with, if any. */
export function shortcutOf(node: unknown): Shortcut | undefined {
  return typeof node === 'function' ? shortcuts.get(node) : undefined
}

/** What the walkers remember (REMEMBER, SAME), by slot, shared by every walker as the field readers share theirs. */
export const remembered: unknown[] = [undefined, undefined, undefined, undefined, undefined, undefined]
