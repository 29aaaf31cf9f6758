import type { WalletHistoryParameters } from '../../core/history/params.js'
import type { TransactionEntry, WalletHistoryPage } from '../../core/history/schema.js'
import type { LivePart, MainPart } from '../../i18n/types.js'
import type { Translator } from '../../i18n/useMessages.js'
import { chainLabel } from '../ChainBadge/ChainBadge.js'
import type { DisplayOptions } from '../shared/options.js'
import { LivePendingAfterMount } from './LivePendingAfterMount.js'

export interface MergedPendingProps extends Pick<DisplayOptions, 'locale' | 'renderLink'> {
  /** One Pending group per source (wallet, chain). */
  sources: readonly Partial<WalletHistoryParameters>[]
  /** Every loaded entry of the merged history; each group is given its chain's. */
  transactions: readonly (TransactionEntry & { chain?: unknown })[]
  ready: boolean
  insert: (source: Partial<WalletHistoryParameters>, page: WalletHistoryPage) => void
  /** Each source's listener for its group's tracked hashes, in the order of `sources`. */
  onTracked: readonly ((hashes: ReadonlySet<string>) => void)[]
  t: Translator<MainPart & LivePart>
}

/** The merged feed's Pending groups: one per (wallet, chain), titled with its chain. */
export function MergedPending({ sources, transactions, ready, insert, onTracked, t, locale, renderLink }: MergedPendingProps) {
  return sources.map((source, i) => {
    const loaded = transactions.filter((t) => String(t.chain) === String(source.chain))
    return (
      <LivePendingAfterMount
        key={`${source.address}:${String(source.chain)}`}
        params={source}
        loaded={loaded}
        ready={ready}
        title={t.format(t.messages.pending.titleOnChain, { chain: chainLabel(source.chain, t.messages.chains.unknown) })}
        insert={insert}
        onTracked={onTracked[i]}
        locale={locale}
        renderLink={renderLink}
      />
    )
  })
}
