import { defaultRangeExtractor, measureElement, observeElementRect, useVirtualizer, type Range, type Rect } from '@tanstack/react-virtual'
import { useCallback, type RefObject } from 'react'
import type { FeedItem } from './feedItems.js'

const DAY_HEIGHT = 32

interface FeedVirtualizerInput {
  items: readonly FeedItem[]
  viewportRef: RefObject<HTMLDivElement | null>
  /** Estimated height of a transaction row in px, before it is measured. */
  estimateSize: number
  overscan: number
  /** Viewport size assumed until (or when) the browser reports none. */
  initialRect: Rect
  /** The item holding keyboard focus (the feed keyboard's). */
  focusedKey: { readonly current: string | null }
  /** Keep the row at the top of the viewport where it is when items are added or dropped above it. */
  anchored: boolean
}

/** The feed's virtualizer: day headers and rows, measured as they mount, keyed by their stable keys. */
export function useFeedVirtualizer({ items, viewportRef, estimateSize, overscan, initialRect, focusedKey, anchored }: FeedVirtualizerInput) {
  const sizeOf = useCallback((i: number) => (items[i]?.type === 'day' ? DAY_HEIGHT : estimateSize), [items, estimateSize])
  // Stable options: react-virtual recomputes every item's offset when getItemKey changes identity.
  const getItemKey = useCallback((i: number) => items[i]?.key ?? i, [items])
  return useVirtualizer({
    count: items.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: sizeOf,
    getItemKey,
    overscan,
    initialRect,
    // react-virtual's reading anchor: on a change of the first or last key, the item at the scroll offset keeps its place.
    anchorTo: anchored ? 'end' : 'start',
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
      const key = focusedKey.current
      const f = key === null ? -1 : items.findIndex((item) => item.key === key)
      return f >= 0 && f < range.count && !indexes.includes(f) ? [...indexes, f].sort((a, b) => a - b) : indexes
    }, [focusedKey, items]),
  })
}
