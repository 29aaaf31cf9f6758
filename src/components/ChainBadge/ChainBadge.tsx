import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { ChainInput } from '../../core/chains.js'
import type { RenderChainIcon } from '../shared/options.js'
import { chainLabel, ChainMark } from './ChainMark.js'

export { chainLabel }

/** The props of {@link ChainBadge}: the chain, how much to show, your icons, and DOM attributes for its `<span>`. */
export interface ChainBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The chain: spec name, hex id or number. Unknown text is shown as text, clipped. */
  chain: ChainInput | number
  /**
   * `full` shows the mark and the name; `mark` shows only the mark, the name staying for screen readers (and as a tooltip).
   * @defaultValue `'full'`
   */
  variant?: 'full' | 'mark' | undefined
  /** The app's own chain icon in place of the built-in mark (`null` keeps the built-in one). */
  renderChainIcon?: RenderChainIcon | undefined
  /** Class names added to the root `<span>`. */
  className?: string | undefined
  /** Inline styles for the root `<span>`. */
  style?: CSSProperties | undefined
}

/**
 * Shows which chain an entry is from: its mark (the app's icon, a drawing for the spec's chains, or a
 * generated monogram; never a remote logo) and the chain's name as text. `data-chain` carries the
 * chain as given, for styling one chain.
 *
 * @param props - {@link ChainBadgeProps}.
 * @returns A `<span>` with `data-chain` and `data-variant`.
 * @example
 * ```tsx
 * import { ChainBadge } from 'blockfeed/components'
 *
 * export function OnBase() {
 *   return <ChainBadge chain="base" />
 * }
 * ```
 */
export const ChainBadge = forwardRef<HTMLSpanElement, ChainBadgeProps>(function ChainBadge({ chain, variant = 'full', renderChainIcon, className, title, ...rest }, ref) {
  const label = chainLabel(chain, '')
  const mark = variant === 'mark'
  return (
    <span
      data-chain={String(chain)}
      data-variant={variant}
      {...rest}
      ref={ref}
      className={className ? `bf-chain ${className}` : 'bf-chain'}
      title={title ?? (mark ? label : undefined)}
    >
      <ChainMark chain={chain} renderChainIcon={renderChainIcon} />
      <span className={mark ? 'bf-visually-hidden' : 'bf-chain__name'}>{label}</span>
    </span>
  )
})
