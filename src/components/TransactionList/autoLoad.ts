import { useCallback, useEffect, useRef } from 'react'

/**
 * Pages the feed may load on its own between two scrolls by the viewer (or presses of "Load
 * more"). Pages made only of hidden spam or duplicates add no row, so the end stays in view and
 * the feed keeps asking; the cap stops a wallet with thousands of spam entries from being
 * paged through unasked. Past it, "Load more" (always shown while a cursor remains) goes on.
 */
export const AUTO_LOAD_PAGES_PER_SCROLL = 5

interface AutoLoadInput {
  /** The last rendered item is near the end, or nothing is shown: the viewport is not filled. */
  nearEnd: boolean
  /** How many entries the list was given: grows with every page that brought any. */
  received: number
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** A failed page is retried by the viewer, never in a loop. */
  failed: boolean
  onLoadMore: (() => void) | undefined
}

/**
 * Infinite scroll: asks for the next page while the end of the feed is in view and a cursor
 * remains. Keyed on what the list received and on finished fetches, not on rendered rows: a
 * page that adds no visible row must not stop the paging.
 */
export function useAutoLoad({ nearEnd, received, hasNextPage, isFetchingNextPage, failed, onLoadMore }: AutoLoadInput): { onViewerScroll: () => void } {
  const state = useRef({ askedAt: '', fetching: false, fetched: 0, pages: 0 })
  useEffect(() => {
    const s = state.current
    if (s.fetching && !isFetchingNextPage) s.fetched++
    s.fetching = isFetchingNextPage
    if (!hasNextPage || isFetchingNextPage || failed || !onLoadMore || !nearEnd) return
    const at = `${received}:${s.fetched}`
    if (at === s.askedAt || s.pages >= AUTO_LOAD_PAGES_PER_SCROLL) return
    s.askedAt = at
    s.pages++
    onLoadMore()
  }, [nearEnd, received, hasNextPage, isFetchingNextPage, failed, onLoadMore])
  const onViewerScroll = useCallback(() => {
    state.current.pages = 0
  }, [])
  return { onViewerScroll }
}
