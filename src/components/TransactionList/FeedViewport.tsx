import { memo, type FocusEvent, type KeyboardEvent, type RefObject } from 'react'
import type { Virtualizer, VirtualItem } from '@tanstack/react-virtual'
import type { TransactionEntry } from '../../core/history/schema.js'
import type { Translator } from '../../i18n/useMessages.js'
import { dayLabel } from '../shared/dates.js'
import type { DisplayOptions } from '../shared/options.js'
import { TransactionRow, type Density, type TransactionRowProps } from '../TransactionRow/TransactionRow.js'
import type { FeedItem } from './feedItems.js'

// Every scroll frame re-renders the list: rows whose props did not change must not re-render.
const MemoRow = memo(TransactionRow)

const DayHeader = memo(function DayHeader({ day, now, locale, timeZone }: { day: string; now: number | null; locale: string | undefined; timeZone: string | undefined }) {
  return <div className="bf-day">{dayLabel(day, now, locale, timeZone)}</div>
})

/** What every row of the feed is given alike. */
export interface FeedRowProps extends DisplayOptions {
  wallet: string | undefined
  showSpam: boolean
  hideZeroValueTransfers: boolean
  renderDetails: TransactionRowProps['renderDetails']
  density: Density
  onExpandedChange: (open: boolean, tx: TransactionEntry) => void
}

export interface FeedViewportProps {
  viewportRef: RefObject<HTMLDivElement | null>
  onScroll: () => void
  /** Arrivals held behind the "N new transactions" button, and what pressing it does. */
  heldCount: number
  onShowArrivals: () => void
  label: string
  isFetchingNextPage: boolean
  /** The feed's size for `aria-setsize`: -1 while more pages remain. */
  setSize: number
  /** Rows shown above the loaded ones, in pages dropped from the top: positions count on from them. */
  rowsAbove: number
  items: readonly FeedItem[]
  virtualizer: Virtualizer<HTMLDivElement, Element>
  virtualItems: readonly VirtualItem[]
  keyboard: { onKeyDown: (event: KeyboardEvent<HTMLElement>) => void; onFocus: (event: FocusEvent<HTMLElement>) => void }
  expanded: ReadonlySet<string>
  now: number | null
  row: FeedRowProps
  t: Translator
}

/** The scrolling part of the feed: the arrivals button over the virtualized day headers and rows (the ARIA feed). */
export function FeedViewport({ viewportRef, onScroll, heldCount, onShowArrivals, label, isFetchingNextPage, setSize, rowsAbove, items, virtualizer, virtualItems, keyboard, expanded, now, row, t }: FeedViewportProps) {
  return (
    <div className="bf-feed__viewport" ref={viewportRef} onScroll={onScroll}>
      <div className="bf-feed__arrivals" aria-live="polite">
        {heldCount > 0 && (
          <button type="button" className="bf-button bf-feed__arrivals-button" onClick={onShowArrivals}>
            {t.plural(t.messages.feed.newArrivals, heldCount)}
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
                <DayHeader day={item.day} now={now} locale={row.locale} timeZone={row.timeZone} />
              ) : (
                <MemoRow
                  transaction={item.tx}
                  {...row}
                  expanded={expanded.has(item.key)}
                  tabIndex={0}
                  aria-posinset={rowsAbove + item.position}
                  aria-setsize={setSize}
                />
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}
