import { useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react'
import type { FeedItem } from './feedItems.js'

/**
 * The feed pattern's keys: where focus goes (a 0-based position among the shown
 * transactions) from `position` of `count`, or null when the key is not the feed's.
 * Home/End act only on an article itself (inside a row they belong to its controls);
 * Ctrl+Home/End are left to the page.
 */
export function feedKeyTarget(key: string, { position, count, ctrlKey = false, onArticle = true }: { position: number; count: number; ctrlKey?: boolean; onArticle?: boolean }): number | null {
  if (count === 0) return null
  const target = (() => {
    switch (key) {
      case 'ArrowDown':
      case 'PageDown':
        return position + 1
      case 'ArrowUp':
      case 'PageUp':
        return position - 1
      case 'Home':
        return ctrlKey || !onArticle ? null : 0
      case 'End':
        return ctrlKey || !onArticle ? null : count - 1
      default:
        return null
    }
  })()
  return target === null ? null : Math.max(0, Math.min(count - 1, target))
}

interface FeedKeyboardInput {
  items: readonly FeedItem[]
  txItemIndex: readonly number[]
  viewportRef: RefObject<HTMLDivElement | null>
  /** Brings an item into the rendered range (the virtualizer's scrollToIndex). */
  scrollToIndex: (index: number) => void
}

/**
 * Keyboard focus for a virtualized feed: moves between articles, mounts the target first
 * when it is off screen, and tells the virtualizer which item holds focus (to keep it mounted).
 */
export function useFeedKeyboard({ items, txItemIndex, viewportRef, scrollToIndex }: FeedKeyboardInput) {
  // By key: an index goes stale when rows are added or dropped above (a window of pages).
  const focusedKey = useRef<string | null>(null)
  const pendingFocus = useRef<string | null>(null)
  const misses = useRef(0)

  const tryFocus = () => {
    const key = pendingFocus.current
    if (key === null) return
    // A key no item has (any more) is not waited for: nothing else to focus, and no search on every render.
    if (!items.some((item) => item.key === key)) {
      if (++misses.current > 2) pendingFocus.current = null
      return
    }
    misses.current = 0
    const mounted = viewportRef.current?.querySelectorAll<HTMLElement>('[data-key]') ?? []
    const article = Array.from(mounted).find((e) => e.dataset.key === key)?.querySelector('article')
    if (article) {
      pendingFocus.current = null
      article.focus({ preventScroll: true })
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (!current) return
    const item = items[Number(current.dataset.index)]
    const target = feedKeyTarget(event.key, {
      position: item?.type === 'tx' ? item.position - 1 : 0,
      count: txItemIndex.length,
      ctrlKey: event.ctrlKey,
      onArticle: event.target === current.querySelector('article'),
    })
    const index = target === null ? undefined : txItemIndex[target]
    if (index === undefined) return
    event.preventDefault()
    focusedKey.current = items[index]!.key
    pendingFocus.current = items[index]!.key
    scrollToIndex(index)
    tryFocus()
  }

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const at = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (at) focusedKey.current = at.dataset.key ?? null
  }

  /** Moves focus to the item with `key` once it is mounted, e.g. when the control that had focus goes away. */
  const focusKey = (key: string) => {
    focusedKey.current = null
    pendingFocus.current = key
    misses.current = 0
  }

  return { focusedKey, tryFocus, onKeyDown, onFocus, focusKey }
}
