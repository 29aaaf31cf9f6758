import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { MergedSourceState } from '../../core/history/merge.js'
import { clip } from '../../core/text.js'
import { displayAddress } from '../shared/address.js'
import { ChainBadge, chainLabel } from '../ChainBadge/ChainBadge.js'

export interface SourceNoticesProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Every source of the merged feed (`useMergedWalletHistory().sources`); only failed ones show. */
  sources: readonly MergedSourceState[]
  /** Called by "Try again" with the failed source's chain (and its wallet when several are merged). */
  onRetry?: ((chain: string, wallet: string | undefined) => void) | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return message === '' ? 'the request failed' : clip(message, 120)
}

/**
 * One notice per failed source, each with "Try again", shown beside the feed (never in its
 * place: the other chains' rows stay). A polite live region, so a new failure is announced once.
 */
export const SourceNotices = forwardRef<HTMLDivElement, SourceNoticesProps>(function SourceNotices({ sources, onRetry, className, style, ...rest }, ref) {
  const failed = sources.filter((s) => s.status === 'error')
  const wallets = new Set(sources.map((s) => s.wallet.toLowerCase()))
  const several = wallets.size > 1
  return (
    <div
      {...rest}
      ref={ref}
      className={className ? `bf-notices ${className}` : 'bf-notices'}
      style={style}
      aria-live="polite"
      data-count={failed.length}
    >
      {failed.length > 0 && (
        <ul className="bf-notices__list" aria-label="Chains that failed to load">
          {failed.map((s) => {
            const label = chainLabel(s.chain)
            const who = several ? ` for ${displayAddress(s.wallet).short}` : ''
            return (
              <li key={`${s.chain}|${s.wallet}`} className="bf-notice" data-chain={s.chain} data-status="error">
                <ChainBadge chain={s.chain} variant="mark" />
                <span className="bf-notice__text">
                  {`${label} history${who} could not be loaded: ${reason(s.error)}`}
                </span>
                {onRetry && (
                  <button
                    type="button"
                    className="bf-notice__retry bf-button"
                    aria-label={`Try again: ${label}${who}`}
                    onClick={() => onRetry(s.chain, several ? s.wallet : undefined)}
                  >
                    Try again
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
})
