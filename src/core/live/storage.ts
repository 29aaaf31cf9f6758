/**
 * Where the tracker keeps its records between page loads: anything with the two methods
 * of the Web Storage API it uses, so `window.localStorage`, `sessionStorage` or an app's own
 * store all fit. Values are JSON text.
 */
export interface TrackerStorage {
  /** The text stored under `key`, or `null` when there is none. */
  getItem(key: string): string | null
  /** Stores `value` (JSON text) under `key`. */
  setItem(key: string, value: string): void
}

/**
 * Keeps the tracker's records in memory only, so they are gone on reload: for Node, tests and server rendering.
 *
 * @returns A new, empty {@link TrackerStorage}.
 * @example
 * ```ts
 * import { createClient, createTransactionTracker, memoryStorage } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const tracker = createTransactionTracker({ client, storage: memoryStorage() })
 * ```
 */
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
 * Keeps the tracker's records in the browser's `localStorage`, so they survive a reload and show in
 * every tab. Where it is missing or refuses (no `window`, storage disabled, quota full, a sandboxed
 * frame) the records are kept in memory instead of throwing.
 *
 * `localStorage` is looked up at each call, never at import, so server rendering is safe.
 *
 * @returns A {@link TrackerStorage} over `localStorage`.
 * @example
 * ```ts
 * import { createClient, createTransactionTracker, localStorageAdapter } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: '/api/blockfeed', rpc: { url: '/api/blockfeed/rpc' }, chain: 'eth' })
 * const tracker = createTransactionTracker({ client, storage: localStorageAdapter(), storageKey: 'my-app:sends' })
 * ```
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

/**
 * The tracker's default storage: `localStorage` in a browser, memory elsewhere.
 *
 * @returns A {@link TrackerStorage} (today {@link localStorageAdapter}, which falls back to memory).
 * @example
 * ```ts
 * import { defaultTrackerStorage } from 'blockfeed'
 *
 * const storage = defaultTrackerStorage()
 * console.log(storage.getItem('blockfeed:tracked-transactions:v1'))
 * ```
 */
export function defaultTrackerStorage(): TrackerStorage {
  return localStorageAdapter()
}
