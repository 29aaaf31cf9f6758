import {
  mergedWalletHistoryPages,
  mergeHasMore,
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
}

/**
 * One query's merge: the iterator (one cursor per source) and every page it made. It lives in the
 * query's page params, so it goes when TanStack drops the query. One object per query, shared by
 * every page param: a refetch asks for page 0 with the param it stored, and `restart` replaces the
 * merge in place, so every param (and every subscriber) sees the new one.
 */
export class MergeSession {
  #iterator: MergedWalletHistoryIterator | undefined
  /** Every page made so far, by index: a page TanStack discarded (a newer fetch won) is handed out again, not lost. */
  #pages: Promise<MergedHistoryPage>[] = []
  #listeners = new Set<() => void>()
  #sources: MergedSourceState[] = []

  /** Starts the merge again from the top (page 0 of a fetch or a refetch). */
  restart(client: HistorySource, params: MergedWalletHistoryParameters): void {
    void this.#iterator?.return?.()
    const iterator = mergedWalletHistoryPages(this.#watching(client), params)
    this.#iterator = iterator
    this.#pages = []
    this.#changed()
  }

  get state(): MergeState | undefined {
    return this.#iterator?.state
  }

  /** Every source's status, as of the last request sent or answered. */
  get sources(): MergedSourceState[] {
    return this.#sources
  }

  /** More pages without a retry: a page made but not yet handed out, or the merge can go on. */
  hasMore(pagesShown: number): boolean {
    const state = this.state
    return this.#pages.length > pagesShown || (state !== undefined && mergeHasMore(state))
  }

  /** The page at `index`, making every page up to it, one after another. */
  page(index: number): Promise<MergedHistoryPage> {
    const iterator = this.#iterator
    if (!iterator) return Promise.reject(new Error('the merge has not started'))
    while (this.#pages.length <= index) {
      const made = iterator.next().then((step): MergedHistoryPage => {
        this.#changed()
        const more = mergeHasMore(iterator.state)
        if (step.done) return { entries: [], late: [], sources: iterator.sources, incomplete: [], done: !more, more }
        return { ...step.value, more }
      })
      // A failed step (an abort) is not kept: asking again runs it again.
      const at = this.#pages.length
      const pages = this.#pages
      made.catch(() => {
        if (pages[at] === made) pages.length = at
      })
      pages.push(made)
    }
    return this.#pages[index]!
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
  if (param.page === 0 || session.state === undefined) session.restart(client, params)
  return session
}

/** A first page's param with a new session: whoever holds it sees the merge's sources from its first request. */
export function firstMergedPageParam(): MergedPageParam {
  return { page: 0, [SESSION]: new MergeSession() }
}

/** The param of the page after `last`: same session. */
export function nextMergedPageParam(last: MergedPageParam, page: number): MergedPageParam {
  const session = last[SESSION]
  return session ? { page, [SESSION]: session } : { page }
}
