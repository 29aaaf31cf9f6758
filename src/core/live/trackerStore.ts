import { chainIdentity, type ChainInput } from '../chains.js'
import type { TrackedTransaction } from './record.js'

/** What the node has told about a record that is not part of it (never stored, lost on reload). */
export interface NodeSightings {
  /** When the node last returned the transaction (ms). */
  lastSeenAt?: number
  /** The last head at which the sender's nonce was seen unused. */
  unusedAtHead?: bigint
}

/** Which records `tracker.list` returns: those of one sender and/or one chain (all when empty). */
export interface TrackedTransactionFilter {
  /** Only records sent by this address (any case). */
  address?: string | undefined
  /** Only records of this chain (spec name or hex id: `'eth'` and `'0x1'` are the same chain). */
  chain?: ChainInput | undefined
}

// One chain by its spec name or hex id ('eth' and '0x1'): a record tracked under one is listed under the other.
export const chainKey = chainIdentity
export const recordKey = (chain: string, hash: string) => `${chainKey(chain)}:${hash.toLowerCase()}`

export interface TrackerStore {
  get(key: string): TrackedTransaction | undefined
  has(key: string): boolean
  /** The keys, in the order records were first put. */
  keys(): string[]
  /** The records, in the order they were first put. */
  records(): TrackedTransaction[]
  readonly size: number
  /** Adds or replaces a record, frozen in place (every change is a new object, so a UI can compare records by identity). */
  put(record: TrackedTransaction): void
  /** Lets go of a record and its sightings (pruned, or dismissed in another tab). */
  delete(key: string): void
  /** As `delete`, and remembered as removed here: not taken back from storage while another tracker still has it. */
  remove(key: string): void
  wasRemoved(key: string): boolean
  /** The sightings of a tracked record, changed in place; undefined once the record is gone. */
  sightingsOf(key: string): NodeSightings | undefined
  /** Forgets the sightings of a record that starts over (sent again, or taken out of its block). */
  resetSightings(key: string): void
  /** Records of one wallet and/or chain, newest first. The same array is returned until a record changes. */
  list(filter: TrackedTransactionFilter): readonly TrackedTransaction[]
}

/** The tracker's records, each with its sightings, so a record and all it knows go in one call. */
export function createTrackerStore(): TrackerStore {
  const entries = new Map<string, { record: TrackedTransaction; sightings: NodeSightings }>()
  const removed = new Set<string>()
  const lists = new Map<string, readonly TrackedTransaction[]>()
  const forget = (key: string) => {
    entries.delete(key)
    lists.clear()
  }
  return {
    get: (key) => entries.get(key)?.record,
    has: (key) => entries.has(key),
    keys: () => [...entries.keys()],
    records: () => [...entries.values()].map((e) => e.record),
    get size() {
      return entries.size
    },
    put(record) {
      const key = recordKey(record.chain, record.hash)
      entries.set(key, { record: Object.freeze(record), sightings: entries.get(key)?.sightings ?? {} })
      removed.delete(key)
      lists.clear()
    },
    delete: forget,
    remove(key) {
      forget(key)
      removed.add(key)
    },
    wasRemoved: (key) => removed.has(key),
    sightingsOf: (key) => entries.get(key)?.sightings,
    resetSightings(key) {
      const entry = entries.get(key)
      if (entry) entry.sightings = {}
    },
    list: (filter) => listed(lists, entries.values(), filter),
  }
}

function listed(
  lists: Map<string, readonly TrackedTransaction[]>,
  entries: Iterable<{ record: TrackedTransaction }>,
  filter: TrackedTransactionFilter,
): readonly TrackedTransaction[] {
  const address = filter.address?.toLowerCase()
  const wantedChain = filter.chain === undefined ? undefined : chainKey(filter.chain)
  const cacheKey = `${address ?? ''}|${wantedChain ?? ''}`
  const cached = lists.get(cacheKey)
  if (cached) return cached
  const out = Object.freeze(
    [...entries]
      .map((e) => e.record)
      .filter((r) => (address === undefined || r.from?.toLowerCase() === address) && (wantedChain === undefined || chainKey(r.chain) === wantedChain))
      .sort((a, b) => b.trackedAt - a.trackedAt),
  )
  lists.set(cacheKey, out)
  return out
}
