import type { ReactNode } from 'react'
import { formatGwei } from 'viem'
import type { TransactionDetails as Details } from '../../core/details/getTransactionDetails.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { intlFormatter } from '../../i18n/intl.js'
import { ClippedText } from '../shared/ClippedText.js'
import { fillTemplate } from '../shared/template.js'
import type { Translator } from './types.js'

/** One term and its value in a details list. */
export function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="bf-details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** A moment as a date and a time with its zone, in the viewer's language. */
export function FullTime({ ms, timeZone, t }: { ms: number; timeZone: string | undefined; t: Translator }) {
  return (
    <time dateTime={new Date(ms).toISOString()}>
      {intlFormatter(Intl.DateTimeFormat, t.locale, { timeZone, dateStyle: 'medium', timeStyle: 'long' } as Intl.DateTimeFormatOptions).format(ms)}
    </time>
  )
}

export interface DetailsListProps {
  details: Details
  entry: TransactionEntry | undefined
  timeZone: string | undefined
  /** An address with its label, linked to the explorer. */
  address: (a: string, label?: string | null) => ReactNode
  /** A native amount with its symbol. */
  native: (amount: { formatted: string }) => ReactNode
  t: Translator
}

/** The transaction's facts as a term list: status, time, block, parties, value, fee, nonce, type and method. */
export function DetailsList({ details, entry, timeZone, address, native, t }: DetailsListProps) {
  const m = t.messages.details
  const terms = m.terms
  const status = (
    <span className="bf-details__status" data-status={details.status}>
      {m.status[details.status] ?? m.status.pending}
    </span>
  )
  return (
    <dl className="bf-details__list">
      <Row term={terms.status}>
        {details.status !== 'pending'
          ? fillTemplate(m.statusLine, { status, confirmations: <span className="bf-details__confirmations">{t.plural(m.confirmations, details.confirmations)}</span> })
          : status}
        {details.revertReason ? (
          <span className="bf-details__reason">
            {' '}
            {fillTemplate(m.revertedLine, { reverted: fillTemplate(m.reverted, { reason: <bdi><ClippedText text={details.revertReason} max={120} /></bdi> }) })}
          </span>
        ) : null}
      </Row>
      {details.timestamp !== null ? <Row term={terms.time}><FullTime ms={details.timestamp * 1000} timeZone={timeZone} t={t} /></Row> : null}
      {/* Block number, nonce, gas and wei are shown exactly, as the chain has them (no grouping). */}
      {details.blockNumber !== null ? <Row term={terms.block}>{details.blockNumber.toString()}</Row> : null}
      <Row term={terms.from}>{address(details.from, entry?.from_address_label)}</Row>
      <Row term={details.to ? terms.to : terms.created}>
        {details.to
          ? address(details.to, entry?.to_address_label)
          : // A node gives the would-be address even when the creation failed: nothing lives there.
            details.status === 'reverted' ? m.creationFailed
          : details.contractAddress ? address(details.contractAddress) : m.aContract}
      </Row>
      <Row term={terms.value}>{native(details.value)}</Row>
      {details.fee ? (
        <Row term={terms.fee}>
          <span title={t.format(m.feeInWei, { wei: details.fee.wei.toString() })}>{native(details.fee)}</span>
          <span className="bf-details__muted">
            {' '}
            {t.format(m.gasLine, { gas: t.format(m.gas, { gas: details.gasUsed!.toString(), price: formatGwei(details.effectiveGasPrice!) }) })}
          </span>
        </Row>
      ) : null}
      <Row term={terms.nonce}>{String(details.nonce)}</Row>
      <Row term={terms.type}>{details.type}</Row>
      <Row term={terms.method}>
        {details.method.name ? <bdi><ClippedText text={details.method.name} max={48} /></bdi> : details.to ? m.unknownMethod : m.contractCreation}
        {details.method.selector ? <code className="bf-details__muted">{' '}<bdi>{details.method.selector}</bdi></code> : null}
      </Row>
    </dl>
  )
}
