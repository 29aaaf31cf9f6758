import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { ChainInput } from '../../core/chains.js'
import { chainIdentity } from '../../core/chains.js'
import { ChainBadge } from '../ChainBadge/ChainBadge.js'
import type { RenderChainIcon } from '../shared/options.js'

import { useMessages } from '../../i18n/useMessages.js'

// 'eth' and '0x1' are one chain, whichever way the app keeps its selection.
const idOf = (chain: ChainInput) => chainIdentity(String(chain).toLowerCase())

export interface ChainFilterProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'onChange'> {
  /** Every chain of the feed, in the order shown. */
  chains: readonly ChainInput[]
  /** The chains shown now (all when undefined). */
  selected?: readonly ChainInput[] | undefined
  /** The new selection after a chip is toggled (never empty: the last chip stays on). */
  onChange?: ((selected: ChainInput[]) => void) | undefined
  /** The app's own chain icons on the chips; the built-in marks otherwise. */
  renderChainIcon?: RenderChainIcon | undefined
  /** The language of its accessible name (default: the provider's, else the browser's). */
  locale?: string | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/** Toggle chips, one per chain (`aria-pressed`): which chains' rows the feed shows. */
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
