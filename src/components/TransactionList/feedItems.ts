import { entryId } from '../../core/history/entryId.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { dayKeyReader } from '../shared/dates.js'
import { isHiddenTransaction } from '../shared/spam.js'

/** One item of the flat feed: a date header or a transaction, each with a stable key (never translated text). */
export type FeedItem =
  | { type: 'day'; key: string; day: string }
  | { type: 'tx'; /** `entryId`: the hash, or chain and hash in a merged feed. */ key: string; tx: TransactionEntry; position: number }

export interface FeedItemsOptions {
  /** The viewed wallet: decides what counts as someone else's spam. */
  wallet?: string | undefined
  /** Show what is hidden as possible spam (still counted in `hiddenCount`). */
  showSpam: boolean
  hideZeroValueTransfers: boolean
  /** Days are calendar days in this zone (the machine's when undefined). */
  timeZone?: string | undefined
  /**
   * Rows above the first were dropped (a window of pages): its day may go on above it, so its
   * header waits for them. The row at the top is then the one a reader's place is kept by.
   */
  continuesAbove?: boolean | undefined
}

export interface FeedItems {
  items: FeedItem[]
  /** Transactions hidden (or, with `showSpam`, flagged) as possible spam. */
  hiddenCount: number
  /** Transactions shown. */
  txCount: number
  /** For the n-th shown transaction (0-based), its index in `items`. */
  txItemIndex: number[]
}

/**
 * Entries (newest first) → the feed's items: one per entry (hash, or chain and hash), hidden spam counted and left out
 * unless shown, a date header before the first transaction of each day. Pure, no React.
 */
export function feedItems(transactions: readonly TransactionEntry[], { wallet, showSpam, hideZeroValueTransfers, timeZone, continuesAbove = false }: FeedItemsOptions): FeedItems {
  const seen = new Set<string>()
  const items: FeedItem[] = []
  const txItemIndex: number[] = []
  let hiddenCount = 0
  let lastDay: string | null = null
  const days = new Map<string, number>()
  const dayOf = dayKeyReader(timeZone)
  const rules = { showSpam: false, hideZeroValueTransfers }
  for (const tx of transactions) {
    // One item per entry: per (chain, hash) when entries carry their chain (a merged feed), else per hash.
    const id = entryId(tx)
    if (seen.has(id)) continue
    seen.add(id)
    if (isHiddenTransaction(tx, wallet, rules)) {
      hiddenCount++
      if (!showSpam) continue
    }
    const day = dayOf(tx.block_timestamp)
    if (day !== lastDay) {
      // A day met again (a service out of order): its second header needs a key of its own.
      const n = (days.get(day) ?? 0) + 1
      days.set(day, n)
      if (lastDay !== null || !continuesAbove) items.push({ type: 'day', key: n === 1 ? `day-${day}` : `day-${day}-${n}`, day })
      lastDay = day
    }
    txItemIndex.push(items.length)
    items.push({ type: 'tx', key: id, tx, position: txItemIndex.length })
  }
  return { items, hiddenCount, txCount: txItemIndex.length, txItemIndex }
}
