import { useMemo, useRef } from 'react'
import type { FeedItem } from './feedItems.js'

interface Numbered {
  above: number
  first: string | undefined
  positions: ReadonlyMap<string, number>
}

const NONE: Numbered = { above: 0, first: undefined, positions: new Map() }

/**
 * How many rows were shown above the loaded ones, in pages since dropped from the top (a window of
 * pages): `aria-posinset` counts on from them, so a row keeps its number while pages leave and come
 * back above it. Pages dropped: the new first row keeps its number. Pages read again above: the old
 * first row keeps its number. 0 when nothing continues above.
 */
export function useRowsAbove(items: readonly FeedItem[], continuesAbove: boolean): number {
  const last = useRef<Numbered>(NONE)
  return useMemo(() => {
    const before = last.current
    const positions = new Map<string, number>()
    for (const item of items) if (item.type === 'tx') positions.set(item.key, item.position)
    const first = items.find((item) => item.type === 'tx')?.key
    let above = 0
    if (continuesAbove && first !== undefined) {
      const was = before.positions.get(first)
      const now = before.first === undefined ? undefined : positions.get(before.first)
      if (was !== undefined) above = before.above + was - 1
      else if (now !== undefined) above = before.above + 1 - now
      else above = before.above
    }
    // Computing again for the same items (React may) gives the same number.
    last.current = { above: Math.max(0, above), first, positions }
    return last.current.above
  }, [items, continuesAbove])
}
