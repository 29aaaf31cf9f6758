import { useCallback } from 'react'
import type { TrackedTransaction } from '../core/live/record.js'
import type { TrackParameters } from '../core/live/tracker.js'
import { useTracker } from './useTrackedTransactions.js'

/** What `useTrackTransaction` returns: a `track` function that starts following a transaction and resolves with its record. */
export type UseTrackTransactionReturnType = (parameters: TrackParameters) => Promise<TrackedTransaction>

/**
 * Follows a transaction your app sent by other means (wagmi's `sendTransaction`, a wallet) from
 * pending to final, so the feed and `useTrackedTransactions` show it at once.
 *
 * Pass `from` (the connected account) so it lists under the wallet before the node answers, and
 * `to`, `value`, `data` when you know them, so its row says what it does right away.
 *
 * @returns A stable `track(parameters)` function. It takes `{ hash, chain?, from?, to?, value?, data?, raw? }`
 * and resolves with the `TrackedTransaction` record (`status`, `confirmations`, `replacedBy`…).
 * @throws {@link InvalidParameterError} From `track`'s promise, when the hash, chain, `from`, `to`,
 * `value`, `data` or `raw` is malformed; nothing is tracked.
 * @remarks Uses the provider's tracker (its `tracker` prop, or one it makes when first needed).
 * `track` sends no request itself: the chain's one shared head poller reads the sender's nonce and
 * the receipt at each new block, batched, until the transaction is final. Records are kept in the
 * browser's storage.
 * @example
 * ```tsx
 * import { parseEther } from 'viem'
 * import { useAccount, useSendTransaction } from 'wagmi'
 * import { useTrackTransaction } from 'blockfeed/react'
 *
 * const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
 *
 * export function SendToBob() {
 *   const { address } = useAccount()
 *   const { sendTransactionAsync } = useSendTransaction()
 *   const track = useTrackTransaction()
 *   const send = async () => {
 *     const value = parseEther('0.01')
 *     const hash = await sendTransactionAsync({ to: bob, value })
 *     await track({ hash, from: address, to: bob, value })
 *   }
 *   return <button onClick={() => void send()}>Send 0.01 ETH to Bob</button>
 * }
 * ```
 */
export function useTrackTransaction(): UseTrackTransactionReturnType {
  const getTracker = useTracker()
  return useCallback((parameters: TrackParameters) => getTracker().track(parameters), [getTracker])
}
