// Histories restored from storage and not yet read again from the service carry this flag on their
// data object (the query's `data` keeps its identity until the next fetch replaces it). A global
// symbol, not a module's WeakSet: the hooks in the first load read it without importing this chunk.
const RESTORED = Symbol.for('blockfeed.restored')

/** Marks `data` as a history restored from storage, not yet revalidated. */
export function markRestored(data: object): void {
  Object.defineProperty(data, RESTORED, { value: true, configurable: true })
}

/** Whether `data` is a restored history that no request has confirmed yet. */
export function isRestoredHistory(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { [RESTORED]?: boolean })[RESTORED] === true
}

/** The first page of `data` was read again: later fetches are ordinary ones. */
export function unmarkRestored(data: object): void {
  delete (data as { [RESTORED]?: boolean })[RESTORED]
}
