import { useCallback, useEffect, useSyncExternalStore } from 'react'
import type { ChainInput } from '../core/chains.js'
import type { TrackedTransaction } from '../core/live/record.js'
import { createTransactionTracker, type TransactionTracker } from '../core/live/tracker.js'
import type { BlockfeedContextValue } from './context.js'
import { useBlockfeedContext } from './useBlockfeedClient.js'

export interface UseTrackedTransactionsParameters {
  /** Only this sender's records (any case). Default: every wallet's. */
  address?: string | undefined
  /** Only this chain's records. Default: every chain's. */
  chain?: ChainInput | undefined
}

interface OwnTracker {
  tracker: TransactionTracker | undefined
  users: number
}
/** The tracker each provider owns (by its context value: a new client or interval means a new tracker). */
const owned = new WeakMap<BlockfeedContextValue, OwnTracker>()

/**
 * The provider's tracker: its `tracker` prop, or its own, created on first use by the hooks that
 * track (the provider does not import the tracker, so an app that tracks nothing does not ship it)
 * and stopped once no tracking hook of that provider is mounted.
 */
export function useTracker(): () => TransactionTracker {
  const context = useBlockfeedContext()
  useEffect(() => {
    if (context.tracker) return
    const slot = slotOf(context)
    slot.users++
    return () => {
      slot.users--
      // After the commit: a hook that mounts in the same commit (a route change, StrictMode) keeps it running.
      queueMicrotask(() => {
        if (slot.users > 0) return
        slot.tracker?.stop()
        slot.tracker = undefined
      })
    }
  }, [context])
  return useCallback(() => {
    if (context.tracker) return context.tracker
    const slot = slotOf(context)
    return (slot.tracker ??= createTransactionTracker({ client: context.client, pollingIntervalMs: context.pollingIntervalMs }))
  }, [context])
}

function slotOf(context: BlockfeedContextValue): OwnTracker {
  let slot = owned.get(context)
  if (!slot) owned.set(context, (slot = { tracker: undefined, users: 0 }))
  return slot
}

const NONE: readonly TrackedTransaction[] = Object.freeze([])

/**
 * The tracked transactions of a wallet and chain, newest first, updated live as the tracker
 * learns of them (one render per change; the same array while nothing changed). Empty during
 * server rendering and hydration: records live in the browser's storage.
 */
export function useTrackedTransactions(parameters: UseTrackedTransactionsParameters = {}): readonly TrackedTransaction[] {
  const getTracker = useTracker()
  const { address, chain } = parameters
  const subscribe = useCallback((onChange: () => void) => getTracker().subscribe(onChange), [getTracker])
  const getSnapshot = useCallback(() => getTracker().list({ address, chain }), [getTracker, address, chain])
  return useSyncExternalStore(subscribe, getSnapshot, () => NONE)
}
