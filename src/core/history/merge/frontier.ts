import { compareInFeedOrder, compareMergeKeys, type MergeKey } from '../order.js'
import type { MergeSource, MergeState } from './state.js'

/** Comparison in the feed's order. */
export function compareInOrder(state: Pick<MergeState, 'order'>, a: MergeKey, b: MergeKey): number {
  return compareInFeedOrder(state.order === 'DESC', a, b)
}

/** Whether `a` comes before `b` in the feed's order; the time alone decides nearly always. */
export function precedes(desc: boolean, a: MergeKey, b: MergeKey): boolean {
  if (a.time !== b.time) return desc ? a.time > b.time : a.time < b.time
  return compareInFeedOrder(desc, a, b) < 0
}

/** A source that can still answer: it has not ended and its last request did not fail. */
export const isAnswering = (s: MergeSource) => s.status === 'loading' || s.status === 'ok'

/**
 * How far entries may be emitted: `none` while some answering source has delivered nothing,
 * `all` when no source can answer any more, else the earliest last-delivered entry among them.
 */
export function mergeFrontier(state: MergeState): MergeKey | 'none' | 'all' {
  let min: MergeKey | undefined
  for (const s of state.sources) {
    if (!isAnswering(s)) continue
    if (s.bound === undefined) return 'none'
    if (min === undefined || compareInOrder(state, s.bound, min) < 0) min = s.bound
  }
  return min ?? 'all'
}

/**
 * The sources to ask now for their next page, to be fetched in parallel: those holding the
 * frontier back and not already waiting for an answer. Empty when no source can move it.
 */
export function sourcesToFetch(state: MergeState): MergeSource[] {
  const frontier = mergeFrontier(state)
  if (frontier === 'all') return []
  return state.sources.filter(
    (s) => isAnswering(s) && !s.inFlight && (frontier === 'none' ? s.bound === undefined : s.bound !== undefined && compareMergeKeys(s.bound, frontier) === 0),
  )
}

/** Whether some answering source has not yet reached the last emitted entry (a retried one catching up). */
export function isCatchingUp(state: MergeState): boolean {
  const last = state.last
  if (last === undefined) return false
  return state.sources.some((s) => isAnswering(s) && (s.bound === undefined || compareInOrder(state, s.bound, last) < 0))
}
