/**
 * A key-value storage for the stored histories: IndexedDB by default, or your own (React Native's
 * `AsyncStorage`, `localStorage`, an in-memory map in tests).
 *
 * Each method may answer at once or with a promise. Values are JSON text. A method that throws,
 * rejects or does not answer within 100 ms counts as "nothing stored": the feed loads from the network.
 */
export interface HistoryStorage {
  /** Reads the text stored under `key`, or `null` / `undefined` when there is none. */
  getItem: (key: string) => string | null | undefined | Promise<string | null | undefined>
  /** Stores `value` under `key`. */
  setItem: (key: string, value: string) => unknown
  /** Removes what is stored under `key`. */
  removeItem: (key: string) => unknown
  /** Every stored key and value; needed only by `clearPersistedHistory`. */
  entries?: (() => [string, string][] | Promise<[string, string][]>) | undefined
}

/**
 * How the feed keeps the rows of the last visit, as `persist` on `BlockfeedProvider`.
 */
export interface PersistHistoryOptions {
  /**
   * Where the histories are kept.
   * @defaultValue IndexedDB (database `blockfeed`, store `history`), where the browser has it
   */
  storage?: HistoryStorage | undefined
  /**
   * How old, in milliseconds, a stored history may be and still be shown; an older one is dropped.
   * @defaultValue `604800000` (7 days)
   */
  maxAgeMs?: number | undefined
  /**
   * The most transactions kept per wallet, chain set and filters, in whole pages (at most the first 2 pages).
   * @defaultValue `500`
   */
  maxEntries?: number | undefined
}

/** Seven days. */
export const DEFAULT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
export const DEFAULT_MAX_ENTRIES = 500
/** At most this many pages of one history are stored. */
export const MAX_STORED_PAGES = 2
/** The longest a storage may keep the first request waiting. */
export const STORAGE_WAIT_MS = 100
/** The storage key of a history is this prefix, `-`, and its query hash. */
export const HISTORY_KEY_PREFIX = 'blockfeed-history'
/** Changes whenever the stored shape does: a record of another version is dropped, never read. */
export const HISTORY_RECORD_VERSION = 'blockfeed-history-1'
