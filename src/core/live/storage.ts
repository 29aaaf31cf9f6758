/**
 * Where the tracker keeps its records between page loads: anything with the two methods
 * of the Web Storage API it uses, so `window.localStorage`, `sessionStorage` or an app's own
 * store all fit. Values are JSON text.
 */
export interface TrackerStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** Records kept in this JavaScript realm only (Node, tests, server rendering). */
export function memoryStorage(): TrackerStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  }
}

/**
 * What a full `localStorage` refused, for every adapter of the page: newer than what it holds, so a
 * tracker made again (a route change) does not fall back to the stale stored list.
 */
const unsaved = new Map<string, string>()

/**
 * The browser's `localStorage`, looked up at each call (never at import, so server
 * rendering is safe). Where it is missing or refuses (no `window`, storage disabled, quota
 * full, a sandboxed frame) the records are kept in memory instead of throwing.
 */
export function localStorageAdapter(): TrackerStorage {
  const fallback = memoryStorage()
  const local = (): Storage | undefined => {
    try {
      return (globalThis as { localStorage?: Storage }).localStorage ?? undefined
    } catch {
      // Reading `localStorage` itself throws where storage is blocked.
      return undefined
    }
  }
  return {
    getItem: (key) => {
      try {
        return unsaved.get(key) ?? local()?.getItem(key) ?? fallback.getItem(key)
      } catch {
        return fallback.getItem(key)
      }
    },
    setItem: (key, value) => {
      fallback.setItem(key, value)
      try {
        local()?.setItem(key, value)
        unsaved.delete(key)
      } catch {
        // Quota or privacy mode: the records live on in memory for this page.
        unsaved.set(key, value)
      }
    },
  }
}

/** `localStorage` in a browser, memory elsewhere: the tracker's default. */
export function defaultTrackerStorage(): TrackerStorage {
  return localStorageAdapter()
}
