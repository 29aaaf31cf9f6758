import { measureElement, observeElementRect, defaultRangeExtractor, useVirtualizer, type Range, type Rect } from '@tanstack/react-virtual'
import { forwardRef, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react'
import { useControllableState } from '../shared/controllable.js'
import { entryId } from '../../core/history/entryId.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { TransactionRow, type Density, type TransactionRowProps } from '../TransactionRow/TransactionRow.js'
import { useNow } from '../shared/clock.js'
import { dayLabel } from '../shared/dates.js'
import { useMessages } from '../../i18n/useMessages.js'
import { isHiddenTransaction } from '../shared/spam.js'
import type { DisplayOptions } from '../shared/options.js'
import { useAutoLoad } from './autoLoad.js'
import { FeedEmpty } from './FeedEmpty.js'
import { FeedError } from './FeedError.js'
import { feedItems } from './feedItems.js'
import { FeedLoading } from './FeedLoading.js'
import { useFeedKeyboard } from './keyboard.js'

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


const DAY_HEIGHT = 32
const ROW_HEIGHT: Record<Density, number> = { comfortable: 62, compact: 47 }
/** Scrolled less than this (px), the viewer is at the top: arrivals are shown at once. */
const AT_TOP_PX = 4
const NONE: ReadonlySet<string> = new Set()
// Before paint in a browser (no flash of held rows); the server has no layout and React warns there.
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect
const DEFAULT_RECT: Rect = { width: 640, height: 560 }
/** How close to the end (in items) the last rendered row must be to ask for the next page. */
const LOAD_AHEAD = 3

// Every scroll frame re-renders the list: rows whose props did not change must not re-render.
const MemoRow = memo(TransactionRow)

const DayHeader = memo(function DayHeader({ day, now, locale, timeZone }: { day: string; now: number | null; locale: string | undefined; timeZone: string | undefined }) {
  return <div className="bf-day">{dayLabel(day, now, locale, timeZone)}</div>
})

/**
 * The wallet activity feed, presentational: date-grouped, virtualized rows keyed by chain and hash (hash alone when entries carry no chain),
 * ARIA feed pattern with arrow/Page keys, infinite scroll plus a "Load more" button,
 * skeleton / empty / error states, and possible spam hidden behind a visible toggle.
 * The ref and other DOM attributes go to its root `<div>`.
 */
export const TransactionList = forwardRef<HTMLDivElement, TransactionListProps>(function TransactionList({
  transactions,
  wallet,
  status = 'success',
  error,
  onRetry,
  hasNextPage = false,
  isFetchingNextPage = false,
  onLoadMore,
  showSpam: showSpamProp,
  onShowSpamChange,
  hideZeroValueTransfers = false,
  renderDetails,
  density = 'comfortable',
  header,
  filtered,
  arrivals = NONE,
  liveStatus,
  toolbar,
  label: labelProp,
  estimateSize: estimateProp,
  overscan = 4,
  initialRect = DEFAULT_RECT,
  className,
  style,
  chain,
  locale,
  timeZone,
  renderLink,
  ipfsGateway,
  renderChainIcon,
  ...rest
}, ref) {
  const t = useMessages(locale)
  const m = t.messages.feed
  const label = labelProp ?? m.label
  // The feed reads in its language's direction unless the app set one.
  const dir = rest.dir ?? t.dir
  const options = { chain, locale: t.locale, timeZone, renderLink, ipfsGateway, renderChainIcon }
  const estimateSize = estimateProp ?? ROW_HEIGHT[density] ?? ROW_HEIGHT.comfortable
  // Open details by entry id: a row scrolled away and back (unmounted by the virtualizer) stays open.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const onExpandedChange = useCallback((open: boolean, tx: TransactionEntry) => {
    const id = entryId(tx)
    setExpanded((was) => {
      const next = new Set(was)
      if (open) next.add(id)
      else next.delete(id)
      return next
    })
  }, [])
  const now = useNow()
  const [showSpam, setShowSpam] = useControllableState(showSpamProp, false, onShowSpamChange)
  const toggleSpam = () => setShowSpam(!showSpam)

  // Arrivals held back while the viewer is scrolled down: shown at the top, or when they ask.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => arrivals)
  const held = useMemo(() => {
    if (arrivals.size === 0) return NONE
    const out = new Set<string>()
    for (const h of arrivals) if (!revealed.has(h)) out.add(h)
    return out
  }, [arrivals, revealed])
  const { shown, heldCount } = useMemo(() => {
    if (held.size === 0) return { shown: transactions, heldCount: 0 }
    const shown: TransactionEntry[] = []
    const counted = new Set<string>()
    for (const tx of transactions) {
      const id = entryId(tx)
      if (!held.has(id)) shown.push(tx)
      else if (!counted.has(id) && !isHiddenTransaction(tx, wallet, { showSpam, hideZeroValueTransfers })) counted.add(id)
    }
    return { shown, heldCount: counted.size }
  }, [transactions, held, wallet, showSpam, hideZeroValueTransfers])

  const { items, hiddenCount, txCount, txItemIndex } = useMemo(
    () => feedItems(shown, { wallet, showSpam, hideZeroValueTransfers, timeZone }),
    [shown, wallet, showSpam, hideZeroValueTransfers, timeZone],
  )

  const viewportRef = useRef<HTMLDivElement>(null)
  const atTop = () => (viewportRef.current?.scrollTop ?? 0) < AT_TOP_PX
  useBeforePaint(() => {
    if (held.size > 0 && atTop()) setRevealed(arrivals)
  }, [held, arrivals])
  const keyboard = useFeedKeyboard({ items, txItemIndex, viewportRef, scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }) })
  const { focusedIndex } = keyboard
  const sizeOf = useCallback((i: number) => (items[i]?.type === 'day' ? DAY_HEIGHT : estimateSize), [items, estimateSize])
  // Stable options: react-virtual recomputes every item's offset when getItemKey changes identity.
  const getItemKey = useCallback((i: number) => items[i]?.key ?? i, [items])
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: sizeOf,
    getItemKey,
    overscan,
    initialRect,
    // Without layout (jsdom, a hidden container) the browser reports 0×0: keep the assumed viewport so rows still render.
    observeElementRect: useCallback<typeof observeElementRect>(
      (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : initialRect)),
      [initialRect],
    ),
    measureElement: useCallback<typeof measureElement>(
      (element, entry, instance) => measureElement(element, entry, instance) || sizeOf(instance.indexFromElement(element)),
      [sizeOf],
    ),
    // The focused row stays mounted when it scrolls away, so keyboard focus is never lost.
    rangeExtractor: useCallback((range: Range) => {
      const indexes = defaultRangeExtractor(range)
      const f = focusedIndex.current
      return f !== null && f < range.count && !indexes.includes(f) ? [...indexes, f].sort((a, b) => a - b) : indexes
    }, [focusedIndex]),
  })
  const virtualItems = virtualizer.getVirtualItems()

  const lastIndex = virtualItems.at(-1)?.index ?? -1
  const { onViewerScroll } = useAutoLoad({
    nearEnd: items.length === 0 || lastIndex >= items.length - 1 - LOAD_AHEAD,
    // Pages whose entries the filter drops still count as received.
    received: filtered?.loaded ?? transactions.length,
    hasNextPage,
    isFetchingNextPage,
    failed: status === 'error',
    onLoadMore,
  })
  // A new filter is the viewer asking again: it may page on its own up to the cap.
  const filterKey = filtered?.key
  const lastFilterKey = useRef(filterKey)
  useEffect(() => {
    if (lastFilterKey.current === filterKey) return
    lastFilterKey.current = filterKey
    onViewerScroll()
  }, [filterKey, onViewerScroll])
  const loadMore = () => {
    onViewerScroll()
    onLoadMore?.()
  }

  useEffect(keyboard.tryFocus)

  const onScroll = () => {
    onViewerScroll()
    // Back at the top by scrolling: the held arrivals take their place.
    if (held.size > 0 && atTop()) setRevealed(arrivals)
  }
  const showArrivals = () => {
    setRevealed(arrivals)
    virtualizer.scrollToOffset(0)
    if (viewportRef.current) viewportRef.current.scrollTop = 0
    // The button goes away: focus moves to the newest row rather than to the page.
    const newest = transactions.find((tx) => held.has(entryId(tx)) && !isHiddenTransaction(tx, wallet, { showSpam, hideZeroValueTransfers }))
    if (newest) keyboard.focusKey(entryId(newest))
  }

  const rootClass = className ? `bf-root bf-feed ${className}` : 'bf-root bf-feed'

  const loadedCount = filtered?.loaded ?? transactions.length
  if (status === 'pending' && loadedCount === 0) {
    return toolbar ? (
      <div {...rest} dir={dir} ref={ref} className={rootClass} style={style} data-status="pending">
        {toolbar}
        <FeedLoading label={label} header={header} loadingText={m.loading} />
      </div>
    ) : (
      <FeedLoading {...rest} dir={dir} ref={ref} className={rootClass} style={style} label={label} header={header} loadingText={m.loading} />
    )
  }

  if (status === 'error' && loadedCount === 0) {
    return (
      <div {...rest} dir={dir} ref={ref} className={rootClass} style={style} data-status="error">
        {toolbar}
        {header}
        <FeedError error={error} onRetry={onRetry} t={t} />
      </div>
    )
  }

  const more = hasNextPage || isFetchingNextPage
  // How far a filter looked: the loaded entries only, and whether older pages remain.
  const searchNote = filtered && txCount > 0 && (
    <p className="bf-feed__note" role="status">
      {t.format(more ? m.olderNotSearched : m.wholeHistory, {
        matches: t.plural(filtered.loaded === 1 ? m.matchesInOne : m.matches, txCount, { loaded: filtered.loaded }),
      })}
    </p>
  )

  const spamBar = hiddenCount > 0 && (
    <div className="bf-feed__spam">
      <span>
        {t.plural(showSpam ? m.spamFlagged : m.spamHidden, hiddenCount)}
      </span>
      <button type="button" className="bf-button bf-button--quiet" aria-pressed={showSpam} onClick={toggleSpam}>
        {m.showSpam}
      </button>
    </div>
  )

  return (
    <div
      {...rest}
      dir={dir}
      ref={ref}
      className={rootClass}
      style={style}
      data-status={isFetchingNextPage ? 'loading' : status === 'error' ? 'error' : 'success'}
      data-live={liveStatus}
      data-density={density}
    >
      {toolbar}
      {header}
      {liveStatus !== undefined && liveStatus !== 'off' && (
        <p className="bf-feed__live" role="status">{liveStatus === 'retrying' ? m.notUpdating : ''}</p>
      )}
      {spamBar}
      {searchNote}
      {txCount === 0 ? (
        <FeedEmpty hiddenCount={hiddenCount} more={more} searched={filtered ? filtered.loaded : undefined} t={t} />
      ) : (
        <div className="bf-feed__viewport" ref={viewportRef} onScroll={onScroll}>
          <div className="bf-feed__arrivals" aria-live="polite">
            {heldCount > 0 && (
              <button type="button" className="bf-button bf-feed__arrivals-button" onClick={showArrivals}>
                {t.plural(m.newArrivals, heldCount)}
              </button>
            )}
          </div>
          <div
            role="feed"
            aria-label={label}
            aria-busy={isFetchingNextPage}
            className="bf-feed__items"
            style={{ height: virtualizer.getTotalSize() }}
            onKeyDown={keyboard.onKeyDown}
            onFocus={keyboard.onFocus}
          >
            {virtualItems.map((v) => {
              const item = items[v.index]!
              return (
                <div
                  key={v.key}
                  data-index={v.index}
                  data-key={item.key}
                  ref={virtualizer.measureElement}
                  className="bf-feed__item"
                  style={{ transform: `translateY(${v.start}px)` }}
                >
                  {item.type === 'day' ? (
                    <DayHeader day={item.day} now={now} locale={t.locale} timeZone={timeZone} />
                  ) : (
                    <MemoRow
                      transaction={item.tx}
                      wallet={wallet}
                      showSpam={showSpam}
                      hideZeroValueTransfers={hideZeroValueTransfers}
                      renderDetails={renderDetails}
                      density={density}
                      expanded={expanded.has(item.key)}
                      onExpandedChange={onExpandedChange}
                      tabIndex={0}
                      aria-posinset={item.position}
                      aria-setsize={hasNextPage ? -1 : txCount}
                      {...options}
                    />
                  )}
                </div>
              )
            })}
          </div>
        </div>
      )}
      {status === 'error' && <FeedError error={error} onRetry={onRetry} inline t={t} />}
      {(hasNextPage || isFetchingNextPage) && status !== 'error' && (
        <div className="bf-feed__more">
          <button
            type="button"
            className="bf-button"
            onClick={isFetchingNextPage ? undefined : loadMore}
            aria-disabled={isFetchingNextPage}
          >
            {isFetchingNextPage ? m.loadingMore : m.loadMore}
          </button>
        </div>
      )}
      <p className="bf-visually-hidden" role="status">{isFetchingNextPage ? m.loadingMoreStatus : ''}</p>
    </div>
  )
})
