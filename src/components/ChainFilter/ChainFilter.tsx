import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { ChainInput } from '../../core/chains.js'
import { chainIdentity } from '../../core/chains.js'
import { ChainBadge } from '../ChainBadge/ChainBadge.js'
import type { RenderChainIcon } from '../shared/options.js'

import { useMessages } from '../../i18n/useMessages.js'

// 'eth' and '0x1' are one chain, whichever way the app keeps its selection.
const idOf = (chain: ChainInput) => chainIdentity(String(chain).toLowerCase())

/** The props of {@link ChainFilter}: the chains, the selection and its change, your chain icons, and DOM attributes for its `<div>`. */
export interface ChainFilterProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'onChange'> {
  /** Every chain of the feed, in the order shown. */
  chains: readonly ChainInput[]
  /**
   * The chains shown now.
   * @defaultValue all of `chains`
   */
  selected?: readonly ChainInput[] | undefined
  /** The new selection after a chip is toggled (never empty: the last chip stays on). */
  onChange?: ((selected: ChainInput[]) => void) | undefined
  /** The app's own chain icons on the chips; the built-in marks otherwise. */
  renderChainIcon?: RenderChainIcon | undefined
  /**
   * The language of its accessible name.
   * @defaultValue the provider's `locale`, else the browser's
   */
  locale?: string | undefined
  /** Class names added to the root `<div>`. */
  className?: string | undefined
  /** Inline styles for the root `<div>`. */
  style?: CSSProperties | undefined
}

/**
 * Lets the viewer choose which chains' rows a feed shows: toggle chips, one per chain (`aria-pressed`).
 *
 * The last chip on stays on, so the selection is never empty. It keeps no state: pass `selected`
 * and update it in `onChange`.
 *
 * @param props - {@link ChainFilterProps}.
 * @returns A `<div role="group">` of toggle buttons, each with `data-chain`.
 * @example
 * ```tsx
 * import { useState } from 'react'
 * import type { ChainInput } from 'blockfeed'
 * import { ChainFilter } from 'blockfeed/components'
 *
 * const chains: ChainInput[] = ['eth', 'base', 'polygon']
 *
 * export function Chains() {
 *   const [selected, setSelected] = useState<ChainInput[]>(chains)
 *   return <ChainFilter chains={chains} selected={selected} onChange={setSelected} />
 * }
 * ```
 */
export const ChainFilter = forwardRef<HTMLDivElement, ChainFilterProps>(function ChainFilter({ chains, selected, onChange, renderChainIcon, locale, className, style, ...rest }, ref) {
  const t = useMessages(locale)
  const on = new Set((selected ?? chains).map(idOf))
  return (
    <div role="group" {...rest} ref={ref} aria-label={rest['aria-label'] ?? t.messages.chains.label} className={className ? `bf-chain-chips ${className}` : 'bf-chain-chips'} style={style}>
      {chains.map((chain) => {
        const pressed = on.has(idOf(chain))
        const last = pressed && chains.filter((c) => on.has(idOf(c))).length === 1
        return (
          <button
            key={String(chain)}
            type="button"
            className="bf-chain-chip"
            aria-pressed={pressed}
            aria-disabled={last || undefined}
            data-chain={String(chain)}
            onClick={() => {
              if (last) return
              onChange?.(chains.filter((c) => (idOf(c) === idOf(chain) ? !pressed : on.has(idOf(c)))))
            }}
          >
            <ChainBadge chain={chain} renderChainIcon={renderChainIcon} />
          </button>
        )
      })}
    </div>
  )
})
