import type { ReactNode } from 'react'
import type { TransactionEntry } from '../../core/history/schema.js'
import type { Translator } from '../../i18n/useMessages.js'
import { RelativeTime } from '../RelativeTime/RelativeTime.js'
import { chainLabel } from '../shared/chainLabel.js'
import { SpamMark } from '../shared/SpamMark.js'
import { fillTemplate } from '../shared/template.js'
import type { RowFacts } from './rowFacts.js'

function titleOf(facts: RowFacts, t: Translator): ReactNode {
  const m = t.messages.row
  if (facts.kind === 'call' && facts.detail) return fillTemplate(m.calledMethod, { method: <code className="bf-row__method" dir="auto">{facts.detail}</code> })
  if (facts.kind === 'other' && facts.detail) return <bdi>{facts.detail}</bdi>
  return m.titles[facts.kind]
}

function partyLine(facts: RowFacts, t: Translator): ReactNode {
  if (facts.kind === 'self') return t.messages.row.self
  const party = facts.party
  if (!party) return null
  const name = <bdi className="bf-row__party" title={party.address ?? undefined}>{party.text}</bdi>
  return party.role === 'at' ? name : fillTemplate(t.messages.row[party.role], { party: name })
}

export interface RowMiddleProps {
  /** Prefix of the title's and subtitle's ids (the row is labelled and described by them). */
  id: string
  facts: RowFacts
  spam: boolean
  /** The chain the row's badge shows, said to a screen reader. */
  badgeChain: string | undefined
  timestamp: TransactionEntry['block_timestamp']
  timeZone: string | undefined
  t: Translator
}

/** The row's middle column: the one-verb title over the other party and the time. */
export function RowMiddle({ id, facts, spam, badgeChain, timestamp, timeZone, t }: RowMiddleProps) {
  return (
    <div className="bf-row__middle">
      <p className="bf-row__title" id={`${id}-title`}>
        <span className="bf-row__verb">{titleOf(facts, t)}</span>
        {spam && <SpamMark label={t.messages.row.possibleSpam} />}
      </p>
      <p className="bf-row__subtitle" id={`${id}-sub`}>
        {partyLine(facts, t)}
        {badgeChain !== undefined && <span className="bf-visually-hidden"> {t.format(t.messages.row.onChain, { chain: chainLabel(badgeChain, t.messages.chains.unknown) })}</span>}
        {(facts.party || facts.kind === 'self') && <span className="bf-row__dot" aria-hidden="true">·</span>}
        <RelativeTime value={timestamp} locale={t.locale} timeZone={timeZone} tabIndex={-1} />
      </p>
    </div>
  )
}
