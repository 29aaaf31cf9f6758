import { measureElement, observeElementRect, defaultRangeExtractor, useVirtualizer, type Range, type Rect } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import type { TransactionEntry } from '../../core/history/schema.js'
import { TransactionRow } from '../TransactionRow/TransactionRow.js'
import { useNow } from '../shared/clock.js'
import { dayKeyReader, dayLabel } from '../shared/dates.js'
import type { DisplayOptions } from '../shared/options.js'
import { isHiddenTransaction } from '../shared/spam.js'
import { cleanText, clipText } from '../shared/text.js'

export interface TransactionListProps extends DisplayOptions {
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
  /** Called once when the end of the list scrolls into view, and by the "Load more" button. */
  onLoadMore?: (() => void) | undefined
  /** Controlled spam toggle; leave undefined to let the list keep its own (spam hidden at first). */
  showSpam?: boolean | undefined
  onShowSpamChange?: ((show: boolean) => void) | undefined
  /** Hide ERC-20 transfers of zero value, and transactions made only of them (address poisoning). */
  hideZeroValueTransfers?: boolean | undefined
  /** Accessible name of the feed. */
  label?: string | undefined
  /** Estimated height of a transaction row in px, before it is measured. */
  estimateSize?: number | undefined
  /** Rows rendered beyond the visible ones, each side. */
  overscan?: number | undefined
  /** Viewport size assumed until (or when) the browser reports none, e.g. in jsdom or a hidden tab. */
  initialRect?: Rect | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

type Item =
  | { type: 'day'; key: string; day: string }
  | { type: 'tx'; key: string; tx: TransactionEntry; position: number }

const DAY_HEIGHT = 36
const DEFAULT_RECT: Rect = { width: 640, height: 560 }
/** How close to the end (in items) the last rendered row must be to ask for the next page. */
const LOAD_AHEAD = 3

// Every scroll frame re-renders the list: rows whose props did not change must not re-render.
const MemoRow = memo(TransactionRow)

const DayHeader = memo(function DayHeader({ day, now, locale, timeZone }: { day: string; now: number | null; locale: string | undefined; timeZone: string | undefined }) {
  return <div className="bf-day">{dayLabel(day, now, locale, timeZone)}</div>
})

/**
 * The wallet activity feed, presentational: date-grouped, virtualized rows keyed by hash,
 * ARIA feed pattern with arrow/Page keys, infinite scroll plus a "Load more" button,
 * skeleton / empty / error states, and possible spam hidden behind a visible toggle.
 */
export function TransactionList({
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
  label = 'Wallet activity',
  estimateSize = 96,
  overscan = 4,
  initialRect = DEFAULT_RECT,
  className,
  style,
  ...options
}: TransactionListProps) {
  const { locale, timeZone } = options
  const now = useNow()
  const [ownShowSpam, setOwnShowSpam] = useState(false)
  const showSpam = showSpamProp ?? ownShowSpam
  const toggleSpam = () => {
    setOwnShowSpam(!showSpam)
    onShowSpamChange?.(!showSpam)
  }

  const { items, hiddenCount, txCount, txItemIndex } = useMemo(() => {
    const seen = new Set<string>()
    const items: Item[] = []
    const txItemIndex: number[] = []
    let hiddenCount = 0
    let lastDay: string | null = null
    const dayOf = dayKeyReader(timeZone)
    const rules = { showSpam: false, hideZeroValueTransfers }
    for (const tx of transactions) {
      // Hashes arrive lowercase almost always: lowercase (and allocate) only the rest.
      const hash = /[A-F]/.test(tx.hash) ? tx.hash.toLowerCase() : tx.hash
      if (seen.has(hash)) continue
      seen.add(hash)
      if (isHiddenTransaction(tx, wallet, rules)) {
        hiddenCount++
        if (!showSpam) continue
      }
      const day = dayOf(tx.block_timestamp)
      if (day !== lastDay) {
        items.push({ type: 'day', key: `day-${day}`, day })
        lastDay = day
      }
      txItemIndex.push(items.length)
      items.push({ type: 'tx', key: hash, tx, position: txItemIndex.length })
    }
    return { items, hiddenCount, txCount: txItemIndex.length, txItemIndex }
  }, [transactions, wallet, showSpam, hideZeroValueTransfers, timeZone])

  const viewportRef = useRef<HTMLDivElement>(null)
  const focusedIndex = useRef<number | null>(null)
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
    }, []),
  })
  const virtualItems = virtualizer.getVirtualItems()

  // Infinite scroll: once per list length, when the last rendered row is near the end.
  const requestedAt = useRef<number | null>(null)
  const lastIndex = virtualItems.at(-1)?.index ?? -1
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || !onLoadMore || items.length === 0) return
    if (lastIndex >= items.length - 1 - LOAD_AHEAD && requestedAt.current !== items.length) {
      requestedAt.current = items.length
      onLoadMore()
    }
  }, [lastIndex, items.length, hasNextPage, isFetchingNextPage, onLoadMore])

  const pendingFocus = useRef<string | null>(null)
  const tryFocus = () => {
    const key = pendingFocus.current
    if (key === null) return
    const items = viewportRef.current?.querySelectorAll<HTMLElement>('[data-key]') ?? []
    const article = Array.from(items).find((e) => e.dataset.key === key)?.querySelector('article')
    if (article) {
      pendingFocus.current = null
      article.focus({ preventScroll: true })
    }
  }
  useEffect(tryFocus)

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (!current || txCount === 0) return
    const itemIndex = Number(current.dataset.index)
    const item = items[itemIndex]
    const position = item?.type === 'tx' ? item.position - 1 : 0
    const target = (() => {
      switch (event.key) {
        case 'ArrowDown':
        case 'PageDown':
          return position + 1
        case 'ArrowUp':
        case 'PageUp':
          return position - 1
        case 'Home':
          return event.ctrlKey ? null : 0
        case 'End':
          return event.ctrlKey ? null : txCount - 1
        default:
          return null
      }
    })()
    // Arrow keys inside a row's own controls (e.g. a link) still move between articles; Home/End only from the article.
    if (target === null || ((event.key === 'Home' || event.key === 'End') && event.target !== current.querySelector('article'))) return
    event.preventDefault()
    const clamped = Math.max(0, Math.min(txCount - 1, target))
    const index = txItemIndex[clamped]
    if (index === undefined) return
    focusedIndex.current = index
    pendingFocus.current = items[index]!.key
    virtualizer.scrollToIndex(index, { align: 'auto' })
    tryFocus()
  }

  const rootClass = className ? `bf-root bf-feed ${className}` : 'bf-root bf-feed'
  const errorText = error ? clipText(cleanText(error.message) ?? '', 160).shown : ''

  if (status === 'pending' && transactions.length === 0) {
    return (
      <div className={rootClass} style={style} data-status="loading">
        <div role="feed" aria-busy="true" aria-label={label} className="bf-feed__viewport bf-feed__viewport--static">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="bf-skeleton" aria-hidden="true">
              <span className="bf-skeleton__icon" />
              <span className="bf-skeleton__lines"><span /><span /></span>
            </div>
          ))}
        </div>
        <p className="bf-visually-hidden" role="status">Loading activity…</p>
      </div>
    )
  }

  if (status === 'error' && transactions.length === 0) {
    return (
      <div className={rootClass} style={style} data-status="error">
        <div className="bf-feed__message" role="alert">
          <p className="bf-feed__message-title">Couldn’t load activity</p>
          {errorText && <p className="bf-feed__message-detail">{errorText}</p>}
          {onRetry && <button type="button" className="bf-button" onClick={onRetry}>Try again</button>}
        </div>
      </div>
    )
  }

  const spamBar = hiddenCount > 0 && (
    <div className="bf-feed__spam">
      <span>
        {hiddenCount === 1 ? '1 transaction' : `${hiddenCount} transactions`} {showSpam ? 'flagged' : 'hidden'} as possible spam
      </span>
      <button type="button" className="bf-button bf-button--quiet" aria-pressed={showSpam} onClick={toggleSpam}>
        Show possible spam
      </button>
    </div>
  )

  return (
    <div className={rootClass} style={style} data-status={isFetchingNextPage ? 'loading' : status === 'error' ? 'error' : 'success'}>
      {spamBar}
      {txCount === 0 ? (
        <div className="bf-feed__message">
          <p className="bf-feed__message-title">No activity yet</p>
          <p className="bf-feed__message-detail">
            {hiddenCount > 0 ? 'Only transactions flagged as possible spam were found.' : 'Transactions of this wallet will show up here.'}
          </p>
        </div>
      ) : (
        <div className="bf-feed__viewport" ref={viewportRef}>
          <div
            role="feed"
            aria-label={label}
            aria-busy={isFetchingNextPage}
            className="bf-feed__items"
            style={{ height: virtualizer.getTotalSize() }}
            onKeyDown={moveFocus}
            onFocus={(e) => {
              const at = (e.target as HTMLElement).closest<HTMLElement>('[data-index]')
              if (at) focusedIndex.current = Number(at.dataset.index)
            }}
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
                    <DayHeader day={item.day} now={now} locale={locale} timeZone={timeZone} />
                  ) : (
                    <MemoRow
                      transaction={item.tx}
                      wallet={wallet}
                      showSpam={showSpam}
                      hideZeroValueTransfers={hideZeroValueTransfers}
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
      {status === 'error' && (
        <div className="bf-feed__message bf-feed__message--inline" role="alert">
          <p className="bf-feed__message-title">Couldn’t load more activity</p>
          {errorText && <p className="bf-feed__message-detail">{errorText}</p>}
          {onRetry && <button type="button" className="bf-button" onClick={onRetry}>Try again</button>}
        </div>
      )}
      {(hasNextPage || isFetchingNextPage) && status !== 'error' && (
        <div className="bf-feed__more">
          <button
            type="button"
            className="bf-button"
            onClick={isFetchingNextPage ? undefined : onLoadMore}
            aria-disabled={isFetchingNextPage}
          >
            {isFetchingNextPage ? 'Loading more…' : 'Load more'}
          </button>
        </div>
      )}
      <p className="bf-visually-hidden" role="status">{isFetchingNextPage ? 'Loading more activity…' : ''}</p>
    </div>
  )
}
