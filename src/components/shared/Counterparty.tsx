import { Address } from '../Address/Address.js'
import type { FlowDirection } from './direction.js'
import type { DisplayOptions } from './options.js'

interface Side {
  address: string | null | undefined
  label?: string | null | undefined
  entity?: string | null | undefined
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
