import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { MergedSourceState } from '../../core/history/merge.js'
import { clip } from '../../core/text.js'
import { displayAddress } from '../shared/address.js'
import { ChainBadge, chainLabel } from '../ChainBadge/ChainBadge.js'
import type { RenderChainIcon } from '../shared/options.js'
import { fillTemplate } from '../shared/template.js'
import { liveMessages } from '../../i18n/parts/live.js'
import type { LivePart, MainPart } from '../../i18n/types.js'
import { useMessages, type Translator } from '../../i18n/useMessages.js'


/** The props of {@link SourceNotices}: the merged feed's sources, the retry action, your chain icons, and DOM attributes for its `<div>`. */
export interface SourceNoticesProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Every source of the merged feed (`useMergedWalletHistory().sources`); only failed ones show. */
  sources: readonly MergedSourceState[]
  /** Called by "Try again" with the failed source's chain (and its wallet when several are merged). */
  onRetry?: ((chain: string, wallet: string | undefined) => void) | undefined
  /** The app's own chain icons beside each notice; the built-in marks otherwise. */
  renderChainIcon?: RenderChainIcon | undefined
  /**
   * The language of its words.
   * @defaultValue the provider's `locale`, else the browser's
   */
  locale?: string | undefined
  /** Class names added to the root `<div>`. */
  className?: string | undefined
  /** Inline styles for the root `<div>`. */
  style?: CSSProperties | undefined
}

function reason(error: unknown, t: Translator<MainPart & LivePart>): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return message === '' ? t.messages.notices.requestFailed : clip(message, 120)
}

/**
 * Tells the viewer which chains of a merged feed failed to load, each with "Try again".
 *
 * One notice per failed source, shown beside the feed (never in its place: the other chains' rows
 * stay). It is a polite live region, so a new failure is announced once. It fetches nothing.
 *
 * @param props - {@link SourceNoticesProps}.
 * @returns A `<div>` with `data-count` (the failed sources), holding the list of notices.
 * @example
 * ```tsx
 * import { SourceNotices } from 'blockfeed/components'
 * import { useMergedWalletHistory } from 'blockfeed/react'
 *
 * export function Failures() {
 *   const { sources, retrySource } = useMergedWalletHistory({
 *     address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *     chains: ['eth', 'base'],
 *   })
 *   return <SourceNotices sources={sources} onRetry={(chain, wallet) => void retrySource(chain, wallet)} />
 * }
 * ```
 */
export const SourceNotices = forwardRef<HTMLDivElement, SourceNoticesProps>(function SourceNotices({ sources, onRetry, renderChainIcon, locale, className, style, ...rest }, ref) {
  const t = useMessages(locale, liveMessages)
  const m = t.messages.notices
  const failed = sources.filter((s) => s.status === 'error')
  const wallets = new Set(sources.map((s) => s.wallet.toLowerCase()))
  const several = wallets.size > 1
  return (
    <div
      aria-live="polite"
      data-count={failed.length}
      {...rest}
      ref={ref}
      className={className ? `bf-notices ${className}` : 'bf-notices'}
      style={style}
    >
      {failed.length > 0 && (
        <ul className="bf-notices__list" aria-label={m.list}>
          {failed.map((s) => {
            const label = chainLabel(s.chain, t.messages.chains.unknown)
            const who = several ? displayAddress(s.wallet).short : undefined
            return (
              <li key={`${s.chain}|${s.wallet}`} className="bf-notice" data-chain={s.chain} data-status="error">
                <ChainBadge chain={s.chain} variant="mark" renderChainIcon={renderChainIcon} />
                <span className="bf-notice__text">
                  {fillTemplate(who === undefined ? m.failed : m.failedFor, { chain: label, wallet: <bdi dir="ltr">{who}</bdi>, reason: <bdi>{reason(s.error, t)}</bdi> })}
                </span>
                {onRetry && (
                  <button
                    type="button"
                    className="bf-notice__retry bf-button"
                    aria-label={t.format(who === undefined ? m.retryLabel : m.retryLabelFor, { chain: label, wallet: who ?? '' })}
                    onClick={() => onRetry(s.chain, several ? s.wallet : undefined)}
                  >
                    {m.retry}
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
