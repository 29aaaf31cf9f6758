import { forwardRef, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react'
import type { TransactionEntry } from '../../core/history/schema.js'
import {
  pendingRecords,
  summarizeTracked,
  trackedAnnouncement,
  trackedStatusText,
  trackedSummaryText,
  trackedToEntry,
  type ReceiptLog,
  type TrackedTokenLookup,
} from '../../core/live/display.js'
import { receiptTransfers } from '../../core/live/receipt.js'
import type { TrackedTransaction } from '../../core/live/record.js'
import { Erc20TransferRow } from '../Erc20TransferRow/Erc20TransferRow.js'
import { NativeTransferRow } from '../NativeTransferRow/NativeTransferRow.js'
import { NftTransferRow } from '../NftTransferRow/NftTransferRow.js'
import { defaultRenderLink, EXTERNAL } from '../shared/links.js'
import type { DisplayOptions } from '../shared/options.js'
import { formatDecimal } from '../shared/format.js'
import { cleanText, clipText } from '../shared/text.js'
import { explorerLink } from '../shared/url.js'

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
  /** The group's visible title. Default "Pending". */
  title?: string | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/** A token symbol from the service: cleaned and clipped, or null. */
function symbolText(symbol: string | null): string | null {
  const cleaned = cleanText(symbol)
  return cleaned === null ? null : clipText(cleaned, 12).shown
}

/**
 * The user's own transactions above the indexed rows: what each one does ("Sending 25 USDC
 * to 0x…"), its status (`data-status`, text, a live-region announcement such as
 * "Transaction confirmed"), the confirmations while confirming, "Replaced by 0x…", and
 * "Send again" for a dropped one. Presentational: it fetches nothing.
 */
export const PendingTransactions = forwardRef<HTMLDivElement, PendingTransactionsProps>(function PendingTransactions(
  { records, indexed, tokens, receipts, onSendAgain, onDismiss, title = 'Pending', chain, locale, renderLink = defaultRenderLink, className, style },
  ref,
) {
  const titleId = useId()
  const shown = indexed ? pendingRecords(records, indexed) : records
  const [announcement, count] = useAnnouncement(records, tokens, locale)
  const live = useRef<HTMLDivElement>(null)
  // Read as this change renders: the focused part may be about to go (its row left for the indexed one,
  // "Send again" pressed); then focus stays in the group rather than falling to the top of the page.
  const root = live.current?.parentElement
  const hadFocus = root?.contains(document.activeElement)
  useEffect(() => {
    if (hadFocus && !root!.contains(document.activeElement)) root!.focus()
  })

  return (
    <div ref={ref} tabIndex={-1} className={className ? `bf-pending ${className}` : 'bf-pending'} style={style} data-empty={shown.length === 0 ? '' : undefined}>
      {shown.length > 0 && (
        <div role="group" aria-labelledby={titleId}>
          <p id={titleId} className="bf-pending__title">{title}</p>
          <ul className="bf-pending__list">
            {shown.map((r) => (
              <PendingItem key={`${r.chain}:${r.hash}`} record={r} tokens={tokens} logs={receipts?.get(r.hash)} onSendAgain={onSendAgain} onDismiss={onDismiss} chain={chain ?? r.chain} locale={locale} renderLink={renderLink} />
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

/** The row's line ("Sending 25 USDC to 0x…", the service's symbol cleaned): announcements name the transaction by it too. */
function rowText(record: TrackedTransaction, tokens: TrackedTokenLookup | undefined, locale: DisplayOptions['locale']): string {
  const summary = summarizeTracked(record, { tokens })
  return trackedSummaryText({ ...summary, amount: summary.amount === null ? null : formatDecimal(summary.amount, locale), symbol: symbolText(summary.symbol) })
}

/** The latest status change among `records` in words, naming the transaction; records seen for the first time (e.g. from storage) say nothing. */
function useAnnouncement(records: readonly TrackedTransaction[], tokens: TrackedTokenLookup | undefined, locale: DisplayOptions['locale']): [text: string, count: number] {
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
      const words = was !== undefined && was !== r.status && trackedAnnouncement(r)
      if (words) said = `${words}: ${rowText(r, tokens, locale)}`
    }
    if (said) setText(([, n]) => [said, n + 1])
  }, [records, tokens, locale])
  return text
}

interface PendingItemProps extends Required<Pick<DisplayOptions, 'renderLink'>>, Pick<DisplayOptions, 'chain' | 'locale'> {
  record: TrackedTransaction
  tokens: TrackedTokenLookup | undefined
  logs: readonly ReceiptLog[] | undefined
  onSendAgain: PendingTransactionsProps['onSendAgain']
  onDismiss: PendingTransactionsProps['onDismiss']
}

function PendingItem({ record, tokens, logs, onSendAgain, onDismiss, chain, locale, renderLink }: PendingItemProps) {
  const text = rowText(record, tokens, locale)
  // Once mined, the receipt's lines (record.receiptTransfers, or given logs), drawn as the indexed rows draw them.
  const lines = useMemo(() => (logs ? receiptTransfers(logs) : record.receiptTransfers), [logs, record.receiptTransfers])
  const entry = lines ? trackedToEntry({ ...record, receiptTransfers: lines }, { tokens }) : null
  const more = lines ? lines.total - lines.lines.length : 0
  const confirming = record.status === 'confirmed' && !record.final
  const txHref = explorerLink(chain, 'tx', record.hash)
  return (
    <li
      tabIndex={-1}
      className="bf-pending__item"
      data-status={record.status}
      data-confirmations={record.status === 'confirmed' ? record.confirmations : undefined}
      data-final={record.final ? '' : undefined}
    >
      <span className="bf-pending__summary">{text}</span>
      <span className="bf-pending__status" data-status={record.status}>
        {record.status === 'replaced' && record.replacedBy ? (
          <ReplacedBy hash={record.replacedBy} chain={chain} renderLink={renderLink} />
        ) : (
          trackedStatusText(record)
        )}
      </span>
      {confirming && (
        <span className="bf-pending__confirmations">
          {`${record.confirmations} of ${record.confirmationsTarget} confirmations`}
        </span>
      )}
      {entry && (
        <ReceiptLines entry={entry} more={more} wallet={record.from ?? undefined} failed={record.status === 'failed'} chain={chain} locale={locale} renderLink={renderLink} />
      )}
      {/* The reason is read back from storage: untrusted text. */}
      {record.status === 'dropped' && record.error && <span className="bf-pending__reason">{clipText(cleanText(record.error) ?? '', 160).shown}</span>}
      {record.status === 'dropped' && record.raw !== null && onSendAgain && (
        <button type="button" className="bf-pending__again" onClick={() => onSendAgain(record.raw as `0x${string}`, record)}>
          Send again
        </button>
      )}
      {(record.status === 'replaced' || record.status === 'dropped') && onDismiss && (
        <button
          type="button"
          className="bf-pending__again"
          aria-label={`Dismiss ${text}`}
          onClick={(e) => {
            // The next row takes keyboard focus (with none, the group does, as when a focused part goes).
            ;(e.currentTarget.parentElement!.nextSibling as HTMLElement | null)?.focus()
            onDismiss(record)
          }}
        >
          Dismiss
        </button>
      )}
      {txHref && renderLink({ href: txHref, className: 'bf-pending__link bf-link', ...EXTERNAL, children: <>View<span className="bf-visually-hidden">{` transaction ${record.hash} on explorer`}</span></> })}
    </li>
  )
}

interface ReceiptLinesProps extends Pick<DisplayOptions, 'chain' | 'locale' | 'renderLink'> {
  entry: TransactionEntry
  /** Lines the record did not keep (it keeps the first 20). */
  more: number
  wallet: string | undefined
  failed: boolean
}

/** What the mined transaction moved: its native value and the receipt's token transfers, with the indexed rows' line components. */
function ReceiptLines({ entry, more, wallet, failed, ...options }: ReceiptLinesProps) {
  const count = entry.native_transfers.length + entry.erc20_transfer.length + entry.nft_transfers.length
  if (count === 0) return null
  return (
    <ul className="bf-transfers bf-pending__transfers" aria-label="Transfers">
      {entry.native_transfers.map((t, i) => <li key={`n${i}`}><NativeTransferRow transfer={t} wallet={wallet} failed={failed} {...options} /></li>)}
      {entry.erc20_transfer.map((t, i) => <li key={`e${t.log_index ?? i}:${i}`}><Erc20TransferRow transfer={t} wallet={wallet} failed={failed} {...options} /></li>)}
      {entry.nft_transfers.map((t, i) => <li key={`t${t.log_index ?? i}:${i}`}><NftTransferRow transfer={t} wallet={wallet} failed={failed} {...options} /></li>)}
      {more > 0 && <li className="bf-transfer bf-muted">{more === 1 ? '1 more transfer' : `${more} more transfers`}</li>}
    </ul>
  )
}

function ReplacedBy({ hash, chain, renderLink }: { hash: string; chain: DisplayOptions['chain']; renderLink: NonNullable<DisplayOptions['renderLink']> }) {
  const href = explorerLink(chain, 'tx', hash)
  const shortHash = `${hash.slice(0, 10)}…`
  return (
    <>
      {'Replaced by '}
      {href
        ? renderLink({ href, className: 'bf-link', title: hash, ...EXTERNAL, children: <>{shortHash}<span className="bf-visually-hidden">{` (${hash})`}</span></> })
        : <span title={hash}>{shortHash}</span>}
    </>
  )
}
