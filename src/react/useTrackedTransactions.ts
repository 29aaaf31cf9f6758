import { useCallback, useSyncExternalStore } from 'react'
import type { ChainInput } from '../core/chains.js'
import type { TrackedTransaction } from '../core/live/record.js'
import { useBlockfeedContext } from './useBlockfeedClient.js'

export interface UseTrackedTransactionsParameters {
  /** Only this sender's records (any case). Default: every wallet's. */
  address?: string | undefined
  /** Only this chain's records. Default: every chain's. */
  chain?: ChainInput | undefined
}

const NONE: readonly TrackedTransaction[] = Object.freeze([])

/**
 * The tracked transactions of a wallet and chain, newest first, updated live as the tracker
 * learns of them (one render per change; the same array while nothing changed). Empty during
 * server rendering and hydration: records live in the browser's storage.
 */
export function useTrackedTransactions(parameters: UseTrackedTransactionsParameters = {}): readonly TrackedTransaction[] {
  const { getTracker } = useBlockfeedContext()
  const { address, chain } = parameters
  const subscribe = useCallback((onChange: () => void) => getTracker().subscribe(onChange), [getTracker])
  const getSnapshot = useCallback(() => getTracker().list({ address, chain }), [getTracker, address, chain])
  return useSyncExternalStore(subscribe, getSnapshot, () => NONE)
}
