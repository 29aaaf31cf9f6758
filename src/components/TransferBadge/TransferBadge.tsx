import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { FlowDirection } from '../shared/direction.js'
import { ownValue } from '../shared/lookup.js'
import { detailsMessages } from '../../i18n/parts/details.js'
import { useMessages } from '../../i18n/useMessages.js'

/** What kind of value a transfer moves: the chain's native currency, an ERC-20 token, an NFT (ERC-721 or ERC-1155), or value moved by an internal call. */
export type TransferKind = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'internal'

/** The props of {@link TransferBadge}: the transfer's kind and direction, and DOM attributes for its `<span>`. */
export interface TransferBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The kind of transfer, shown as text ("ERC-20"). */
  kind: TransferKind
  /** Its direction for the viewed wallet, shown as an arrow and said to screen readers. */
  direction: FlowDirection
  /**
   * The language of its words.
   * @defaultValue the provider's `locale`, else the browser's
   */
  locale?: string | undefined
  /** Class names added to the root element. */
  className?: string | undefined
  /** Inline styles for the root element. */
  style?: CSSProperties | undefined
}


// One shape per direction, so the badge never relies on colour alone.
const ARROWS: Record<FlowDirection, string> = {
  in: 'M12 4L4 12M4 6v6h6',
  out: 'M4 12l8-8M6 4h6v6',
  self: 'M12 6a4 4 0 1 0 0 5M12 3v3H9',
  none: 'M3 8h10M10 5l3 3-3 3',
}

/**
 * Shows the kind of a transfer and its direction for the viewed wallet, as an arrow and text.
 *
 * The arrow has one shape per direction, so the badge never relies on colour alone; the direction is said to screen readers.
 *
 * @param props - {@link TransferBadgeProps}.
 * @returns A `<span>` with `data-kind` and `data-direction`.
 * @example
 * ```tsx
 * import { TransferBadge } from 'blockfeed/components'
 *
 * export function ReceivedToken() {
 *   return <TransferBadge kind="erc20" direction="in" />
 * }
 * ```
 */
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
