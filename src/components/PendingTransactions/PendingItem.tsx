import { Fragment, useId, useMemo, type ReactNode } from 'react'
import { summarizeTracked, trackedToEntry, type ReceiptLog, type TrackedTokenLookup } from '../../core/live/display.js'
import { receiptTransfers } from '../../core/live/receipt.js'
import type { TrackedTransaction } from '../../core/live/record.js'
import type { LivePart } from '../../i18n/types.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { RowAmounts } from '../TransactionRow/RowAmounts.js'
import { rowFacts } from '../TransactionRow/rowFacts.js'
import { RowGlyph } from '../TransactionRow/RowGlyph.js'
import { displayAddress } from '../shared/address.js'
import { EXTERNAL } from '../shared/links.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import { fillTemplate } from '../shared/template.js'
import { ROW_DIGITS } from '../shared/format.js'
import { cleanText, clipText } from '../shared/text.js'
import { explorerLink } from '../shared/url.js'
import { hasActions, PendingActions } from './PendingActions.js'
import { rowText, type LiveTranslator } from './pendingText.js'

export interface PendingItemProps extends Required<Pick<DisplayOptions, 'renderLink'>>, Pick<DisplayOptions, 'chain'> {
  t: LiveTranslator
  record: TrackedTransaction
  tokens: TrackedTokenLookup | undefined
  logs: readonly ReceiptLog[] | undefined
  onSendAgain: ((raw: `0x${string}`, record: TrackedTransaction) => void) | undefined
  onDismiss: ((record: TrackedTransaction) => void) | undefined
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

/** The subtitle's parts: the other party, the confirmations while confirming, and what replaced it. */
function detailsOf(record: TrackedTransaction, status: Shown, tokens: TrackedTokenLookup | undefined, { chain, renderLink, t }: Pick<PendingItemProps, 'chain' | 'renderLink' | 't'>): ReactNode[] {
  const m = t.messages.pending
  const to = summarizeTracked(record, { tokens }).to
  const party = to === null ? null : displayAddress(to)
  const details: ReactNode[] = []
  // Hidden from a screen reader: the sentence it hears first names the other party.
  // The address, not the sentence around it, is what shortens on a narrow line (in either direction).
  if (party) details.push(<span className="bf-pending__to" aria-hidden="true">{fillTemplate(m.to, { party: <bdi className="bf-row__party" title={party.text} dir="ltr">{party.short}</bdi> })}</span>)
  if (status === 'confirming') {
    details.push(<span className="bf-pending__confirmations">{t.plural(m.confirmations, record.confirmations, { target: record.confirmationsTarget })}</span>)
  }
  if (record.status === 'replaced' && record.replacedBy) details.push(<ReplacedBy hash={record.replacedBy} chain={chain} renderLink={renderLink} t={t} />)
  return details
}

/** One tracked transaction on the row anatomy: a status glyph, the status over its details, the amount, and its actions. */
export function PendingItem({ record, tokens, logs, onSendAgain, onDismiss, chain, t, renderLink }: PendingItemProps) {
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
  const amount = amountOf(record, tokens)
  const moved = record.status === 'pending' || record.status === 'confirmed'
  const details = detailsOf(record, status, tokens, { chain, renderLink, t })
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
              <TokenAmount value={amount.value} decimals={amount.decimals} symbol={amount.symbol} direction="out" locale={locale} significantDigits={ROW_DIGITS} />
            </bdi>
          </div>
        )}
      </div>
      {/* The reason is read back from storage: untrusted text. */}
      {/* In the viewer's language; the tracker's own reason (English, for developers) stays on the record and in data-detail. */}
      {record.status === 'dropped' && record.error && <p className="bf-pending__reason" data-detail={clipText(cleanText(record.error) ?? '', 160).shown}>{m.droppedReason}</p>}
      {hasActions({ record, txHref, onSendAgain, onDismiss }) && (
        <PendingActions record={record} text={text} txHref={txHref} renderLink={renderLink} onSendAgain={onSendAgain} onDismiss={onDismiss} t={t} />
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
