import { forwardRef, Fragment, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import type { TransactionEntry } from '../../core/history/schema.js'
import {
  pendingRecords,
  summarizeTracked,
  trackedToEntry,
  type ReceiptLog,
  type TrackedTokenLookup,
} from '../../core/live/display.js'
import { receiptTransfers } from '../../core/live/receipt.js'
import type { TrackedTransaction } from '../../core/live/record.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { RowAmounts } from '../TransactionRow/RowAmounts.js'
import { rowFacts } from '../TransactionRow/rowFacts.js'
import { RowGlyph } from '../TransactionRow/RowGlyph.js'
import { displayAddress } from '../shared/address.js'
import { formatDecimal } from '../shared/format.js'
import { defaultRenderLink, EXTERNAL } from '../shared/links.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import { fillTemplate } from '../shared/template.js'
import { cleanText, clipText } from '../shared/text.js'
import { explorerLink } from '../shared/url.js'
import { liveMessages } from '../../i18n/parts/live.js'
import type { LivePart, MainPart } from '../../i18n/types.js'
import { useMessages, type Translator } from '../../i18n/useMessages.js'

type LiveTranslator = Translator<MainPart & LivePart>


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
  /** The group's visible title. Default "Pending" in the active language. */
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
 * The user's own transactions above the indexed rows, each on the row anatomy: a status glyph, the
 * status as the title over the other party and the confirmations, the amount signed in the trailing
 * column, and its actions (explorer, "Send again", "Dismiss") on a line of their own. Each says its
 * status (`data-status`, the title, a live-region announcement such as "Transaction confirmed").
 * Presentational: it fetches nothing.
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

/** The transaction in one sentence ("Sending 25 USDC to 0x…", the service's symbol cleaned): its name in announcements and labels. */
function rowText(record: TrackedTransaction, tokens: TrackedTokenLookup | undefined, t: LiveTranslator): string {
  const s = summarizeTracked(record, { tokens })
  const m = t.messages.tracked
  const sentences = m[s.stage]
  const number = s.amount === null ? null : formatDecimal(s.amount, t.locale)
  const symbol = symbolText(s.symbol)
  const amount =
    number === null ? ''
    : s.kind === 'token' && symbol === null ? t.format(m.tokenAmount, { amount: number, token: displayAddress(s.token!).short })
    : symbol === null ? number
    : t.format(m.amount, { amount: number, symbol })
  const to = s.to === null ? '' : displayAddress(s.to).short
  switch (s.kind) {
    case 'token':
    case 'native':
      return t.format(to ? sentences.transfer : sentences.transferAnywhere, { amount, to })
    case 'call':
      return t.format(amount ? sentences.callWithValue : sentences.call, { amount, to })
    default:
      return sentences[s.kind]
  }
}

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

interface PendingItemProps extends Required<Pick<DisplayOptions, 'renderLink'>>, Pick<DisplayOptions, 'chain'> {
  t: LiveTranslator
  record: TrackedTransaction
  tokens: TrackedTokenLookup | undefined
  logs: readonly ReceiptLog[] | undefined
  onSendAgain: PendingTransactionsProps['onSendAgain']
  onDismiss: PendingTransactionsProps['onDismiss']
}

type Shown = keyof LivePart['pending']['status']

/** The status a row is titled with: a mined one is "Confirming" until final. */
function shownStatus(record: TrackedTransaction): Shown {
  return record.status === 'confirmed' && !record.final ? 'confirming' : record.status
}

/** What the transaction moves, as the trailing column shows it: raw amount, decimals and symbol (or the token's short address). */
function amountOf(record: TrackedTransaction, tokens: TrackedTokenLookup | undefined): { value: string; decimals: number | null; symbol: string | null } | null {
  const t = record.tokenTransfer
  if (t) {
    const info = tokens?.get(t.token.toLowerCase())
    return { value: t.amount, decimals: info?.decimals ?? null, symbol: info?.symbol ?? displayAddress(t.token).short }
  }
  if (record.from === null || record.to === null || record.value === null) return null
  const native = nativeCurrency(record.chain)
  return { value: record.value, decimals: native.decimals, symbol: native.symbol ?? null }
}

function PendingItem({ record, tokens, logs, onSendAgain, onDismiss, chain, t, renderLink }: PendingItemProps) {
  const id = useId()
  const m = t.messages.pending
  const locale = t.locale
  const text = rowText(record, tokens, t)
  const status = shownStatus(record)
  // Once mined, what the receipt's logs moved for the wallet (record.receiptTransfers, or given logs), as an indexed row shows it.
  const lines = useMemo(() => (logs ? receiptTransfers(logs) : record.receiptTransfers), [logs, record.receiptTransfers])
  const entry = lines ? trackedToEntry({ ...record, receiptTransfers: lines }, { tokens }) : null
  const movements = entry ? rowFacts(entry, record.from ?? undefined, chain, { showSpam: true, hideZeroValueTransfers: false }).movements : []
  const unkept = lines ? lines.total - lines.lines.length : 0
  const txHref = explorerLink(chain, 'tx', record.hash)
  const to = summarizeTracked(record, { tokens }).to
  const party = to === null ? null : displayAddress(to)
  const amount = amountOf(record, tokens)
  const moved = record.status === 'pending' || record.status === 'confirmed'
  const gone = record.status === 'replaced' || record.status === 'dropped'
  const details: ReactNode[] = []
  // Hidden from a screen reader: the sentence it hears first names the other party.
  // The address, not the sentence around it, is what shortens on a narrow line (in either direction).
  if (party) details.push(<span className="bf-pending__to" aria-hidden="true">{fillTemplate(m.to, { party: <bdi className="bf-row__party" title={party.text} dir="ltr">{party.short}</bdi> })}</span>)
  if (status === 'confirming') {
    details.push(<span className="bf-pending__confirmations">{t.plural(m.confirmations, record.confirmations, { target: record.confirmationsTarget })}</span>)
  }
  if (record.status === 'replaced' && record.replacedBy) details.push(<ReplacedBy hash={record.replacedBy} chain={chain} renderLink={renderLink} t={t} />)
  return (
    <li
      tabIndex={-1}
      className="bf-pending__item"
      data-status={record.status}
      data-confirmations={record.status === 'confirmed' ? record.confirmations : undefined}
      data-final={record.final ? '' : undefined}
      aria-labelledby={`${id}-sum`}
    >
      {/* The whole sentence first for a screen reader; the row below says it in parts for the eye. */}
      <span className="bf-pending__summary bf-visually-hidden" id={`${id}-sum`}>{text}</span>
      <div className="bf-row">
        <span className="bf-row__leading" aria-hidden="true">
          <RowGlyph kind={status === 'failed' || status === 'dropped' ? 'failed' : status === 'replaced' ? 'swap' : status === 'confirmed' ? 'approve' : 'pending'} />
        </span>
        <div className="bf-row__middle">
          <p className="bf-row__title">
            <span className="bf-row__verb bf-pending__status" data-status={record.status}>{m.status[status]}</span>
          </p>
          {details.length > 0 && (
            <p className="bf-row__subtitle">
              {details.map((d, i) => (
                <Fragment key={i}>
                  {i > 0 && <span className="bf-row__dot" aria-hidden="true">·</span>}
                  {d}
                </Fragment>
              ))}
            </p>
          )}
        </div>
        {movements.length > 0 ? (
          <RowAmounts movements={movements} more={unkept} failed={!moved} locale={locale} hidden />
        ) : amount && (
          <div className="bf-row__trailing" aria-hidden="true" data-moved={moved ? undefined : 'false'}>
            <bdi className="bf-row__amount" dir="ltr">
              <TokenAmount value={amount.value} decimals={amount.decimals} symbol={amount.symbol} direction="out" locale={locale} />
            </bdi>
          </div>
        )}
      </div>
      {/* The reason is read back from storage: untrusted text. */}
      {/* In the viewer's language; the tracker's own reason (English, for developers) stays on the record and in data-detail. */}
      {record.status === 'dropped' && record.error && <p className="bf-pending__reason" data-detail={clipText(cleanText(record.error) ?? '', 160).shown}>{m.droppedReason}</p>}
      {(txHref || (gone && (onDismiss || (record.status === 'dropped' && record.raw !== null && onSendAgain)))) && (
        <div className="bf-pending__actions">
          {txHref && renderLink({ href: txHref, className: 'bf-pending__link bf-link', ...EXTERNAL, children: <>{m.view}<span className="bf-visually-hidden"> {t.format(m.viewHidden, { hash: record.hash })}</span></> })}
          {record.status === 'dropped' && record.raw !== null && onSendAgain && (
            <button type="button" className="bf-button bf-button--quiet bf-pending__again" onClick={() => onSendAgain(record.raw as `0x${string}`, record)}>
              {m.sendAgain}
            </button>
          )}
          {gone && onDismiss && (
            <button
              type="button"
              className="bf-button bf-button--quiet bf-pending__again"
              aria-label={t.format(m.dismissLabel, { transaction: text })}
              onClick={(e) => {
                // The next row takes keyboard focus (with none, the group does, as when a focused part goes).
                ;(e.currentTarget.closest('li')!.nextSibling as HTMLElement | null)?.focus()
                onDismiss(record)
              }}
            >
              {m.dismiss}
            </button>
          )}
        </div>
      )}
    </li>
  )
}

function ReplacedBy({ hash, chain, renderLink, t }: { hash: string; chain: DisplayOptions['chain']; renderLink: NonNullable<DisplayOptions['renderLink']>; t: LiveTranslator }) {
  const m = t.messages.pending
  const href = explorerLink(chain, 'tx', hash)
  const shortHash = `${hash.slice(0, 10)}…`
  const link = href
    ? renderLink({ href, className: 'bf-link', title: hash, ...EXTERNAL, children: <>{shortHash}<span className="bf-visually-hidden"> {t.format(m.hashHidden, { hash })}</span></> })
    : <span title={hash}>{shortHash}</span>
  return <span className="bf-pending__replaced">{fillTemplate(m.replacedBy, { hash: <bdi dir="ltr">{link}</bdi> })}</span>
}
