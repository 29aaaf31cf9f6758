import { hashKey } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import type { ChainInput } from '../../core/chains.js'
import { entryId } from '../../core/history/entryId.js'
import { MERGED_PAGE_LIMIT } from '../../core/history/merge.js'
import type { WalletHistoryParameters } from '../../core/history/params.js'
import type { WalletHistoryPage } from '../../core/history/schema.js'
import { insertIntoMergedHistory } from '../../react/mergedArrivals.js'
import { useArrivals } from '../../react/useArrivals.js'
import type { useBlockfeedQueryContext } from '../../react/useBlockfeedClient.js'
import { mergedWalletHistoryQueryKey } from '../../react/useMergedWalletHistory.js'

interface MergedLiveInput {
  context: Pick<ReturnType<typeof useBlockfeedQueryContext>, 'client' | 'queryClient'>
  /** The merged history's parameters: its query is where new entries go. */
  mergedParams: Parameters<typeof mergedWalletHistoryQueryKey>[1] & { chains: readonly ChainInput[] }
  /** The feed's wallets: with `mergedParams.chains`, one source per (wallet, chain). */
  wallets: readonly string[]
  /** Several wallets: each new entry names its own. */
  several: boolean
  enabled: boolean
}

/**
 * The merged feed's live parts: one source per (wallet, chain), new arrivals on each source's chain, inserted into the merged
 * history, and the entry ids of each Pending group's records, which are never held back.
 */
export function useMergedLive({ context: { client, queryClient }, mergedParams, wallets, several, enabled }: MergedLiveInput) {
  const { chains, limit, order, includeInternalTransactions } = mergedParams
  const sourcesKey = JSON.stringify([wallets, chains, limit, order, includeInternalTransactions])
  const sources = useMemo(
    () =>
      wallets.flatMap((wallet) =>
        // The merge's own page size: a first page read again then holds what the merge fetched, and the new entries.
        chains.map((chain): Partial<WalletHistoryParameters> => ({ address: wallet, chain, limit: limit ?? MERGED_PAGE_LIMIT, order, includeInternalTransactions })),
      ),
    // `sourcesKey` stands for these inputs' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sourcesKey],
  )
  const queryKey = mergedWalletHistoryQueryKey(client, mergedParams)
  const queryHash = hashKey(queryKey)
  const insert = useCallback(
    (source: Partial<WalletHistoryParameters>, page: WalletHistoryPage) =>
      void insertIntoMergedHistory(queryClient, queryKey, { chain: String(source.chain), wallet: several ? source.address : undefined }, page),
    // `queryHash` stands for the key's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, queryHash, several],
  )
  const live = useArrivals({
    load: () => import('../../core/arrivals/firstPageRefresh.js'),
    sources,
    enabled,
    target: { queryHash, insert },
  })
  // Each group's tracked records, as the entry ids of their rows: those rows are never held behind
  // "N new transactions" (the group lets go of a record as its row arrives; held, it would be on the screen nowhere).
  const [own, setOwn] = useState<Record<string, string[]>>({})
  const onTracked = useMemo(
    () => sources.map((s) => (hashes: ReadonlySet<string>) => setOwn((o) => ({ ...o, [`${s.address}:${String(s.chain)}`]: [...hashes].map((hash) => entryId({ chain: String(s.chain), hash })) }))),
    [sources],
  )
  const arrivals = useMemo(() => {
    const mine = new Set(Object.values(own).flat())
    return mine.size === 0 ? live.arrivals : new Set([...live.arrivals].filter((id) => !mine.has(id)))
  }, [live.arrivals, own])
  return { sources, status: live.status, arrivals, insert, onTracked }
}
