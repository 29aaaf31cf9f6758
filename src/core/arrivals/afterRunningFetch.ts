import type { QueryClient, QueryKey } from '@tanstack/query-core'

/**
 * Runs `again` once the fetch under way for `queryKey` has settled, if one is. An infinite query's
 * fetch (the next page, a refetch) writes back the pages it started from plus its own, so what
 * `setQueryData` put in meanwhile is gone: an idempotent insert is made again after it.
 */
export function afterRunningFetch(queryClient: QueryClient, queryKey: QueryKey, again: () => void): void {
  const cache = queryClient.getQueryCache()
  const query = cache.find({ queryKey, exact: true })
  if (!query || query.state.fetchStatus !== 'fetching') return
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query) return
    if (event.type === 'removed') return unsubscribe()
    if (event.type !== 'updated' || query.state.fetchStatus === 'fetching') return
    unsubscribe()
    again()
  })
}
