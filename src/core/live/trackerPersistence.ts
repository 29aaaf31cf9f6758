import { readStoredRecords, writeStoredRecords, type TrackedTransaction } from './record.js'
import type { TrackerSettings } from './trackerOptions.js'
import { chainKey, recordKey, type TrackerStore } from './trackerStore.js'

/** Final records kept per (chain, sender) beyond the age rule. */
const KEEP_FINAL_PER_WALLET = 50

export interface TrackerPersistence {
  /** Takes what another tracker (another tab) wrote since, where newer: kept rather than overwritten, and to be announced. */
  adoptStored(): void
  /** Adopts what is stored, prunes, and writes the records back. */
  save(): void
  /** How many records were adopted from storage and not yet announced. */
  readonly adoptedCount: number
  /** The records adopted from storage since the last call, to be announced and followed. */
  drainAdopted(): TrackedTransaction[]
}

/** The newest records, without the final ones past `keepFinalMs` or beyond the newest 50 of their (chain, sender). */
export function pruneRecords(all: TrackedTransaction[], now: number, keepFinalMs: number): TrackedTransaction[] {
  const fresh = all.filter((r) => !r.final || now - r.updatedAt <= keepFinalMs)
  const finalCount = new Map<string, number>()
  return fresh
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .filter((r) => {
      if (!r.final) return true
      const wallet = `${chainKey(r.chain)}:${(r.from ?? '').toLowerCase()}`
      const n = (finalCount.get(wallet) ?? 0) + 1
      finalCount.set(wallet, n)
      return n <= KEEP_FINAL_PER_WALLET
    })
}

/** Loads the stored records into `store`, and keeps storage and store in step from then on. */
export function createTrackerPersistence(settings: Pick<TrackerSettings, 'storage' | 'storageKey' | 'keepFinalMs'>, store: TrackerStore): TrackerPersistence {
  const { storage, storageKey, keepFinalMs } = settings
  const adopted = new Map<string, TrackedTransaction>()
  const readStorage = (): string | null => {
    try {
      return storage.getItem(storageKey)
    } catch {
      return null
    }
  }

  for (const r of pruneRecords(readStoredRecords(readStorage()), Date.now(), keepFinalMs)) store.put(r)
  /** Keys in storage when last read or written: a final record gone from it since was removed (dismissed) in another tab. */
  let stored = new Set(store.keys())

  function adoptStored() {
    const text = readStorage()
    const seen = new Set<string>()
    for (const r of readStoredRecords(text)) {
      const key = recordKey(r.chain, r.hash)
      seen.add(key)
      const mine = store.get(key)
      if (store.wasRemoved(key) || (mine && mine.updatedAt >= r.updatedAt)) continue
      store.put(r)
      adopted.set(key, r)
    }
    // Let go of here too, and announced with its last state (cleared storage lets go of nothing).
    if (text) {
      for (const key of store.keys()) {
        const r = store.get(key)!
        if (r.final && stored.has(key) && !seen.has(key)) (store.delete(key), adopted.set(key, r))
      }
    }
    stored = seen
  }

  function save() {
    adoptStored()
    const kept = pruneRecords(store.records(), Date.now(), keepFinalMs)
    if (kept.length !== store.size) {
      const keep = new Set(kept.map((r) => recordKey(r.chain, r.hash)))
      for (const key of store.keys()) if (!keep.has(key)) store.delete(key)
    }
    try {
      storage.setItem(storageKey, writeStoredRecords(kept))
      stored = new Set(store.keys())
    } catch {
      // A full or refusing store must not stop tracking; the records live on in memory.
    }
  }

  return {
    adoptStored,
    save,
    get adoptedCount() {
      return adopted.size
    },
    drainAdopted() {
      const all = [...adopted.values()]
      adopted.clear()
      return all
    },
  }
}
