import { useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react'
import { entryId } from '../../core/history/entryId.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { isHiddenTransaction } from '../shared/spam.js'

/** Scrolled less than this (px), the viewer is at the top: arrivals are shown at once. */
const AT_TOP_PX = 4
export const NO_ARRIVALS: ReadonlySet<string> = new Set()
// Before paint in a browser (no flash of held rows); the server has no layout and React warns there.
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect

interface HeldArrivalsInput {
  transactions: readonly TransactionEntry[]
  /** Entry ids of the live arrivals, at the top of `transactions`. */
  arrivals: ReadonlySet<string>
  wallet: string | undefined
  showSpam: boolean
  hideZeroValueTransfers: boolean
  viewportRef: RefObject<HTMLDivElement | null>
}

/**
 * Arrivals held back while the viewer is scrolled down, so what they read does not move: shown
 * at once at the top, when the viewer scrolls back there, or when they ask (`reveal`).
 */
export function useHeldArrivals({ transactions, arrivals, wallet, showSpam, hideZeroValueTransfers, viewportRef }: HeldArrivalsInput) {
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => arrivals)
  const held = useMemo(() => {
    if (arrivals.size === 0) return NO_ARRIVALS
    const out = new Set<string>()
    for (const h of arrivals) if (!revealed.has(h)) out.add(h)
    return out
  }, [arrivals, revealed])
  // Only arrivals the viewer would see are counted on the "N new transactions" button.
  const { shown, heldCount } = useMemo(() => {
    if (held.size === 0) return { shown: transactions, heldCount: 0 }
    const shown: TransactionEntry[] = []
    const counted = new Set<string>()
    for (const tx of transactions) {
      const id = entryId(tx)
      if (!held.has(id)) shown.push(tx)
      else if (!counted.has(id) && !isHiddenTransaction(tx, wallet, { showSpam, hideZeroValueTransfers })) counted.add(id)
    }
    return { shown, heldCount: counted.size }
  }, [transactions, held, wallet, showSpam, hideZeroValueTransfers])

  const atTop = () => (viewportRef.current?.scrollTop ?? 0) < AT_TOP_PX
  useBeforePaint(() => {
    if (held.size > 0 && atTop()) setRevealed(arrivals)
  }, [held, arrivals])

  /** Back at the top by scrolling: the held arrivals take their place. */
  const revealAtTop = () => {
    if (held.size > 0 && atTop()) setRevealed(arrivals)
  }
  const reveal = () => setRevealed(arrivals)
  /** The newest held arrival the viewer will see, once revealed. */
  const newestHeld = () => transactions.find((tx) => held.has(entryId(tx)) && !isHiddenTransaction(tx, wallet, { showSpam, hideZeroValueTransfers }))
  return { shown, heldCount, revealAtTop, reveal, newestHeld }
}
