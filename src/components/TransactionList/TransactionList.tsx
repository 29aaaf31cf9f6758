import type { Rect } from '@tanstack/react-virtual'
import { forwardRef, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react'
import type { TransactionEntry } from '../../core/history/schema.js'
import type { Density, TransactionRowProps } from '../TransactionRow/TransactionRow.js'
import { useMessages } from '../../i18n/useMessages.js'
import type { DisplayOptions } from '../shared/options.js'
import { FeedEmpty } from './FeedEmpty.js'
import { FeedError } from './FeedError.js'
import { FeedLoading } from './FeedLoading.js'
import { FeedViewport } from './FeedViewport.js'
import { useFeedState } from './feedState.js'
import { NO_ARRIVALS } from './heldArrivals.js'
import { LoadMore } from './LoadMore.js'
import { SearchNote } from './SearchNote.js'
import { SpamToggle } from './SpamToggle.js'

export interface TransactionListProps extends DisplayOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The transactions, newest first (as `useWalletHistory` returns them). */
  transactions: readonly TransactionEntry[]
  /** The viewed wallet: every row is described from its side. */
  wallet?: string | undefined
  /** TanStack's query status: `pending` shows the skeleton, `error` (with no rows) the error state. */
  status?: 'pending' | 'error' | 'success' | undefined
  error?: Error | null | undefined
  onRetry?: (() => void) | undefined
  hasNextPage?: boolean | undefined
  isFetchingNextPage?: boolean | undefined
  /**
   * Called when the end of the list is in view (again after each page, also one that added no
   * visible row; at most `AUTO_LOAD_PAGES_PER_SCROLL` pages between two scrolls) and by "Load more".
   */
  onLoadMore?: (() => void) | undefined
  /** Controlled spam toggle; leave undefined to let the list keep its own (spam hidden at first). */
  showSpam?: boolean | undefined
  onShowSpamChange?: ((show: boolean) => void) | undefined
  /** Hide ERC-20 transfers of zero value, and transactions made only of them (address poisoning). */
  hideZeroValueTransfers?: boolean | undefined
  /** Shown at the top of the feed in every state, below the toolbar (the drop-in feed's pending group). */
  header?: ReactNode
  /** What a row's details show below its transfers (the drop-in feed: the node's view); pass a stable function. */
  renderDetails?: TransactionRowProps['renderDetails']
  /** `comfortable` (default, rows of about 64 px) or `compact` (about 48 px). */
  density?: Density | undefined
  /**
   * The transactions are what a filter kept of `loaded` entries (`key` names the filter): the list
   * then says how far the search went, and a new filter may page on its own again.
   */
  filtered?: { loaded: number; key: string } | undefined
  /**
   * Lowercase hashes of entries that arrived live (`useNewArrivals`), put at the top of `transactions`.
   * At the top of the list they show at once; while the viewer is scrolled down they are held back
   * behind a "N new transactions" button, so what the viewer reads does not move.
   */
  arrivals?: ReadonlySet<string> | undefined
  /** The feed's live updates (`useNewArrivals`' status): `retrying` shows a quiet "Not updating — retrying". */
  liveStatus?: 'off' | 'live' | 'retrying' | undefined
  /** Shown above the rows (the feed's filter bar and export control). */
  toolbar?: ReactNode
  /** Accessible name of the feed. */
  label?: string | undefined
  /** Estimated height of a transaction row in px, before it is measured (by default from the density). */
  estimateSize?: number | undefined
  /** Rows rendered beyond the visible ones, each side. */
  overscan?: number | undefined
  /** Viewport size assumed until (or when) the browser reports none, e.g. in jsdom or a hidden tab. */
  initialRect?: Rect | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

const ROW_HEIGHT: Record<Density, number> = { comfortable: 62, compact: 47 }
const DEFAULT_RECT: Rect = { width: 640, height: 560 }

/**
 * The wallet activity feed, presentational: date-grouped, virtualized rows keyed by chain and hash (hash alone when entries carry no chain),
 * ARIA feed pattern with arrow/Page keys, infinite scroll plus a "Load more" button,
 * skeleton / empty / error states, and possible spam hidden behind a visible toggle.
 * The ref and other DOM attributes go to its root `<div>`, the caller's last.
 */
export const TransactionList = forwardRef<HTMLDivElement, TransactionListProps>(function TransactionList({
  transactions, wallet, status = 'success', error, onRetry, hasNextPage = false, isFetchingNextPage = false, onLoadMore,
  showSpam, onShowSpamChange, hideZeroValueTransfers = false, renderDetails, density = 'comfortable', header, filtered,
  arrivals = NO_ARRIVALS, liveStatus, toolbar, label: labelProp, estimateSize, overscan = 4, initialRect = DEFAULT_RECT,
  className, style, chain, locale, timeZone, renderLink, ipfsGateway, renderChainIcon, ...rest
}, ref) {
  const t = useMessages(locale)
  const m = t.messages.feed
  const label = labelProp ?? m.label
  // The feed reads in its language's direction unless the app set one.
  const dir = rest.dir ?? t.dir
  const feed = useFeedState({
    transactions, wallet, status, hasNextPage, isFetchingNextPage, onLoadMore, showSpam, onShowSpamChange, hideZeroValueTransfers,
    filtered, arrivals, timeZone, estimateSize: estimateSize ?? ROW_HEIGHT[density] ?? ROW_HEIGHT.comfortable, overscan, initialRect,
  })
  const rootClass = className ? `bf-root bf-feed ${className}` : 'bf-root bf-feed'

  const loadedCount = filtered?.loaded ?? transactions.length
  if (status === 'pending' && loadedCount === 0) {
    return toolbar ? (
      <div data-status="pending" {...rest} dir={dir} ref={ref} className={rootClass} style={style}>
        {toolbar}
        <FeedLoading label={label} header={header} loadingText={m.loading} />
      </div>
    ) : (
      <FeedLoading {...rest} dir={dir} ref={ref} className={rootClass} style={style} label={label} header={header} loadingText={m.loading} />
    )
  }
  if (status === 'error' && loadedCount === 0) {
    return (
      <div data-status="error" {...rest} dir={dir} ref={ref} className={rootClass} style={style}>
        {toolbar}
        {header}
        <FeedError error={error} onRetry={onRetry} t={t} />
      </div>
    )
  }

  const { txCount, hiddenCount } = feed
  const more = hasNextPage || isFetchingNextPage
  const row = { wallet, showSpam: feed.showSpam, hideZeroValueTransfers, renderDetails, density, onExpandedChange: feed.onExpandedChange, chain, locale: t.locale, timeZone, renderLink, ipfsGateway, renderChainIcon }
  return (
    <div
      data-status={isFetchingNextPage ? 'loading' : status === 'error' ? 'error' : 'success'}
      data-live={liveStatus}
      data-density={density}
      {...rest}
      dir={dir}
      ref={ref}
      className={rootClass}
      style={style}
    >
      {toolbar}
      {header}
      {liveStatus !== undefined && liveStatus !== 'off' && (
        <p className="bf-feed__live" role="status">{liveStatus === 'retrying' ? m.notUpdating : ''}</p>
      )}
      {hiddenCount > 0 && <SpamToggle hiddenCount={hiddenCount} showSpam={feed.showSpam} onToggle={feed.toggleSpam} t={t} />}
      {filtered && txCount > 0 && <SearchNote matches={txCount} loaded={filtered.loaded} more={more} t={t} />}
      {txCount === 0 ? (
        <FeedEmpty hiddenCount={hiddenCount} more={more} searched={filtered ? filtered.loaded : undefined} t={t} />
      ) : (
        <FeedViewport
          viewportRef={feed.viewportRef} onScroll={feed.onScroll} heldCount={feed.heldCount} onShowArrivals={feed.showArrivals}
          label={label} isFetchingNextPage={isFetchingNextPage} setSize={hasNextPage ? -1 : txCount} items={feed.items}
          virtualizer={feed.virtualizer} virtualItems={feed.virtualItems} keyboard={feed.keyboard} expanded={feed.expanded} now={feed.now} row={row} t={t}
        />
      )}
      {status === 'error' && <FeedError error={error} onRetry={onRetry} inline t={t} />}
      {more && status !== 'error' && <LoadMore isFetchingNextPage={isFetchingNextPage} onLoadMore={feed.loadMore} t={t} />}
      <p className="bf-visually-hidden" role="status">{isFetchingNextPage ? m.loadingMoreStatus : ''}</p>
    </div>
  )
})
