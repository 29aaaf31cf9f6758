import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { FlowDirection } from '../shared/direction.js'
import { ownValue } from '../shared/lookup.js'
import { detailsMessages } from '../../i18n/parts/details.js'
import { useMessages } from '../../i18n/useMessages.js'

export type TransferKind = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'internal'

export interface TransferBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  kind: TransferKind
  direction: FlowDirection
  locale?: string | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}


// One shape per direction, so the badge never relies on colour alone.
const ARROWS: Record<FlowDirection, string> = {
  in: 'M12 4L4 12M4 6v6h6',
  out: 'M4 12l8-8M6 4h6v6',
  self: 'M12 6a4 4 0 1 0 0 5M12 3v3H9',
  none: 'M3 8h10M10 5l3 3-3 3',
}

/** The kind of a transfer and its direction for the viewed wallet, as icon + text. */
export const TransferBadge = forwardRef<HTMLSpanElement, TransferBadgeProps>(function TransferBadge({ kind, direction, locale, className, style, ...rest }, ref) {
  const t = useMessages(locale, detailsMessages)
  const m = t.messages.transfer
  // Own keys only: a kind or direction from untyped code never reads an Object.prototype member.
  const known = ownValue(m.directions, direction) === undefined ? 'none' : direction
  const kindText = ownValue(m.kinds, kind)
  return (
    <span data-kind={kind} data-direction={direction} {...rest} ref={ref} className={className ? `bf-badge ${className}` : 'bf-badge'} style={style}>
      <svg className="bf-badge__icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="12" height="12">
        <path d={ARROWS[known]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="bf-badge__kind">{kindText ?? m.unknownKind}</span>
      <span className="bf-visually-hidden">{t.format(m.badgeDirection, { direction: m.directions[known] })}</span>
    </span>
  )
})

/** The badge kind of an NFT transfer from its `contract_type` (ERC-721 unless it says 1155). */
export function nftKind(contractType: string | null | undefined): TransferKind {
  return contractType != null && /1155/.test(contractType) ? 'erc1155' : 'erc721'
}
