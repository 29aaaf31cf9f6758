import { useEffect, useRef } from 'react'
import { prepareWalletHistoryFilter } from '../../core/history/filter.js'
import type { TransactionEntry } from '../../core/history/schema.js'

/** Entries prepared per idle slice: about a millisecond of work, well within one frame. */
const SLICE = 100

type IdleHandle = { cancel(): void }
const whenIdle = (run: () => void): IdleHandle => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 })
    return { cancel: () => cancelIdleCallback(id) }
  }
  const id = setTimeout(run, 0)
  return { cancel: () => clearTimeout(id) }
}

/**
 * Builds the filter's search text of entries as pages arrive, in idle time, so the first
 * keystroke in the search box is as quick as the next (10,000 entries cold: ≈100 ms of CPU).
 */
export function useIdleFilterPreparation(entries: readonly TransactionEntry[], chain: string | undefined, enabled: boolean): void {
  // Entries are appended page by page: only the new tail needs work.
  const done = useRef<{ entries: readonly TransactionEntry[]; count: number; chain: string | undefined }>({ entries: [], count: 0, chain })
  useEffect(() => {
    if (!enabled) return
    const d = done.current
    // Another list (a new wallet, a refetch) or chain: start over; the caches are per entry object, so nothing is built twice.
    if (d.chain !== chain || d.entries[0] !== entries[0] || d.count > entries.length) done.current = { entries, count: 0, chain }
    else done.current = { ...d, entries }
    let handle: IdleHandle | undefined
    const step = () => {
      const state = done.current
      const end = Math.min(state.count + SLICE, entries.length)
      prepareWalletHistoryFilter(entries.slice(state.count, end), chain)
      state.count = end
      if (end < entries.length) handle = whenIdle(step)
    }
    if (done.current.count < entries.length) handle = whenIdle(step)
    return () => handle?.cancel()
  }, [entries, chain, enabled])
}
