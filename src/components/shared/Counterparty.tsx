import { Address } from '../Address/Address.js'
import type { FlowDirection } from './direction.js'
import type { DisplayOptions } from './options.js'
import { fillTemplate } from './template.js'
import type { DetailsPart, MainPart } from '../../i18n/types.js'
import type { Translator } from '../../i18n/useMessages.js'

export interface Side {
  address: string | null | undefined
  label?: string | null | undefined
  entity?: string | null | undefined
}

interface Parties {
  from_address: string | null
  from_address_label?: string | null | undefined
  from_address_entity?: string | null | undefined
  to_address: string | null
  to_address_label?: string | null | undefined
  to_address_entity?: string | null | undefined
}

/** The two sides of a transaction or transfer as the service names them, for `<Counterparty {...sides(t)} />`. */
export function sides(t: Parties): { from: Side; to: Side } {
  return {
    from: { address: t.from_address, label: t.from_address_label, entity: t.from_address_entity },
    to: { address: t.to_address, label: t.to_address_label, entity: t.to_address_entity },
  }
}

/** "to 0x…" / "from 0x…" / "to self" / "0x… → 0x…": the other side of a movement for the viewed wallet. */
export function Counterparty({ direction, from, to, chain, renderLink, t }: { direction: FlowDirection; from: Side; to: Side; t: Translator<MainPart & DetailsPart> } & Pick<DisplayOptions, 'chain' | 'renderLink'>) {
  const m = t.messages.transfer
  const show = (side: Side) =>
    side.address ? <Address address={side.address} label={side.label} entity={side.entity} chain={chain} renderLink={renderLink} locale={t.locale} /> : <span className="bf-muted">{m.unknownParty}</span>
  return (
    <span className="bf-counterparty">
      {direction === 'out' && fillTemplate(m.to, { party: show(to) })}
      {direction === 'in' && fillTemplate(m.from, { party: show(from) })}
      {direction === 'self' && m.toSelf}
      {direction === 'none' && fillTemplate(m.between, { from: show(from), to: show(to) })}
    </span>
  )
}
