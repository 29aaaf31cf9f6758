/**
 * A part of the catalogue (what one area of the UI says) in every shipped locale: English bundled
 * where the part is used, every other locale a chunk of its own, loaded the first time it is used.
 */
export interface CataloguePartSource<T> {
  readonly name: string
  readonly en: T
  readonly load: Readonly<Record<string, () => Promise<{ default: T }>>>
}

const loaded = new Map<string, unknown>()
const loading = new Map<string, Promise<unknown>>()
const listeners = new Set<() => void>()
let version = 0

/** A part of a shipped locale's catalogue if it has loaded (English always has). */
export function loadedPart<T>(tag: string, part: CataloguePartSource<T>): T | undefined {
  return tag === 'en' ? part.en : (loaded.get(`${tag}/${part.name}`) as T | undefined)
}

/**
 * Loads a part of a shipped locale's catalogue once (later calls share the first); components
 * re-render when it arrives. A chunk that fails to load leaves English in place, and is tried
 * again on the next call.
 */
export function loadPart<T>(tag: string, part: CataloguePartSource<T>): Promise<T | undefined> {
  const key = `${tag}/${part.name}`
  const ready = loadedPart(tag, part)
  if (ready) return Promise.resolve(ready)
  const load = Object.hasOwn(part.load, tag) ? part.load[tag] : undefined
  if (!load) return Promise.resolve(undefined)
  let pending = loading.get(key) as Promise<T | undefined> | undefined
  if (!pending) {
    pending = load()
      .then(
        (module) => {
          loaded.set(key, module.default)
          version += 1
          for (const listener of listeners) listener()
          return module.default
        },
        () => undefined,
      )
      .finally(() => loading.delete(key))
    loading.set(key, pending)
  }
  return pending
}

/** Changes each time a part arrives (a `useSyncExternalStore` snapshot). */
export function cataloguesVersion(): number {
  return version
}

export function subscribeCatalogues(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
