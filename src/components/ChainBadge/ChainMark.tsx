import type { CSSProperties } from 'react'
import { chainNames, getChainInfo, type ChainInput } from '../../core/chains.js'
import { chainIconInfo, chainLabel } from '../shared/chainLabel.js'
import type { ChainIconInfo, RenderChainIcon } from '../shared/options.js'
import { chainMarks } from './chainMarks.js'

export { chainIconInfo, chainLabel }

/** Two letters from the chain's name (a devnet's "Foundry" → "Fo"), else from the text given. */
function monogram(info: ChainIconInfo): string {
  const letters = Array.from(info.label.replace(/[^\p{L}\p{N}]/gu, ''))
  if (letters.length === 0) return '?'
  return letters[0]!.toUpperCase() + (letters[1] ?? '').toLowerCase()
}

/** A stable hue per chain (by chain id, else by text), spread by the golden angle. */
function hue(info: ChainIconInfo): number {
  let seed = info.chainId ?? 0
  if (info.chainId === undefined) for (const c of String(info.chain)) seed = (seed * 31 + c.codePointAt(0)!) >>> 0
  return Math.round((seed * 137.508) % 360)
}

export interface ChainMarkProps {
  /** The chain: spec name, hex id or number. */
  chain: ChainInput | number
  /** The app's own icon; `null`, `false` or nothing draws the built-in mark. */
  renderChainIcon?: RenderChainIcon | undefined
  className?: string | undefined
  /** Width and height (a number is px); 1.8 em of the text around it when omitted. */
  size?: number | string | undefined
}

/**
 * A chain's mark, decorative (`aria-hidden`: the chain's name is text beside it): the app's icon
 * when `renderChainIcon` draws one, else a drawing for the spec's 13 chains, else two letters on
 * a disc of a hue of its own. `data-mark` says which.
 */
export function ChainMark({ chain, renderChainIcon, className, size }: ChainMarkProps) {
  const info = chainIconInfo(chain)
  const custom = renderChainIcon?.(info)
  const [disc, ...parts] = (info.name && chainMarks[info.name]) || [`hsl(${hue(info)} 65% 26%)`]
  const kind = custom !== null && custom !== undefined && custom !== false ? 'custom' : parts.length > 0 ? 'svg' : 'monogram'
  const style: CSSProperties | undefined = size === undefined ? undefined : { inlineSize: size, blockSize: size }
  return (
    <span className={className ? `bf-chain__mark ${className}` : 'bf-chain__mark'} aria-hidden="true" data-mark={kind} style={style}>
      {kind === 'custom' ? custom : (
        <svg viewBox="0 0 24 24" focusable="false">
          {disc && <circle cx="12" cy="12" r="12" fill={disc} />}
          {kind === 'svg' ? parts.map(([d, colour, stroke], i) => stroke
            ? <path key={i} d={d} fill="none" stroke={colour} strokeWidth={stroke} strokeLinecap="round" strokeLinejoin="round" />
            : <path key={i} d={d} fill={colour} />,
          ) : (
            <text x="12" y="16" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff">{monogram(info)}</text>
          )}
        </svg>
      )}
    </span>
  )
}
