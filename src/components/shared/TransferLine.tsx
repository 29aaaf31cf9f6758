import type { CSSProperties, ReactNode } from 'react'
import { TransferBadge, type TransferKind } from '../TransferBadge/TransferBadge.js'
import { Counterparty, type Side } from './Counterparty.js'
import type { FlowDirection } from './direction.js'
import type { DisplayOptions } from './options.js'
import { SpamMark } from './SpamMark.js'

interface TransferLineProps extends Pick<DisplayOptions, 'chain' | 'renderLink'> {
  kind: TransferKind
  direction: FlowDirection
  from: Side
  to: Side
  spam?: boolean | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
  /** What moved (amount, token, NFT id), between the badge and the counterparty. */
  children: ReactNode
}

/** The layout every transfer row shares: badge, what moved, counterparty, and the spam mark when flagged. */
export function TransferLine({ kind, direction, from, to, spam = false, chain, renderLink, className, style, children }: TransferLineProps) {
  return (
    <div className={className ? `bf-transfer ${className}` : 'bf-transfer'} style={style} data-kind={kind} data-direction={direction} data-spam={spam ? '' : undefined}>
      <TransferBadge kind={kind} direction={direction} />
      {children}
      <Counterparty direction={direction} from={from} to={to} chain={chain} renderLink={renderLink} />
      {spam && <SpamMark />}
    </div>
  )
}
