import type { Ref } from 'react'
import type { ChainInput } from '../../core/chains.js'
import type { UseMergedWalletHistoryReturnType } from '../../react/useMergedWalletHistory.js'
import { ChainFilter } from '../ChainFilter/ChainFilter.js'
import type { DisplayOptions } from '../shared/options.js'
import { SourceNotices } from '../SourceNotices/SourceNotices.js'

export interface MergedToolbarProps extends Pick<DisplayOptions, 'locale' | 'renderChainIcon'> {
  chains: readonly ChainInput[]
  /** The chains whose rows show. */
  shown: readonly ChainInput[]
  onShownChange: (shown: readonly ChainInput[]) => void
  sources: UseMergedWalletHistoryReturnType['sources']
  retrySource: UseMergedWalletHistoryReturnType['retrySource']
  /** The notices, where keyboard focus waits when a notice goes. */
  noticesRef: Ref<HTMLDivElement>
  /** Moves keyboard focus to the notices. */
  focusNotices: () => void
}

/** The merged feed's toolbar: chips to show some chains only, and a notice with "Try again" for each failing source. */
export function MergedToolbar({ chains, shown, onShownChange, sources, retrySource, noticesRef, focusNotices, locale, renderChainIcon }: MergedToolbarProps) {
  return (
    <div className="bf-feed__toolbar">
      <ChainFilter chains={chains} selected={shown} renderChainIcon={renderChainIcon} locale={locale} onChange={onShownChange} />
      <SourceNotices
        ref={noticesRef}
        tabIndex={-1}
        sources={sources}
        renderChainIcon={renderChainIcon}
        locale={locale}
        onRetry={(chain, wallet) => {
          // The notice and its button go away: keep focus where a new notice would show.
          focusNotices()
          void retrySource(chain, wallet)
        }}
      />
    </div>
  )
}
