import type { QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { filtersEntries } from '../../core/history/filter.js'
import type { WalletHistoryPage } from '../../core/history/schema.js'
import { useBlockfeedQueryContext } from '../../react/useBlockfeedClient.js'
import { useWalletHistory, type UseWalletHistoryParameters, type UseWalletHistoryReturnType } from '../../react/useWalletHistory.js'

/**
 * Pages the unfiltered feed keeps (TanStack's `maxPages`): scrolling on drops the first, scrolling
 * back reads it again by its cursor, so memory stays flat however far the viewer goes.
 */
export const FEED_WINDOW_PAGES = 5

type PageParams = readonly (string | undefined)[]

/** Per QueryClient and history, each cursor seen with the one before it: kept as long as the cached pages are. */
const cursorsBefore = new WeakMap<QueryClient, Map<string, Map<string, string>>>()

function cursorsOf(queryClient: QueryClient, history: string): Map<string, string> {
  let histories = cursorsBefore.get(queryClient)
  if (!histories) cursorsBefore.set(queryClient, (histories = new Map()))
  let before = histories.get(history)
  if (!before) histories.set(history, (before = new Map()))
  return before
}

/**
 * The feed's window of pages, as infinite-query options for `useWalletHistory`'s `query`. The
 * service's cursors only lead forward, so the cursor that starts each page is remembered with the
 * one that started the page before it ('' for the first page: a cursor TanStack does not take for
 * "none"), and a page dropped from the top is read again by its own cursor. With a filter or a
 * search, every page is kept, as search reads what is loaded. `history`: what names the history
 * (the cursors of another one mean nothing here). The cursors are kept with the QueryClient, not
 * the component: a feed mounted again onto cached pages that start mid-history still pages back.
 */
export function useFeedWindow(history: string, narrowed: boolean) {
  const { queryClient } = useBlockfeedQueryContext()
  const before = useMemo(() => cursorsOf(queryClient, history), [queryClient, history])
  const getPreviousPageParam = useMemo(
    () =>
      (_first: WalletHistoryPage, _pages: WalletHistoryPage[], firstParam: string | undefined, params: PageParams): string | undefined => {
        // Called with the window after every page read: each cursor is seen beside the one before it.
        for (let i = 1; i < params.length; i++) {
          const cursor = params[i]
          if (cursor) before.set(cursor, params[i - 1] ?? '')
        }
        return firstParam ? before.get(firstParam) : undefined
      },
    [before],
  )
  return useMemo(() => ({ getPreviousPageParam, ...(narrowed ? {} : { maxPages: FEED_WINDOW_PAGES }) }), [getPreviousPageParam, narrowed])
}

/** `useWalletHistory` with the feed's window of pages (see `useFeedWindow`); a `maxPages` in your `query` wins. */
export function useWindowedHistory(parameters: UseWalletHistoryParameters): UseWalletHistoryReturnType {
  const { client } = useBlockfeedQueryContext()
  const { query, persist: _persist, ...source } = parameters
  const history = JSON.stringify([client.baseUrl, client.chain, source], (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))
  const windowed = useFeedWindow(history, filtersEntries(parameters.filter))
  return useWalletHistory({ ...parameters, query: { ...windowed, ...query } as UseWalletHistoryParameters['query'] })
}

/** The list's props for pages dropped from the top: loaded again one at a time as the viewer scrolls back. */
export function pagingBack({ hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage }: UseWalletHistoryReturnType) {
  return { hasPreviousPage, isFetchingPreviousPage, onLoadPrevious: () => void fetchPreviousPage({ cancelRefetch: false }) }
}
