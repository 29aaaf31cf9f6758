import { useContext } from 'react'
import { TokenLogo } from '../TokenLogo/TokenLogo.js'
import { chainIconInfo } from '../shared/chainLabel.js'
import { ChainMarkContext } from '../shared/chainMarkContext.js'
import type { DisplayOptions } from '../shared/options.js'
import type { RowFacts } from './rowFacts.js'
import { RowGlyph } from './RowGlyph.js'

export interface RowLeadingProps {
  facts: RowFacts
  /** The single token's logo, when the row shows one. */
  logo: string | null
  /** The chain whose badge sits on the logo; none without one. */
  chain: string | undefined
  renderChainIcon: DisplayOptions['renderChainIcon']
}

/** The row's leading column: the token's logo or the kind's glyph, with the chain as a small badge on it. */
export function RowLeading({ facts, logo, chain, renderChainIcon }: RowLeadingProps) {
  const first = facts.movements[0]
  const Mark = useContext(ChainMarkContext)
  const own = chain !== undefined && !Mark && renderChainIcon ? renderChainIcon(chainIconInfo(chain)) : null
  return (
    <span className="bf-row__leading" aria-hidden="true">
      {logo && first ? <TokenLogo src={logo} name={first.symbol} /> : <RowGlyph kind={facts.kind} />}
      {chain !== undefined && Mark && <Mark className="bf-row__badge" chain={chain} renderChainIcon={renderChainIcon} />}
      {own != null && own !== false && <span className="bf-chain__mark bf-row__badge">{own}</span>}
    </span>
  )
}
