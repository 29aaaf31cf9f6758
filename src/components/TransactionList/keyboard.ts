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
  /** Ends a scroll the list started (the virtualizer's cancelScroll). */
  cancelScroll: () => void
}

/** Where a key press (or the list) sends focus, by key: an index goes stale when rows are added or dropped above (a window of pages). */
interface FocusTarget {
  key: string
  /** The item's index the scroll was last aimed at; -1 when the list does not steer the scroll to it. */
  index: number
  /** Renders in a row where no item had the key. */
  misses: number
}

/** The row starts inside the viewport and fits in it (or fills it): a reader sees where focus is. */
function inView(row: HTMLElement, viewport: HTMLElement): boolean {
  const r = row.getBoundingClientRect()
  const v = viewport.getBoundingClientRect()
  return r.top >= v.top - 1 && r.top < v.bottom && (r.bottom <= v.bottom + 1 || r.height > v.height)
}

/**
 * Keyboard focus for a virtualized feed: moves between articles, mounts the target first
 * when it is off screen, and tells the virtualizer which item holds focus (to keep it mounted).
 * Until the target holds focus and is in view, the scroll follows the target's key: a page read
 * above or dropped from the top while the scroll is under way moves the row, not the aim.
 */
export function useFeedKeyboard({ items, txItemIndex, viewportRef, scrollToIndex, cancelScroll }: FeedKeyboardInput) {
  const focusedKey = useRef<string | null>(null)
  const target = useRef<FocusTarget | null>(null)

  /** Runs after every render: aims the scroll at the target's row again if it moved, focuses it once mounted, and lets go once it is in view. */
  const settle = () => {
    const t = target.current
    if (t === null) return
    const index = items.findIndex((item) => item.key === t.key)
    // A key no item has (any more) is not waited for long: the item may only show in the next render (arrivals).
    if (index < 0) {
      if (++t.misses > 2) target.current = null
      return
    }
    t.misses = 0
    if (t.index >= 0 && index !== t.index) {
      t.index = index
      scrollToIndex(index)
    }
    const viewport = viewportRef.current
    const row = Array.from(viewport?.querySelectorAll<HTMLElement>('[data-key]') ?? []).find((e) => e.dataset.key === t.key)
    const article = row?.querySelector('article')
    if (!viewport || !row || !article) return
    if (document.activeElement !== article) article.focus({ preventScroll: true })
    if (t.index < 0 || inView(row, viewport)) {
      target.current = null
      // The row is where it should be: a scroll still checking its index would follow rows added above to another row.
      if (t.index >= 0) cancelScroll()
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (!current) return
    const item = items[Number(current.dataset.index)]
    const to = feedKeyTarget(event.key, {
      position: item?.type === 'tx' ? item.position - 1 : 0,
      count: txItemIndex.length,
      ctrlKey: event.ctrlKey,
      onArticle: event.target === current.querySelector('article'),
    })
    const index = to === null ? undefined : txItemIndex[to]
    if (index === undefined) return
    event.preventDefault()
    const key = items[index]!.key
    focusedKey.current = key
    target.current = { key, index, misses: 0 }
    scrollToIndex(index)
    settle()
  }

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const at = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (at) focusedKey.current = at.dataset.key ?? null
  }

  /** Moves focus to the item with `key` once it is mounted, e.g. when the control that had focus goes away; the scroll is the caller's. */
  const focusKey = (key: string) => {
    focusedKey.current = null
    target.current = { key, index: -1, misses: 0 }
  }

  /** A key press is still taking focus to its row: pages read above now would move it under the scroll. */
  const moving = () => target.current !== null && target.current.index >= 0

  return { focusedKey, settle, onKeyDown, onFocus, focusKey, moving }
}
