import {
  createMergeStateAt,
  mergedPagesOf,
  mergedWalletHistoryPages,
  mergeHasMore,
  snapshotOf,
  type MergeSnapshot,
  type HistorySource,
  type MergedSourceState,
  type MergedWalletHistoryIterator,
  type MergedWalletHistoryPage,
  type MergedWalletHistoryParameters,
  type MergeState,
} from '../history/merge.js'

/** One page of a feed across chains or wallets as `useWalletHistory` holds it: a merged page, plus whether more can come without a retry. */
export interface MergedHistoryPage extends MergedWalletHistoryPage {
  /** True while some source can still answer or some entry waits to be handed out. */
  more: boolean
}

const SESSION = Symbol('blockfeed.mergeSession')
const AGAIN = Symbol('blockfeed.mergeAgain')

/**
 * The page param of a feed across chains or wallets (`useWalletHistory` with `chains` or
 * `addresses`): the page's index, `{ page: 0 }` for the first.
 *
 * Once merged in this page it also carries the query's {@link MergeSession} under a symbol, which
 * JSON (dehydration) leaves out: a hydrated feed has plain `{ page }` params and merges again from
 * the top when it needs a session.
 */
export interface MergedPageParam {
  /** The page's index, from 0. */
  readonly page: number
  [SESSION]?: MergeSession
  /** A page asked for again above the window (`previousMergedPageParam`): page 0 is merged again, not restarted. Once. */
  [AGAIN]?: true
}

/**
 * One query's merge: the iterator (one cursor per source) and the pages it made. It lives in the
 * query's page params, so it goes when TanStack drops the query. One object per query, shared by
 * every page param: a refetch asks for page 0 with the param it stored, and `restart` replaces the
 * merge in place, so every param (and every subscriber) sees the new one.
 *
 * With a window (`windowed`, the query's `maxPages`) it keeps no page once made, only per page a
 * snapshot of where each source stood at its top: a page TanStack let go is merged again from its
 * snapshot (one request per source still answering there), so memory stays flat at any depth.
 */
export class MergeSession {
  #iterator: MergedWalletHistoryIterator | undefined
  #client: HistorySource | undefined
  #params: MergedWalletHistoryParameters | undefined
  /**
   * The pages made, by index: a page TanStack discarded (a newer fetch won) is handed out again, not
   * lost. Windowed, only while under way: a page asked for again is merged again from its snapshot,
   * as a request (a page handed out at once would never show as being fetched).
   */
  #pages = new Map<number, Promise<MergedHistoryPage>>()
  /** Pages the iterator has made or is making. */
  #made = 0
  /** Where each page starts, by index (page 0 starts at the top). */
  #snapshots: (MergeSnapshot | undefined)[] = []
  #listeners = new Set<() => void>()
  #sources: MergedSourceState[] = []
  /** The query keeps a window of pages (TanStack's `maxPages`). */
  windowed = false

  /** Starts the merge again from the top (page 0 of a fetch or a refetch). */
  restart(client: HistorySource, params: MergedWalletHistoryParameters): void {
    void this.#iterator?.return?.()
    const iterator = mergedWalletHistoryPages(this.#watching(client), params)
    this.#iterator = iterator
    this.#client = client
    this.#params = params
    this.#pages = new Map()
    this.#made = 0
    this.#snapshots = []
    this.#changed()
  }

  get state(): MergeState | undefined {
    return this.#iterator?.state
  }

  /** Every source's status, as of the last request sent or answered. */
  get sources(): MergedSourceState[] {
    return this.#sources
  }

  /** Whether there is a page after `index` without a retry: one made already, or the merge can go on. */
  hasMore(index: number): boolean {
    const state = this.state
    return this.#made > index + 1 || (state !== undefined && mergeHasMore(state))
  }

  /** Whether this merge made the page at `index` (so it can be read again). */
  made(index: number): boolean {
    return index >= 0 && index < this.#made
  }

  /** The page at `index`: kept, merged again from its snapshot, or made (with every page up to it), one after another. */
  page(index: number): Promise<MergedHistoryPage> {
    const iterator = this.#iterator
    if (!iterator) return Promise.reject(new Error('the merge has not started'))
    const kept = this.#pages.get(index)
    if (kept) return kept
    if (index < this.#made) return this.#again(index)
    while (this.#made <= index) {
      const at = this.#made++
      const made = iterator.next().then((step): MergedHistoryPage => {
        // Right after the step, before the next one can start: where the page after this one begins.
        this.#snapshots[at + 1] = snapshotOf(iterator.state)
        this.#changed()
        const more = mergeHasMore(iterator.state)
        if (step.done) return { entries: [], late: [], sources: iterator.sources, incomplete: [], done: !more, more }
        return { ...step.value, more }
      })
      // A failed step (an abort) is not kept: asking again runs it again.
      const pages = this.#pages
      made.catch(() => {
        if (pages.get(at) !== made) return
        for (const i of [...pages.keys()]) if (i >= at) pages.delete(i)
        if (this.#pages === pages) this.#made = Math.min(this.#made, at)
      })
      pages.set(at, made)
      if (this.windowed) void made.then(() => pages.get(at) === made && pages.delete(at), () => undefined)
    }
    return this.#pages.get(index)!
  }

  /**
   * The page at `index` merged again from its snapshot, leaving the merge under way as it is; its
   * `sources` are the merge's own now. A snapshot is a page's top: see `createMergeStateAt` for
   * failed sources and `late` entries.
   */
  async #again(index: number): Promise<MergedHistoryPage> {
    const client = this.#client!
    const iterator = this.#iterator!
    const state = createMergeStateAt(this.#params!, { chain: client.chain, extraChains: client.extraChains }, this.#snapshots[index])
    const again = mergedPagesOf(client, state)
    try {
      const step = await again.next()
      const more = this.hasMore(index)
      const page = step.done ? { entries: [], late: [], incomplete: [], done: !more } : step.value
      return { ...page, sources: iterator.sources, more }
    } finally {
      void again.return?.()
    }
  }

  /** Lets the failed sources of `chain` (one wallet's, or all) be asked again by the next page. */
  retrySource(chain: string, wallet?: string): void {
    this.#iterator?.retrySource(chain, wallet)
    this.#changed()
  }

  /** A source asked but not yet sent (a retry planned before the page under way). */
  hasWaitingSource(): boolean {
    return this.state?.sources.some((s) => s.status === 'loading' && !s.inFlight && s.requests > 0) ?? false
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  #changed(): void {
    if (!this.#iterator) return
    this.#sources = this.#iterator.sources
    for (const listener of this.#listeners) listener()
  }

  /** The client with every request's start and end reported, so a source's `loading` shows while it is asked. */
  #watching(client: HistorySource): HistorySource {
    return {
      chain: client.chain,
      extraChains: client.extraChains,
      getWalletHistory: async (request, options) => {
        this.#changed()
        try {
          return await client.getWalletHistory(request, options)
        } finally {
          // The merge records the answer right after this settles.
          queueMicrotask(() => this.#changed())
        }
      },
    }
  }
}

/** The session a param carries, if it was merged here. */
export function sessionOf(param: MergedPageParam | undefined): MergeSession | undefined {
  return param?.[SESSION]
}

/**
 * The session for fetching `param`'s page, made and attached when the param has none (a first
 * fetch, or a hydrated param). Page 0 always merges from the top: a refetch re-merges.
 */
export function sessionFor(param: MergedPageParam, client: HistorySource, params: MergedWalletHistoryParameters): MergeSession {
  let session = param[SESSION]
  if (!session) {
    session = new MergeSession()
    // The param TanStack passes is the one it stores in `pageParams`: attaching here keeps the session with the query.
    param[SESSION] = session
  }
  const again = param[AGAIN]
  delete param[AGAIN]
  if ((param.page === 0 && !again) || session.state === undefined) session.restart(client, params)
  return session
}

/**
 * A page param that is not a plain object: TanStack's structural sharing rebuilds plain objects from
 * their string keys, which would leave the session behind when a window shifts the params.
 */
class PageParam implements MergedPageParam {
  [SESSION]?: MergeSession;
  [AGAIN]?: true
  constructor(readonly page: number, session: MergeSession | undefined, again = false) {
    if (session) this[SESSION] = session
    if (again) this[AGAIN] = true
  }
}

/** A first page's param with a new session: whoever holds it sees the merge's sources from its first request. */
export function firstMergedPageParam(): MergedPageParam {
  return new PageParam(0, new MergeSession())
}

/** The param of the page after `last`: same session. */
export function nextMergedPageParam(last: MergedPageParam, page: number): MergedPageParam {
  return new PageParam(page, last[SESSION])
}

/**
 * The param of the page before `first` (the window's top), when the merge made it: read again by its
 * snapshot. Page 0 too is merged again rather than restarted, which would replace the merge the rows
 * below come from; the mark is dropped once used, so a later refetch from it merges from the top.
 */
export function previousMergedPageParam(first: MergedPageParam): MergedPageParam | undefined {
  const session = first[SESSION]
  const page = first.page - 1
  return session?.made(page) ? new PageParam(page, session, true) : undefined
}
