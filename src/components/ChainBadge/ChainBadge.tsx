import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import { chainNames, getChainInfo, isChainName, type ChainInput } from '../../core/chains.js'
import { clip } from '../../core/text.js'

export interface ChainBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The chain: spec name, hex id or number. Unknown text is shown as text, clipped. */
  chain: ChainInput | number
  /** `mark` shows only the monogram; the name stays for screen readers (and as a tooltip). */
  variant?: 'full' | 'mark' | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/** The chain's human name (viem's), else the text as given, clipped; never markup. */
export function chainLabel(chain: ChainInput | number | undefined | null): string {
  if (chain === undefined || chain === null) return 'Unknown chain'
  const info = getChainInfo(chain)
  if (info) return info.label
  return clip(String(chain), 24)
}

/** Two letters from the spec name (all 13 differ: Et, Po, Bs, Av…), else from the label. */
function monogram(chain: ChainInput | number, label: string): string {
  const name = typeof chain === 'string' && isChainName(chain) ? chain : getChainInfo(chain)?.name
  const source = name ?? label.replace(/[^\p{L}\p{N}]/gu, '')
  const letters = Array.from(source)
  if (letters.length === 0) return '?'
  return letters[0]!.toUpperCase() + (letters[1] ?? '').toLowerCase()
}

/** A stable hue per chain (by chain id, else by text), spread by the golden angle. */
function hue(chain: ChainInput | number): number {
  const id = getChainInfo(chain)?.chainId
  const known = typeof chain === 'string' ? (chainNames as readonly string[]).indexOf(chain) : -1
  let seed = known >= 0 ? known : (id ?? 0)
  if (id === undefined && known < 0) for (const c of String(chain)) seed = (seed * 31 + c.codePointAt(0)!) >>> 0
  return Math.round((seed * 137.508) % 360)
}

/**
 * Which chain an entry is from: a generated monogram (no remote logo) and the chain's name as
 * text. `data-chain` carries the chain as given, for styling one chain.
 */
export const ChainBadge = forwardRef<HTMLSpanElement, ChainBadgeProps>(function ChainBadge({ chain, variant = 'full', className, style, title, ...rest }, ref) {
  const label = chainLabel(chain)
  const mark = variant === 'mark'
  return (
    <span
      {...rest}
      ref={ref}
      className={className ? `bf-chain ${className}` : 'bf-chain'}
      style={{ '--bf-chain-hue': hue(chain), ...style } as CSSProperties}
      title={title ?? (mark ? label : undefined)}
      data-chain={String(chain)}
      data-variant={variant}
    >
      <span className="bf-chain__mark" aria-hidden="true">{monogram(chain, label)}</span>
      <span className={mark ? 'bf-visually-hidden' : 'bf-chain__name'}>{label}</span>
    </span>
  )
})
