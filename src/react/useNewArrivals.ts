import * as engine from '../core/arrivals/firstPageRefresh.js'
import { useArrivals, type UseNewArrivalsParameters, type UseNewArrivalsReturnType } from './useArrivals.js'

export type { UseNewArrivalsParameters, UseNewArrivalsReturnType } from './useArrivals.js'

const loadEngine = () => Promise.resolve(engine)

/**
 * New arrivals without a reload: follows each source's chain head through the one shared head
 * poller per (client, chain) and, once per new block and at most once per interval, reads only the
 * first page again and puts the entries not loaded yet at the top (newest-first histories only).
 * Every feed and hook of the same history and QueryClient shares one read per block. Returns the
 * arrivals' hashes (for `TransactionList`'s `arrivals`) and a `status` (its `liveStatus`).
 */
export function useNewArrivals(parameters: UseNewArrivalsParameters): UseNewArrivalsReturnType {
  return useArrivals({ ...parameters, load: loadEngine })
}
