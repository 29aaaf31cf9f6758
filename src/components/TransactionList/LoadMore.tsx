import type { Translator } from '../../i18n/useMessages.js'

export interface LoadMoreProps {
  isFetchingNextPage: boolean
  onLoadMore: () => void
  t: Translator
}

/** "Load more" below the rows: the way on past the pages the feed loads by itself. */
export function LoadMore({ isFetchingNextPage, onLoadMore, t }: LoadMoreProps) {
  const m = t.messages.feed
  return (
    <div className="bf-feed__more">
      <button
        type="button"
        className="bf-button"
        onClick={isFetchingNextPage ? undefined : onLoadMore}
        aria-disabled={isFetchingNextPage}
      >
        {isFetchingNextPage ? m.loadingMore : m.loadMore}
      </button>
    </div>
  )
}
