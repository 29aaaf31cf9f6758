import type { QueryClient } from '@tanstack/react-query'
import type { BlockfeedClient } from '../core/client.js'
import { isAbortError } from '../core/errors.js'
import { isHeadFollowingRpcQuery, keyChain, rpcHeadQueryFilter, rpcQueryKey } from '../core/query/rpc.js'

interface Poller {
  /** Watchers per QueryClient: each QueryClient is invalidated once per block, however many hooks watch. */
  watchers: Map<QueryClient, number>
  last: bigint | undefined
  timer: ReturnType<typeof setTimeout> | undefined
  controller: AbortController
}

// One poller per (client, chain); a WeakMap so a dropped client takes its pollers with it.
const pollers = new WeakMap<BlockfeedClient, Map<string, Poller>>()

/**
 * Registers one watcher of new blocks on `chain` and returns its release function. The first
 * watcher starts a shared `eth_blockNumber` poller; the last release stops it. On a new block
 * the poller stores the number as the `eth_blockNumber` query's data and invalidates that
 * chain's head-following rpc queries (only the observed ones refetch).
 */
export function watchBlockNumber(
  client: BlockfeedClient,
  queryClient: QueryClient,
  chain: string | undefined,
  intervalMs: number,
): () => void {
  const resolved = keyChain(client, chain) ?? undefined
  const id = resolved ?? ''
  let byChain = pollers.get(client)
  if (!byChain) pollers.set(client, (byChain = new Map()))
  let poller = byChain.get(id)
  if (!poller) {
    const created: Poller = { watchers: new Map(), last: undefined, timer: undefined, controller: new AbortController() }
    byChain.set(id, (poller = created))
    const blockKey = rpcQueryKey(client, { method: 'eth_blockNumber', chain: resolved })
    // The poller has just stored the block number itself: invalidate every other head read.
    const staleOnNewBlock = {
      queryKey: rpcHeadQueryFilter(client, resolved).queryKey,
      predicate: (q: { queryKey: readonly unknown[] }) =>
        isHeadFollowingRpcQuery(q.queryKey) && (q.queryKey[2] as { method?: string }).method !== 'eth_blockNumber',
    }
    const tick = async () => {
      try {
        const hex = await client.rpc({ method: 'eth_blockNumber' }, { chain: resolved, signal: created.controller.signal })
        const n = BigInt(hex)
        if (created.last === undefined || n > created.last) {
          const isNew = created.last !== undefined
          created.last = n
          for (const qc of created.watchers.keys()) {
            qc.setQueryData(blockKey, hex)
            if (isNew) void qc.invalidateQueries(staleOnNewBlock)
          }
        }
      } catch (error) {
        // A failed poll is tried again at the next tick; the hooks keep their data.
        if (isAbortError(error) || created.controller.signal.aborted) return
      }
      if (!created.controller.signal.aborted) created.timer = setTimeout(tick, intervalMs)
    }
    void tick()
  }
  const p = poller
  p.watchers.set(queryClient, (p.watchers.get(queryClient) ?? 0) + 1)

  let released = false
  return () => {
    if (released) return
    released = true
    const left = (p.watchers.get(queryClient) ?? 1) - 1
    if (left > 0) p.watchers.set(queryClient, left)
    else p.watchers.delete(queryClient)
    if (p.watchers.size === 0) {
      clearTimeout(p.timer)
      p.controller.abort()
      byChain!.delete(id)
    }
  }
}

/** How many pollers run for a client (all chains): for tests and diagnostics. */
export function activeBlockNumberPollers(client: BlockfeedClient): number {
  return pollers.get(client)?.size ?? 0
}
