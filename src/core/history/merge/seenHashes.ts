/**
 * The hashes one chain has delivered, as small integers: a set of text keys costs more than the
 * rest of the merge's work on an entry. Two hashes folding to one integer (or a repeat) make
 * it exact from then on: a set of the hashes themselves.
 */
export interface SeenHashes {
  readonly folds: Set<number>
  /** The hashes, in arrival order, until `exact` is made from them. */
  list: string[]
  exact: Set<string> | undefined
}

export function createSeenHashes(): SeenHashes {
  return { folds: new Set<number>(), list: [], exact: undefined }
}

/**
 * A 30-bit fold of the last 16 characters and the length (a small integer, which a Set keeps
 * cheaply): a transaction hash's tail is as random as all of it, and a clash only costs the exact set.
 */
function foldHash(hash: string): number {
  let h = hash.length
  for (let i = Math.max(0, hash.length - 16); i < hash.length; i++) h = (Math.imul(h, 31) + hash.charCodeAt(i)) | 0
  return h & 0x3fffffff
}

/** Whether `hash` was seen before on this chain; records it when not. */
export function seenBefore(seen: SeenHashes, hash: string): boolean {
  let exact = seen.exact
  if (exact === undefined) {
    const k = foldHash(hash)
    if (!seen.folds.has(k)) {
      seen.folds.add(k)
      seen.list.push(hash)
      return false
    }
    exact = seen.exact = new Set(seen.list)
    seen.list = []
  }
  if (exact.has(hash)) return true
  exact.add(hash)
  return false
}

/** Whether `hash` was seen on this chain, without recording it. */
export function hasHash(seen: SeenHashes, hash: string): boolean {
  if (seen.exact !== undefined) return seen.exact.has(hash)
  if (!seen.folds.has(foldHash(hash))) return false
  seen.exact = new Set(seen.list)
  seen.list = []
  return seen.exact.has(hash)
}
