import type { Rect } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef } from 'react'
import { entryId } from '../../core/history/entryId.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { useNow } from '../shared/clock.js'
import { useControllableState } from '../shared/controllable.js'
import { useAutoLoad } from './autoLoad.js'
import { useExpandedRows } from './expandedRows.js'
import { feedItems } from './feedItems.js'
import { useFeedVirtualizer } from './feedVirtualizer.js'
import { useHeldArrivals } from './heldArrivals.js'
import { useFeedKeyboard } from './keyboard.js'
import { useRowsAbove } from './rowsAbove.js'

/** How close to the end (in items) the last rendered row must be to ask for the next page. */
const LOAD_AHEAD = 3

export interface FeedStateInput {
  transactions: readonly TransactionEntry[]
  wallet: string | undefined
  status: 'pending' | 'error' | 'success'
  hasNextPage: boolean
  isFetchingNextPage: boolean
  onLoadMore: (() => void) | undefined
  hasPreviousPage: boolean
  isFetchingPreviousPage: boolean
  onLoadPrevious: (() => void) | undefined
  showSpam: boolean | undefined
  onShowSpamChange: ((show: boolean) => void) | undefined
  hideZeroValueTransfers: boolean
  filtered: { loaded: number; key: string } | undefined
  arrivals: ReadonlySet<string>
  timeZone: string | undefined
  estimateSize: number
  overscan: number
  initialRect: Rect
}

/**
 * Everything the list keeps between renders: open rows, the spam toggle, held arrivals, the
 * items and their virtualizer, keyboard focus and paging; and what the viewer's actions do to them.
 */
export function useFeedState(input: FeedStateInput) {
  const { transactions, wallet, status, hasNextPage, isFetchingNextPage, onLoadMore, hideZeroValueTransfers, filtered, timeZone } = input
  const { expanded, onExpandedChange } = useExpandedRows()
  const now = useNow()
  const [showSpam, setShowSpam] = useControllableState(input.showSpam, false, input.onShowSpamChange)
  const toggleSpam = () => setShowSpam(!showSpam)
  const viewportRef = useRef<HTMLDivElement>(null)
  const held = useHeldArrivals({ transactions, arrivals: input.arrivals, wallet, showSpam, hideZeroValueTransfers, viewportRef })
  const { items, hiddenCount, txCount, txItemIndex } = useMemo(
    () => feedItems(held.shown, { wallet, showSpam, hideZeroValueTransfers, timeZone, continuesAbove: input.hasPreviousPage }),
    [held.shown, wallet, showSpam, hideZeroValueTransfers, timeZone, input.hasPreviousPage],
  )
  const rowsAbove = useRowsAbove(items, input.hasPreviousPage)
  const keyboard = useFeedKeyboard({
    items, txItemIndex, viewportRef, scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }), cancelScroll: () => virtualizer.cancelScroll(),
  })
  const anchored = useWindowAnchor(input.hasPreviousPage || input.isFetchingPreviousPage)
  const virtualizer = useFeedVirtualizer({ items, viewportRef, estimateSize: input.estimateSize, overscan: input.overscan, initialRect: input.initialRect, focusedKey: keyboard.focusedKey, anchored })
  const virtualItems = virtualizer.getVirtualItems()
  // Before the paging below, in the same commit: a key press that has landed no longer holds it back.
  useEffect(keyboard.settle)
  useLoadPrevious({
    nearStart: (virtualItems[0]?.index ?? 0) <= LOAD_AHEAD,
    // Not while a scroll is under way (Home, arrow keys): react-virtual keeps the reader's row only once it has settled.
    can: input.hasPreviousPage && !input.isFetchingPreviousPage && !isFetchingNextPage && status !== 'error' && !virtualizer.isScrolling,
    // Nor while a key press is taking focus to its row (Home): that row is then the one kept in place.
    moving: keyboard.moving,
    transactions,
    onLoadPrevious: input.onLoadPrevious,
  })

  const lastIndex = virtualItems.at(-1)?.index ?? -1
  const { onViewerScroll } = useAutoLoad({
    nearEnd: items.length === 0 || lastIndex >= items.length - 1 - LOAD_AHEAD,
    // Pages whose entries the filter drops still count as received.
    received: filtered?.loaded ?? transactions.length,
    hasNextPage,
    // One page at a time: a page asked for while another loads would cancel it.
    isFetchingNextPage: isFetchingNextPage || input.isFetchingPreviousPage,
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

  const onScroll = () => {
    onViewerScroll()
    held.revealAtTop()
  }
  const showArrivals = () => {
    held.reveal()
    virtualizer.scrollToOffset(0)
    if (viewportRef.current) viewportRef.current.scrollTop = 0
    // The button goes away: focus moves to the newest row rather than to the page.
    const newest = held.newestHeld()
    if (newest) keyboard.focusKey(entryId(newest))
  }
  return { expanded, onExpandedChange, now, showSpam, toggleSpam, viewportRef, heldCount: held.heldCount, items, rowsAbove, hiddenCount, txCount, keyboard, virtualizer, virtualItems, loadMore, onScroll, showArrivals }
}

/**
 * Whether the virtualizer keeps the reader's row in place when items change above it (react-virtual's
 * anchor): while the feed is a window of pages, and in the render after (the page that makes it whole
 * again is loaded above the reader too). Off otherwise, so arrivals shown at the top stay in view.
 */
function useWindowAnchor(windowed: boolean): boolean {
  const was = useRef(windowed)
  useEffect(() => {
    was.current = windowed
  })
  return windowed || was.current
}

/** Reads a dropped page again when the top of the loaded rows comes into view; its rows go in above the reader's. */
function useLoadPrevious(input: { nearStart: boolean; can: boolean; moving: () => boolean; transactions: unknown; onLoadPrevious: (() => void) | undefined }) {
  const askedFor = useRef<unknown>(null)
  // Every commit: `moving` ends without a render of its own. Once per list of transactions: the page asked for changes it.
  useEffect(() => {
    const { nearStart, can, moving, transactions, onLoadPrevious } = input
    if (!nearStart || !can || moving() || askedFor.current === transactions) return
    askedFor.current = transactions
    onLoadPrevious?.()
  })
}
