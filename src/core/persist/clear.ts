import { HISTORY_KEY_PREFIX, type HistoryStorage } from './options.js'
import { guardStorage, indexedDbStorage } from './storage.js'

/** What `clearPersistedHistory` takes besides the address. */
export interface ClearPersistedHistoryOptions {
  /**
   * The storage to clear, when you gave `BlockfeedProvider` your own (`persist={{ storage }}`); it needs `entries`.
   * @defaultValue IndexedDB, where the feed stores by default
   */
  storage?: HistoryStorage | undefined
}

/**
 * Forgets the stored rows of the last visit: of one wallet, or of every wallet.
 *
 * Call it when a user signs out, or when a wallet's stored rows should not be shown again on this
 * device. The next visit loads from the network. Rows already on screen stay until the page reloads
 * (remove them from memory with `queryClient.removeQueries({ queryKey: ['blockfeed', 'walletHistory'] })`).
 *
 * @param address - The wallet whose stored histories to remove (any letter case), on every chain
 * and with every filter; leave it out to remove them all.
 * @param options - The storage, when it is not the default IndexedDB.
 * @returns A promise that settles once the stored histories are removed. It never rejects: a storage
 * that fails or is missing leaves nothing to clear.
 * @remarks No request. Reads the storage's `entries` once, removes every matching stored history;
 * nothing happens on a server or where there is no IndexedDB.
 * @example
 * ```ts
 * import { clearPersistedHistory } from 'blockfeed'
 *
 * await clearPersistedHistory('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
 * ```
 */
export async function clearPersistedHistory(address?: string, options: ClearPersistedHistoryOptions = {}): Promise<void> {
  if (typeof window === 'undefined') return
  const storage = options.storage ?? indexedDbStorage()
  if (!storage?.entries) return
  const guarded = guardStorage(storage)
  const wanted = address?.toLowerCase()
  for (const [key, value] of (await guarded.entries?.()) ?? []) {
    if (!key.startsWith(`${HISTORY_KEY_PREFIX}-`)) continue
    if (wanted === undefined) await guarded.removeItem(key)
    else {
      const stored = storedAddress(value)
      if (stored === undefined || stored === wanted) await guarded.removeItem(key)
    }
  }
}

/** The wallet a stored record names (lowercase), or undefined when it cannot be read: such a record is removed too. */
function storedAddress(value: unknown): string | undefined {
  try {
    const address = (JSON.parse(String(value)) as { queryKey?: [unknown, unknown, { address?: unknown }] }).queryKey?.[2]?.address
    return typeof address === 'string' ? address.toLowerCase() : undefined
  } catch {
    return undefined
  }
}
