import { useCallback } from 'react'
import type { TrackedTransaction } from '../core/live/record.js'
import type { TrackParameters } from '../core/live/tracker.js'
import { useTracker } from './useTrackedTransactions.js'

export type UseTrackTransactionReturnType = (parameters: TrackParameters) => Promise<TrackedTransaction>

/**
 * `track` for transactions sent by other means (wagmi's `sendTransaction`, a wallet): the
 * provider's tracker follows the hash from pending to final and `useTrackedTransactions` lists it.
 * Pass `from` (the connected account) so it lists under the wallet before the node answers.
 *
 * @example
 * const track = useTrackTransaction()
 * const hash = await sendTransactionAsync({ to, value })
 * await track({ hash, chain: 'eth', from: address })
 */
export function useTrackTransaction(): UseTrackTransactionReturnType {
  const getTracker = useTracker()
  return useCallback((parameters: TrackParameters) => getTracker().track(parameters), [getTracker])
}
