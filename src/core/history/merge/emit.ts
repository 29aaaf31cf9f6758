import { compareInOrder, mergeFrontier, precedes } from './frontier.js'
import { forgetPassedGenerations } from './known.js'
import { mergedEntryOf } from './mergedEntry.js'
import type { TransactionRecord } from './record.js'
import type { MergeSource, MergeState } from './state.js'
import type { MergedSourceState, MergedTransactionEntry, MergedWalletHistoryPage } from './types.js'

/**
 * Emits up to `max` entries the frontier allows, in order. Entries from a source that failed
 * are passed over (the page's `incomplete` says so).
 */
export function takeMergedEntries(state: MergeState, max: number): MergedTransactionEntry[] {
  const out: MergedTransactionEntry[] = []
  const frontier = mergeFrontier(state)
  if (frontier === 'none') return out
  const desc = state.order === 'DESC'
  const sources = state.sources
  while (out.length < max) {
    // A scan of the sources' next entries: 13 chains make a heap no faster.
    let from: MergeSource | undefined
    let earliest: TransactionRecord | undefined
    for (let i = 0; i < sources.length; i++) {
      const s = sources[i]!
      if (s.nextIndex === s.buffer.length) continue
      const r = s.buffer[s.nextIndex]!
      if (earliest === undefined || precedes(desc, r, earliest)) {
        from = s
        earliest = r
      }
    }
    if (from === undefined || earliest === undefined) break
    if (frontier !== 'all' && precedes(desc, frontier, earliest)) break
    from.nextIndex++
    earliest.emitted = true
    state.last = earliest
    out.push(mergedEntryOf(state, earliest))
  }
  dropEmittedRecords(state)
  return out
}

/** Drops what was emitted from a source's buffer once it is most of the buffer: keeps a long history linear. */
function dropEmittedRecords(state: MergeState): void {
  for (const s of state.sources) {
    if (s.nextIndex > 256 && s.nextIndex * 2 > s.buffer.length) {
      s.buffer = s.buffer.slice(s.nextIndex)
      s.nextIndex = 0
    }
  }
}

/** Hands out the pending `late` records, in order, as fresh entries. */
export function takeLateEntries(state: MergeState): MergedTransactionEntry[] {
  const records = [...state.late].sort((a, b) => compareInOrder(state, a, b))
  state.late.clear()
  return records.map((record) => mergedEntryOf(state, record))
}

export function mergeSourceStates(state: MergeState): MergedSourceState[] {
  return state.sources.map((s) => ({ chain: s.chain, wallet: s.wallet, status: s.status, error: s.error, requests: s.requests }))
}

/** Failed sources that have not reached the last emitted entry. */
export function incompleteSources(state: MergeState): { chain: string; wallet: string }[] {
  const last = state.last
  if (last === undefined) return []
  return state.sources
    .filter((s) => s.status === 'error' && (s.bound === undefined || compareInOrder(state, s.bound, last) < 0))
    .map((s) => ({ chain: s.chain, wallet: s.wallet }))
}

/**
 * The one "more pages?" rule: a source can still answer (or is being asked), or an entry waits
 * to be handed out. A failed source does not count: it needs a retry first.
 */
export function mergeHasMore(state: MergeState): boolean {
  return state.late.size > 0 || state.sources.some((s) => s.status === 'ok' || s.status === 'loading' || s.nextIndex < s.buffer.length)
}

export function isMergeDone(state: MergeState): boolean {
  return state.late.size === 0 && state.sources.every((s) => s.status === 'done' && s.nextIndex === s.buffer.length)
}

/** Builds a page from what was just emitted, with every source's status. */
export function mergedPage(state: MergeState, entries: MergedTransactionEntry[]): MergedWalletHistoryPage {
  forgetPassedGenerations(state)
  return {
    entries,
    late: takeLateEntries(state),
    sources: mergeSourceStates(state),
    incomplete: incompleteSources(state),
    done: isMergeDone(state),
  }
}
