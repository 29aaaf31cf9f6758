import * as engine from '../core/arrivals/firstPageRefresh.js'
import { useArrivals, type UseNewArrivalsParameters, type UseNewArrivalsReturnType } from './useArrivals.js'

export type { UseNewArrivalsParameters, UseNewArrivalsReturnType } from './useArrivals.js'

const loadEngine = () => Promise.resolve(engine)

/**
 * Brings a wallet's new transactions into its loaded history as they are mined, without a reload.
 *
 * On each new block it reads only the history's first page again and puts the entries not loaded
 * yet at the top of what `useWalletHistory` holds (newest-first histories only). Give its result
 * to `TransactionList` (`arrivals`, `liveStatus`), which holds new rows back behind a button while
 * the viewer is scrolled down.
 *
 * @param parameters - The `sources` to follow (the same parameters as `useWalletHistory`), and
 * optionally `enabled` and `intervalMs`.
 * @returns `arrivals`, the ids (lowercase hashes) of the entries that arrived live, and `status`:
 * `live`, `retrying` (a read failed and has not succeeded since) or `off`.
 * @remarks Follows each source's chain through the one shared `eth_blockNumber` poller per
 * (client, chain); once per new block, and at most once per interval, one
 * `GET {baseUrl}/api/v2.2/wallets/{address}/history` for the first page. Every feed and hook of the
 * same history and `QueryClient` shares that one read. Nothing is polled while the tab is hidden.
 * Failures are not thrown or put in an `error`: `status` says `retrying`, and it tries again.
 * @example
 * ```tsx
 * import { TransactionList } from 'blockfeed/components'
 * import { useNewArrivals, useWalletHistory } from 'blockfeed/react'
 *
 * const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 *
 * export function LiveFeed() {
 *   const history = useWalletHistory({ address: alice })
 *   const live = useNewArrivals({ sources: [{ address: alice }], enabled: history.isSuccess })
 *   return (
 *     <TransactionList
 *       wallet={alice}
 *       transactions={history.transactions}
 *       status={history.status}
 *       hasNextPage={history.hasNextPage}
 *       onLoadMore={() => void history.fetchNextPage()}
 *       arrivals={live.arrivals}
 *       liveStatus={live.status}
 *     />
 *   )
 * }
 * ```
 */
export function useNewArrivals(parameters: UseNewArrivalsParameters): UseNewArrivalsReturnType {
  return useArrivals({ ...parameters, load: loadEngine })
}
