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

/** The props of {@link TransactionList}: the transactions and query state to show, display options, and DOM attributes for its root `<div>`. */
export interface TransactionListProps extends DisplayOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The transactions, newest first (as `useWalletHistory` returns them). */
  transactions: readonly TransactionEntry[]
  /** The viewed wallet: every row is described from its side (in or out, signs, the other party). */
  wallet?: string | undefined
  /**
   * TanStack's query status: `pending` shows the skeleton, `error` (with no rows) the error state.
   * @defaultValue `'success'`
   */
  status?: 'pending' | 'error' | 'success' | undefined
  /** The error to explain in the error state: its kind in the viewer's language, its own message under "Technical details". */
  error?: Error | null | undefined
  /** Called by the error state's "Try again" button; without it there is no button. */
  onRetry?: (() => void) | undefined
  /**
   * Whether there are older pages to load: shows "Load more" and loads as the viewer scrolls.
   * @defaultValue `false`
   */
  hasNextPage?: boolean | undefined
  /**
   * Whether a page is loading now: "Load more" shows it is busy, and it is announced.
   * @defaultValue `false`
   */
  isFetchingNextPage?: boolean | undefined
  /**
   * Called when the end of the list is in view (again after each page, also one that added no
   * visible row; at most 5 pages between two scrolls) and by "Load more".
   */
  onLoadMore?: (() => void) | undefined
  /**
   * Whether newer pages were dropped from the top of `transactions` (a window of pages, TanStack's
   * `maxPages`) and can be read again: they load as the viewer scrolls back up, and the row they
   * are reading stays where it is while pages are dropped or loaded above it.
   * @defaultValue `false`
   */
  hasPreviousPage?: boolean | undefined
  /**
   * Whether a page dropped from the top is loading again now.
   * @defaultValue `false`
   */
  isFetchingPreviousPage?: boolean | undefined
  /** Called when the top of the list is in view while `hasPreviousPage` is true. */
  onLoadPrevious?: (() => void) | undefined
  /**
   * Shows transactions flagged `possible_spam`, when you control the spam toggle.
   * @defaultValue the list keeps its own, spam hidden at first
   */
  showSpam?: boolean | undefined
  /** Called when the viewer presses the spam toggle. */
  onShowSpamChange?: ((show: boolean) => void) | undefined
  /**
   * Hides ERC-20 transfers of zero value, and transactions made only of them (address poisoning).
   * @defaultValue `false`
   */
  hideZeroValueTransfers?: boolean | undefined
  /** Shown at the top of the feed in every state, below the toolbar (the drop-in feed's pending group). */
  header?: ReactNode
  /** What a row's details show below its transfers (the drop-in feed: the node's view); pass a stable function. */
  renderDetails?: TransactionRowProps['renderDetails']
  /**
   * `comfortable` (rows of about 64 px) or `compact` (about 48 px).
   * @defaultValue `'comfortable'`
   */
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
  /** The feed's live updates (`useNewArrivals`' `status`): `retrying` shows a quiet "Not updating — retrying". */
  liveStatus?: 'off' | 'live' | 'retrying' | undefined
  /** Shown above the rows (the feed's filter bar and export control). */
  toolbar?: ReactNode
  /**
   * The feed's accessible name.
   * @defaultValue "Wallet activity" in the active language
   */
  label?: string | undefined
  /**
   * The estimated height of a transaction row in px, before it is measured.
   * @defaultValue `62` when comfortable, `47` when compact
   */
  estimateSize?: number | undefined
  /**
   * Rows rendered beyond the visible ones, on each side.
   * @defaultValue `4`
   */
  overscan?: number | undefined
  /**
   * The viewport size assumed until (or when) the browser reports none, e.g. in jsdom or a hidden tab.
   * @defaultValue `{ width: 640, height: 560 }`
   */
  initialRect?: Rect | undefined
  /** Class names added to the root `<div>` (after `bf-root bf-feed`). */
  className?: string | undefined
  /** Inline styles for the root `<div>`; give it a height (`blockSize`) for the rows to scroll inside. */
  style?: CSSProperties | undefined
}

const ROW_HEIGHT: Record<Density, number> = { comfortable: 62, compact: 47 }
const DEFAULT_RECT: Rect = { width: 640, height: 560 }

/**
 * Shows a list of transactions as a wallet activity feed, from data you pass: it fetches nothing.
 *
 * Rows are grouped by date and virtualized, so long feeds stay fast. It follows the ARIA feed
 * pattern (arrow and Page keys), loads more as the viewer scrolls and with a "Load more" button,
 * has loading, empty and error states, and hides possible spam behind a visible toggle. Rows are
 * keyed by chain and hash (hash alone when entries carry no chain). The ref and other DOM
 * attributes go to its root `<div>`, yours last.
 *
 * @param props - {@link TransactionListProps}.
 * @returns The root `<div>`: the toolbar and header, then the rows in an ARIA feed (`role="feed"`).
 * @remarks Sends nothing. Pair it with `useWalletHistory` (or your own data); `WalletActivityFeed` does that for you.
 * @example
 * ```tsx
 * import { TransactionList } from 'blockfeed/components'
 * import { useWalletHistory } from 'blockfeed/react'
 *
 * const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 *
 * export function Feed() {
 *   const history = useWalletHistory({ address: alice })
 *   return (
 *     <TransactionList
 *       wallet={alice}
 *       transactions={history.transactions}
 *       status={history.status}
 *       error={history.error}
 *       onRetry={() => void history.refetch()}
 *       hasNextPage={history.hasNextPage}
 *       isFetchingNextPage={history.isFetchingNextPage}
 *       onLoadMore={() => void history.fetchNextPage()}
 *       style={{ blockSize: 560 }}
 *     />
 *   )
 * }
 * ```
 */
export const TransactionList = forwardRef<HTMLDivElement, TransactionListProps>(function TransactionList({
  transactions, wallet, status = 'success', error, onRetry, hasNextPage = false, isFetchingNextPage = false, onLoadMore,
  hasPreviousPage = false, isFetchingPreviousPage = false, onLoadPrevious,
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
    transactions, wallet, status, hasNextPage, isFetchingNextPage, onLoadMore, hasPreviousPage, isFetchingPreviousPage, onLoadPrevious, showSpam, onShowSpamChange, hideZeroValueTransfers,
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
          label={label} isFetchingNextPage={isFetchingNextPage || isFetchingPreviousPage} setSize={hasNextPage ? -1 : feed.rowsAbove + txCount} rowsAbove={feed.rowsAbove} items={feed.items}
          virtualizer={feed.virtualizer} virtualItems={feed.virtualItems} keyboard={feed.keyboard} expanded={feed.expanded} now={feed.now} row={row} t={t}
        />
      )}
      {status === 'error' && <FeedError error={error} onRetry={onRetry} inline t={t} />}
      {more && status !== 'error' && <LoadMore isFetchingNextPage={isFetchingNextPage} onLoadMore={feed.loadMore} t={t} />}
      <p className="bf-visually-hidden" role="status">{isFetchingNextPage ? m.loadingMoreStatus : ''}</p>
    </div>
  )
})
