import { useCallback, useEffect, useSyncExternalStore } from 'react'
import type { ChainInput } from '../core/chains.js'
import type { TrackedTransaction } from '../core/live/record.js'
import { createTransactionTracker, type TransactionTracker } from '../core/live/tracker.js'
import type { BlockfeedContextValue } from './context.js'
import { useBlockfeedContext } from './useBlockfeedClient.js'

/** What `useTrackedTransactions` takes: which wallet's and chain's records to list. */
export interface UseTrackedTransactionsParameters {
  /**
   * Lists only this sender's records (any case).
   * @defaultValue every wallet's
   */
  address?: string | undefined
  /**
   * Lists only this chain's records.
   * @defaultValue every chain's
   */
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
 * Lists your user's own tracked transactions, newest first, updated live from pending to final.
 *
 * It re-renders once per change and returns the same array while nothing changed. It is empty
 * during server rendering and hydration: records live in the browser's storage.
 *
 * @param parameters - Optionally `address` (the sender) and `chain` to narrow the list.
 * @returns The `TrackedTransaction` records: each with `hash`, `chain`, `from`, `nonce`, `to`,
 * `status` (`pending`, `confirmed`, `failed`, `replaced` or `dropped`), `blockNumber`,
 * `confirmations`, `replacedBy` and `error`.
 * @remarks Reads the provider's tracker (its `tracker` prop, or one it makes when first needed and
 * stops when the last tracking hook unmounts). Listing sends nothing; the tracker's shared head
 * poller reads nonces and receipts once per block while a record is still changing.
 * @example
 * ```tsx
 * import { useTrackedTransactions } from 'blockfeed/react'
 *
 * export function MyTransactions() {
 *   const records = useTrackedTransactions({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 *   return (
 *     <ul>
 *       {records.map((r) => (
 *         <li key={`${r.chain}:${r.hash}`}>
 *           {r.hash}: {r.status}, {r.confirmations} confirmations
 *         </li>
 *       ))}
 *     </ul>
 *   )
 * }
 * ```
 */
export function useTrackedTransactions(parameters: UseTrackedTransactionsParameters = {}): readonly TrackedTransaction[] {
  const getTracker = useTracker()
  const { address, chain } = parameters
  const subscribe = useCallback((onChange: () => void) => getTracker().subscribe(onChange), [getTracker])
  const getSnapshot = useCallback(() => getTracker().list({ address, chain }), [getTracker, address, chain])
  return useSyncExternalStore(subscribe, getSnapshot, () => NONE)
}
