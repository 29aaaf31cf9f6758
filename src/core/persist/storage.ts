import type { AsyncStorage } from '@tanstack/query-persist-client-core'
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import { STORAGE_WAIT_MS as STORAGE_WAIT, type HistoryStorage } from './options.js'
import { settle } from './settle.js'

let store: UseStore | undefined

/**
 * IndexedDB through idb-keyval (database `blockfeed`, store `history`), opened on first use; undefined
 * where there is no IndexedDB (a server, jsdom, some private modes).
 */
export function indexedDbStorage(): HistoryStorage | undefined {
  if (typeof indexedDB === 'undefined') return undefined
  // `indexedDB.open` may throw (a blocked IndexedDB): then every call fails, and is caught by `guardStorage`.
  const use = () => (store ??= createStore('blockfeed', 'history'))
  return {
    getItem: (key) => get<string>(key, use()),
    setItem: (key, value) => set(key, value, use()),
    removeItem: (key) => del(key, use()),
    entries: () => entries<string, string>(use()),
  }
}

/**
 * The storage as TanStack's persister uses it: every call answers within the wait, and a failure
 * (a full quota, a blocked database, a storage that hangs) is an empty answer, never an error.
 */
export function guardStorage(storage: HistoryStorage): AsyncStorage<string> {
  const { entries: list } = storage
  return {
    getItem: (key) => settle<string | null | undefined>(() => storage.getItem(key), null, STORAGE_WAIT),
    setItem: (key, value) => settle(() => storage.setItem(key, value), undefined, STORAGE_WAIT * 10),
    removeItem: (key) => settle<void>(() => storage.removeItem(key), undefined, STORAGE_WAIT),
    ...(list && { entries: () => settle<[string, string][]>(() => list.call(storage), [], STORAGE_WAIT * 10) }),
  }
}
