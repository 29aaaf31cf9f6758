import { forwardRef, useEffect, useId, useRef, useState, type CSSProperties } from 'react'
import type { TransactionEntry } from '../../core/history/schema.js'
import { pendingRecords, type ReceiptLog, type TrackedTokenLookup } from '../../core/live/display.js'
import type { TrackedTransaction } from '../../core/live/record.js'
import { defaultRenderLink } from '../shared/links.js'
import type { DisplayOptions } from '../shared/options.js'
import { liveMessages } from '../../i18n/parts/live.js'
import { useMessages } from '../../i18n/useMessages.js'
import { PendingItem } from './PendingItem.js'
import { rowText, type LiveTranslator } from './pendingText.js'

/** The props of {@link PendingTransactions}: the tracked records to show, what helps word them, the two actions, and display options. */
export interface PendingTransactionsProps extends Pick<DisplayOptions, 'chain' | 'renderLink' | 'locale'> {
  /** The wallet's tracked records on this chain (`useTrackedTransactions({ address, chain })`), newest first. */
  records: readonly TrackedTransaction[]
  /** The indexed rows already shown: a record with the same hash is left to its row (never shown twice). */
  indexed?: readonly Pick<TransactionEntry, 'hash'>[] | undefined
  /** Symbols and decimals of known tokens (`tokenInfoFromEntries(rows)`), for "Sending 25 USDC". */
  tokens?: TrackedTokenLookup | undefined
  /**
   * Receipt logs by transaction hash, once mined: their ERC-20 transfers are listed instead of the
   * record's own `receiptTransfers` (which the tracker fills from the receipt; this is rarely needed).
   */
  receipts?: ReadonlyMap<string, readonly ReceiptLog[]> | undefined
  /** "Send again" on a dropped transaction whose signed form is known: called with it (e.g. `send.mutate({ serializedTransaction: raw })`). */
  onSendAgain?: ((raw: `0x${string}`, record: TrackedTransaction) => void) | undefined
  /** "Dismiss" on a replaced or dropped transaction: called with its record (e.g. `tracker.remove(record.hash, record.chain)`). */
  onDismiss?: ((record: TrackedTransaction) => void) | undefined
  /**
   * The group's visible title.
   * @defaultValue "Pending" in the active language
   */
  title?: string | undefined
  /** Class names added to the root `<div>`. */
  className?: string | undefined
  /** Inline styles for the root `<div>`. */
  style?: CSSProperties | undefined
}

/**
 * Shows your user's own transactions from pending until they are final, above the indexed rows.
 *
 * Each is on the row anatomy: a status glyph, the
 * status as the title over the other party and the confirmations, the amount signed in the trailing
 * column, and its actions (explorer, "Send again", "Dismiss") on a line of their own. Each says its
 * status (`data-status`, the title, a live-region announcement such as "Transaction confirmed").
 * Presentational: it fetches nothing.
 *
 * @param props - {@link PendingTransactionsProps}.
 * @returns A focusable `<div>` (`data-empty` when nothing shows) with the group and a polite live region.
 * @example
 * ```tsx
 * import { PendingTransactions } from 'blockfeed/components'
 * import { useTrackedTransactions } from 'blockfeed/react'
 *
 * const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 *
 * export function MyPending() {
 *   const records = useTrackedTransactions({ address: alice, chain: 'eth' })
 *   return <PendingTransactions records={records} chain="eth" />
 * }
 * ```
 */
export const PendingTransactions = forwardRef<HTMLDivElement, PendingTransactionsProps>(function PendingTransactions(
  { records, indexed, tokens, receipts, onSendAgain, onDismiss, title: titleProp, chain, locale, renderLink = defaultRenderLink, className, style },
  ref,
) {
  const t = useMessages(locale, liveMessages)
  const title = titleProp ?? t.messages.pending.title
  const titleId = useId()
  const shown = indexed ? pendingRecords(records, indexed) : records
  const [announcement, count] = useAnnouncement(records, tokens, t)
  const live = useRef<HTMLDivElement>(null)
  // Read as this change renders: the focused part may be about to go (its row left for the indexed one,
  // "Send again" pressed); then focus stays in the group rather than falling to the top of the page.
  const root = live.current?.parentElement
  const hadFocus = root?.contains(document.activeElement)
  useEffect(() => {
    if (hadFocus && !root!.contains(document.activeElement)) root!.focus()
  })

  return (
    <div ref={ref} tabIndex={-1} dir={t.dir} className={className ? `bf-pending ${className}` : 'bf-pending'} style={style} data-empty={shown.length === 0 ? '' : undefined}>
      {shown.length > 0 && (
        <div role="group" aria-labelledby={titleId}>
          <p id={titleId} className="bf-pending__title">{title}</p>
          <ul className="bf-pending__list">
            {shown.map((r) => (
              <PendingItem key={`${r.chain}:${r.hash}`} record={r} tokens={tokens} logs={receipts?.get(r.hash)} onSendAgain={onSendAgain} onDismiss={onDismiss} chain={chain ?? r.chain} t={t} renderLink={renderLink} />
            ))}
          </ul>
        </div>
      )}
      {/* Always mounted, so a screen reader is already listening when a status changes. */}
      {/* A new node per announcement: the same words again ("Transaction confirmed" for a second transaction) are spoken again. */}
      <div ref={live} role="status" aria-live="polite" aria-atomic="true" className="bf-visually-hidden"><span key={count}>{announcement}</span></div>
    </div>
  )
})

/** The latest status change among `records` in words, naming the transaction; records seen for the first time (e.g. from storage) say nothing. */
function useAnnouncement(records: readonly TrackedTransaction[], tokens: TrackedTokenLookup | undefined, t: LiveTranslator): [text: string, count: number] {
  const previous = useRef<Map<string, TrackedTransaction['status']> | undefined>(undefined)
  const [text, setText] = useState<[string, number]>(['', 0])
  useEffect(() => {
    const before = previous.current
    const now = new Map(records.map((r) => [`${r.chain}:${r.hash}`, r.status]))
    previous.current = now
    if (!before) return
    let said = ''
    for (const r of records) {
      const was = before.get(`${r.chain}:${r.hash}`)
      if (was !== undefined && was !== r.status && r.status !== 'pending') said = t.format(t.messages.pending.announce[r.status], { transaction: rowText(r, tokens, t) })
    }
    if (said) setText(([, n]) => [said, n + 1])
  }, [records, tokens, t])
  return text
}
