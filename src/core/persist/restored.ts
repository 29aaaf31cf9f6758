// Histories restored from storage and not yet read again from the service, by their data object
// (the query's `data` keeps its identity until the next fetch replaces it). Tiny on purpose: the
// hook imports it in the first load; the persister itself is a chunk of its own.
const restored = new WeakSet<object>()

/** Marks `data` as a history restored from storage, not yet revalidated. */
export function markRestored(data: object): void {
  restored.add(data)
}

/** Whether `data` is a restored history that no request has confirmed yet. */
export function isRestoredHistory(data: unknown): boolean {
  return typeof data === 'object' && data !== null && restored.has(data)
}

/** The first page of `data` was read again: later fetches are ordinary ones. */
export function unmarkRestored(data: object): void {
  restored.delete(data)
}
