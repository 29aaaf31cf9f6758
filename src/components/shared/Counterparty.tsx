import { Address } from '../Address/Address.js'
import type { FlowDirection } from './direction.js'
import type { DisplayOptions } from './options.js'

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
export function Counterparty({ direction, from, to, chain, renderLink }: { direction: FlowDirection; from: Side; to: Side } & Pick<DisplayOptions, 'chain' | 'renderLink'>) {
  const show = (side: Side) =>
    side.address ? <Address address={side.address} label={side.label} entity={side.entity} chain={chain} renderLink={renderLink} /> : <span className="bf-muted">unknown</span>
  return (
    <span className="bf-counterparty">
      {direction === 'out' && <>to {show(to)}</>}
      {direction === 'in' && <>from {show(from)}</>}
      {direction === 'self' && <>to self</>}
      {direction === 'none' && <>{show(from)} <span aria-label="to">→</span> {show(to)}</>}
    </span>
  )
}
