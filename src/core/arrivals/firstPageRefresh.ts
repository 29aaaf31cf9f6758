import { hashKey, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/query-core'
import type { BlockfeedClient } from '../client.js'
import { InvalidParameterError } from '../errors.js'
import { watchHead } from '../live/headPoller.js'
import type { WalletHistoryParameters } from '../history/params.js'
import type { TransactionEntry, WalletHistoryPage } from '../history/schema.js'
import { walletHistoryInfiniteQueryOptions, walletHistoryQueryKey } from '../query/walletHistory.js'
import { afterRunningFetch } from './afterRunningFetch.js'
import { recordArrivals } from './arrivalStore.js'

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

/**
 * Puts the entries of `first` that the loaded history of `params` does not have yet into its first
 * page, and records them as arrivals. The first page becomes `first` in the service's order (an
 * entry indexed late lands where it belongs, not above newer ones) followed by the loaded first
 * page's other entries; later pages are left as they are. When `first` shares nothing with what is
 * loaded and the service has more after it, entries between the two may be missing: the history is
 * read again from the top. Idempotent: the second feed of the same history finds nothing new.
 * Does nothing before the history has loaded.
 */
export function insertIntoHistory(
  client: BlockfeedClient,
  queryClient: QueryClient,
  params: Partial<WalletHistoryParameters>,
  first: WalletHistoryPage,
): TransactionEntry[] {
  const { queryKey } = walletHistoryInfiniteQueryOptions(client, params)
  const { fresh, gap } = putFirst(queryClient, queryKey, first)
  if (fresh.length === 0) return fresh
  // A page fetched meanwhile is written over what was set here (TanStack keeps the pages it started from): put them in again then.
  afterRunningFetch(queryClient, queryKey, () => void putFirst(queryClient, queryKey, first))
  if (gap) void queryClient.invalidateQueries({ queryKey, exact: true })
  recordArrivals(queryClient, hashKey(queryKey), fresh.map((e) => e.hash))
  return fresh
}

function putFirst(queryClient: QueryClient, queryKey: QueryKey, first: WalletHistoryPage): { fresh: TransactionEntry[]; gap: boolean } {
  let fresh: TransactionEntry[] = []
  let gap = false
  queryClient.setQueryData<InfiniteData<WalletHistoryPage, string | undefined>>(queryKey, (data) => {
    // A window of pages below the top (the feed's `maxPages`): the first page is read again, new entries with it, when the viewer scrolls back.
    if (!data?.pages.length || data.pageParams[0]) return data
    const seen = new Set(data.pages.flatMap((p) => p.result.map((e) => e.hash.toLowerCase())))
    fresh = first.result.filter((e) => !seen.has(e.hash.toLowerCase()))
    if (fresh.length === 0) return data
    // Also with nothing loaded before: the loaded first page said "no more", so the rest would never be asked for.
    gap = fresh.length === first.result.length && typeof first.cursor === 'string' && first.cursor !== ''
    const [head, ...rest] = data.pages
    const later = new Set(rest.flatMap((p) => p.result.map((e) => e.hash.toLowerCase())))
    const top = new Set(first.result.map((e) => e.hash.toLowerCase()))
    const result = [
      ...first.result.filter((e) => !later.has(e.hash.toLowerCase())),
      ...head!.result.filter((e) => !top.has(e.hash.toLowerCase())),
    ]
    return { ...data, pages: [{ ...head!, result }, ...rest] }
  })
  return { fresh, gap }
}

interface Followed {
  params: Partial<WalletHistoryParameters>
  /** A new block whose first page is not read yet. */
  wanted: bigint | undefined
  busy: boolean
  failed: boolean
}

export interface FollowArrivalsOptions {
  client: BlockfeedClient
  queryClient: QueryClient
  sources: readonly Partial<WalletHistoryParameters>[]
  intervalMs: number
  /** Puts a source's first page where the feed holds its history (used when `ownTarget()` is false). */
  insert: (source: Partial<WalletHistoryParameters>, page: WalletHistoryPage) => void
  /** True: the page goes into the source's own loaded history (`insertIntoHistory`). */
  ownTarget: () => boolean
  onRetrying: (retrying: boolean) => void
}

/**
 * Follows each source's chain head (one shared poller per client and chain) and reads its first
 * page once per new block, at most once per interval, retrying a failed read at the next poll.
 * Reports `retrying` while a poll or a read has failed and not succeeded since. Returns the stop.
 */
export function followArrivals({ client, queryClient, sources, intervalMs, insert, ownTarget, onRetrying }: FollowArrivalsOptions): () => void {
  let stopped = false
  const followed: Followed[] = sources.map((params) => ({ params, wanted: undefined, busy: false, failed: false }))
  const headFailed = new Map<string, boolean>()
  const update = () => {
    if (!stopped) onRetrying([...headFailed.values()].some(Boolean) || followed.some((f) => f.failed))
  }
  const attempt = (f: Followed) => {
    if (f.wanted === undefined || f.busy) return
    const block = f.wanted
    const read = readFirstPage(client, queryClient, f.params, block, intervalMs)
    // Too soon or hidden: asked again at the next poll.
    if (!read) return
    f.busy = true
    read.then(
      (page) => {
        f.busy = false
        if (stopped) return
        if (ownTarget()) insertIntoHistory(client, queryClient, f.params, page)
        else insert(f.params, page)
        if (f.wanted === block) f.wanted = undefined
        f.failed = false
        update()
      },
      () => {
        f.busy = false
        f.failed = true
        update()
      },
    )
  }
  const byChain = new Map<string, Followed[]>()
  for (const f of followed) {
    const chain = String(f.params.chain ?? client.chain ?? '')
    byChain.set(chain, [...(byChain.get(chain) ?? []), f])
  }
  const releases = new Map<string, () => void>()
  const unwatchable = new Set<string>()
  for (const [chain, list] of byChain) {
    const release = watchHead(client, chain || undefined, {
      intervalMs,
      // After the head listeners ran (a new head sets `wanted`): read what is still wanted, also a read that failed.
      onPoll: () =>
        queueMicrotask(() => {
          if (stopped) return
          if (headFailed.get(chain)) {
            headFailed.set(chain, false)
            update()
          }
          for (const f of list) attempt(f)
        }),
      // The first head seen is where the chain was when the feed loaded: not an arrival.
      onHead: (head, previous) => {
        if (previous === undefined) return
        for (const f of list) f.wanted = head
      },
      onError: (error) => {
        // No RPC URL for this chain: not a lost connection, and no retry will help; it is simply not followed.
        if (error instanceof InvalidParameterError) {
          unwatchable.add(chain)
          releases.get(chain)?.()
          return
        }
        headFailed.set(chain, true)
        update()
      },
    })
    // The first poll may fail before `watchHead` has returned its release.
    if (unwatchable.has(chain)) release()
    else releases.set(chain, release)
  }
  return () => {
    stopped = true
    for (const release of releases.values()) release()
  }
}
