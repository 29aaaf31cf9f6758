import type { MergeKey } from '../order.js'
import { compareInOrder } from './frontier.js'
import { createMergeState, type MergeState } from './state.js'
import type { MergedWalletHistoryParameters } from './types.js'

/** Where one source stood at a merged page's boundary. */
export type SourceSnapshot =
  /** Read the page at `cursor` (undefined: the first page); what sorts at or before the boundary is dropped. */
  | { readonly status: 'ok'; readonly cursor: string | undefined }
  /** Ended: nothing left to read. */
  | { readonly status: 'done' }
  /** Had failed: not asked (see `createMergeStateAt`). */
  | { readonly status: 'error'; readonly cursor: string | undefined }

/**
 * A merged page's boundary: enough to merge that page again with no memory of the pages before it.
 * A few cursors, not entries: one is kept per page a windowed feed has passed.
 */
export interface MergeSnapshot {
  /** The last entry emitted before the boundary. */
  readonly last: MergeKey
  /** Per source, wallets × chains in order. */
  readonly sources: readonly SourceSnapshot[]
}

/**
 * The boundary the merge stands at (undefined at the top, before any entry). A source whose last
 * page still holds entries after the boundary (in its buffer, or folded into another wallet's record)
 * is read again from that page's cursor; one whose page is used up, from its next cursor. No memory
 * of earlier pages is needed for duplicates: an entry is emitted only once every answering source has
 * delivered one at or after it, so every wallet's view of a transaction is folded in before it is
 * emitted, and what sorts at or before the boundary is dropped when read again.
 */
export function snapshotOf(state: MergeState): MergeSnapshot | undefined {
  const last = state.last
  if (last === undefined) return undefined
  const sources = state.sources.map((s): SourceSnapshot => {
    if (s.status === 'error') return { status: 'error', cursor: s.cursor }
    if (s.bound !== undefined && compareInOrder(state, s.bound, last) > 0) return { status: 'ok', cursor: s.pageCursor }
    return s.status === 'done' ? { status: 'done' } : { status: 'ok', cursor: s.cursor }
  })
  const { time, chain, block, index, hash } = last
  return { last: { time, chain, block, index, hash }, sources }
}

/**
 * A fresh merge state that starts at `snapshot`: one request per source still answering there, at
 * its cursor; then the normal merge makes the same page again (the same rows in the same order, as
 * long as the service answers as before). A source that had failed at the boundary stays failed
 * (the page shows what it showed the first time, and names it in `incomplete`); entries a retry
 * handed out in `late` stay with the rows they were put among, not with a page read again.
 */
export function createMergeStateAt(
  params: MergedWalletHistoryParameters,
  defaults: Parameters<typeof createMergeState>[1],
  snapshot: MergeSnapshot | undefined,
): MergeState {
  const state = createMergeState(params, defaults)
  if (snapshot === undefined) return state
  state.after = snapshot.last
  state.sources.forEach((s, i) => {
    const at = snapshot.sources[i]
    if (at === undefined || at.status === 'ok') s.cursor = at?.cursor
    else if (at.status === 'done') s.status = 'done'
    else {
      s.status = 'error'
      s.cursor = at.cursor
    }
  })
  return state
}
