import type { QueryClient } from '@tanstack/query-core'

interface ArrivalStore {
  keys: Set<string>
  snapshot: ReadonlySet<string>
  listeners: Set<() => void>
}

// What arrived live in each loaded history (by its query's hash): the feeds hold these back while scrolled.
const arrivalStores = new WeakMap<QueryClient, Map<string, ArrivalStore>>()

export function arrivalStore(queryClient: QueryClient, queryHash: string): ArrivalStore {
  let byHash = arrivalStores.get(queryClient)
  if (!byHash) arrivalStores.set(queryClient, (byHash = new Map()))
  let store = byHash.get(queryHash)
  if (!store) byHash.set(queryHash, (store = { keys: new Set(), snapshot: new Set(), listeners: new Set() }))
  return store
}

/** Records `hashes` as arrivals of the history `queryHash` and tells its feeds. */
export function recordArrivals(queryClient: QueryClient, queryHash: string, hashes: readonly string[]): void {
  if (hashes.length === 0) return
  const store = arrivalStore(queryClient, queryHash)
  for (const h of hashes) store.keys.add(h.toLowerCase())
  store.snapshot = new Set(store.keys)
  for (const l of store.listeners) l()
}
