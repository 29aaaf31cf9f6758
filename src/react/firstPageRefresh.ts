import { hashKey, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { BlockfeedClient } from '../core/client.js'
import type { WalletHistoryParameters } from '../core/history/params.js'
import type { TransactionEntry, WalletHistoryPage } from '../core/history/schema.js'
import { walletHistoryInfiniteQueryOptions, walletHistoryQueryKey } from '../core/query/walletHistory.js'

/**
 * The first page of a history read again for new arrivals, shared by every feed and hook of one
 * QueryClient: one read per (history parameters, block), at most one per interval, none while
 * the tab is hidden. Reads go through `fetchQuery` keyed by the parameters and the block, so
 * callers at the same block get the same request.
 */
interface ReadState {
  /** When the last read started (ms). */
  at: number
  /** The block the last read was for (undefined: a read not tied to a block). */
  block: bigint | undefined
  current: Promise<WalletHistoryPage> | undefined
  inFlight: boolean
  failed: boolean
  /** Reads not tied to a block (the pending group's), numbered for their keys. */
  seq: number
}

const reads = new WeakMap<QueryClient, Map<string, ReadState>>()

const isHidden = () => (globalThis as { document?: Document }).document?.visibilityState === 'hidden'

/** The key of a first-page read: `['blockfeed', 'walletHistoryFirstPage', {…parameters}, { block } | { read }]`. */
export function firstPageQueryKey(client: BlockfeedClient, params: Partial<WalletHistoryParameters>, at: { block: string } | { read: number }) {
  return ['blockfeed', 'walletHistoryFirstPage', walletHistoryQueryKey(client, params)[2], at] as const
}

/**
 * Starts (or joins) a read of the first page of `params`' history. `block`: the new head that asks
 * for it; every caller with the same block (or an older one) joins the same read. Returns undefined
 * when the read is not allowed now (the interval since the last one has not passed, a read is
 * under way, the tab is hidden): the caller asks again at its next chance.
 */
export function readFirstPage(
  client: BlockfeedClient,
  queryClient: QueryClient,
  params: Partial<WalletHistoryParameters>,
  block: bigint | undefined,
  minIntervalMs: number,
): Promise<WalletHistoryPage> | undefined {
  if (isHidden()) return undefined
  let byKey = reads.get(queryClient)
  if (!byKey) reads.set(queryClient, (byKey = new Map()))
  const id = hashKey([walletHistoryQueryKey(client, params)[2]])
  let s = byKey.get(id)
  if (!s) byKey.set(id, (s = { at: -Infinity, block: undefined, current: undefined, inFlight: false, failed: false, seq: 0 }))
  const state = s
  // Another feed already read (or is reading) this block: the same answer serves them all.
  if (state.current && !state.failed && block !== undefined && state.block !== undefined && block <= state.block) return state.current
  const now = Date.now()
  if (state.inFlight || now - state.at < minIntervalMs) return undefined
  state.at = now
  state.failed = false
  state.inFlight = true
  if (block !== undefined) state.block = block
  const queryKey = firstPageQueryKey(client, params, block !== undefined ? { block: `0x${block.toString(16)}` } : { read: ++state.seq })
  const read = queryClient.fetchQuery({
    queryKey,
    queryFn: ({ signal }) => client.getWalletHistory({ ...(params as WalletHistoryParameters), cursor: undefined }, { signal }),
    // A block's first page does not change for that block; the next block has a key of its own.
    staleTime: Infinity,
    gcTime: 60_000,
    // The client's own retries are the one retry layer.
    retry: false,
  })
  state.current = read
  read.then(
    () => {
      state.inFlight = false
    },
    () => {
      state.inFlight = false
      state.failed = true
    },
  )
  return read
}

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

/**
 * Puts the entries of `first` that the loaded history of `params` does not have yet at its top,
 * every other page left as it is, and records them as arrivals. Idempotent: the second feed of the
 * same history finds nothing new. Does nothing before the history has loaded.
 */
export function insertIntoHistory(
  client: BlockfeedClient,
  queryClient: QueryClient,
  params: Partial<WalletHistoryParameters>,
  first: WalletHistoryPage,
): TransactionEntry[] {
  const { queryKey } = walletHistoryInfiniteQueryOptions(client, params)
  let fresh: TransactionEntry[] = []
  queryClient.setQueryData<InfiniteData<WalletHistoryPage, string | undefined>>(queryKey as never, (data) => {
    if (!data?.pages.length) return data
    const seen = new Set(data.pages.flatMap((p) => p.result.map((e) => e.hash.toLowerCase())))
    fresh = first.result.filter((e) => !seen.has(e.hash.toLowerCase()))
    if (fresh.length === 0) return data
    const [head, ...rest] = data.pages
    return { ...data, pages: [{ ...head!, result: [...fresh, ...head!.result] }, ...rest] }
  })
  recordArrivals(queryClient, hashKey(queryKey), fresh.map((e) => e.hash))
  return fresh
}
