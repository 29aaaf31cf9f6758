import { forwardRef, type HTMLAttributes, type ReactNode } from 'react'
import { TransferBadge, type TransferKind } from '../TransferBadge/TransferBadge.js'
import { Counterparty, type Side } from './Counterparty.js'
import type { FlowDirection } from './direction.js'
import type { DisplayOptions } from './options.js'
import { SpamMark } from './SpamMark.js'
import { detailsMessages } from '../../i18n/parts/details.js'
import { useMessages } from '../../i18n/useMessages.js'

export interface TransferLineProps extends Pick<DisplayOptions, 'chain' | 'renderLink' | 'locale'>, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  kind: TransferKind
  direction: FlowDirection
  from: Side
  to: Side
  spam?: boolean | undefined
  /** The transaction reverted: what it would have moved stayed where it was. */
  failed?: boolean | undefined
  /** What moved (amount, token, NFT id), between the badge and the counterparty. */
  children: ReactNode
}

/** The layout every transfer row shares: badge, what moved, counterparty, and the spam mark when flagged. */
export const TransferLine = forwardRef<HTMLDivElement, TransferLineProps>(function TransferLine(
  { kind, direction, from, to, spam = false, failed = false, chain, renderLink, locale, className, children, ...rest },
  ref,
) {
  const t = useMessages(locale, detailsMessages)
  return (
    <div
      data-kind={kind}
      data-direction={direction}
      data-spam={spam ? '' : undefined}
      data-moved={failed ? 'false' : undefined}
      {...rest}
      ref={ref}
      className={className ? `bf-transfer ${className}` : 'bf-transfer'}
    >
      <TransferBadge kind={kind} direction={direction} locale={t.locale} />
      {children}
      {/* Strike-through alone is silent: say it. */}
      {failed && <span className="bf-visually-hidden"> {t.messages.row.notMoved}</span>}
      <Counterparty direction={direction} from={from} to={to} chain={chain} renderLink={renderLink} t={t} />
      {spam && <SpamMark label={t.messages.row.possibleSpam} />}
    </div>
  )
})
