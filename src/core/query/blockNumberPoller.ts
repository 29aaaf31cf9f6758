import type { QueryClient } from '@tanstack/query-core'
import { numberToHex } from 'viem'
import type { BlockfeedClient } from '../client.js'
import { activeHeadPollers, watchHead } from '../live/headPoller.js'
import { isHeadFollowingRpcQuery, keyChain, rpcHeadQueryFilter, rpcQueryKey } from './rpc.js'

interface Watcher {
  count: number
  release: () => void
}

// One head subscription per (client, chain, QueryClient): each QueryClient is invalidated once per block, however many hooks watch.
const watchers = new WeakMap<BlockfeedClient, Map<string, Map<QueryClient, Watcher>>>()

/**
 * Registers one watcher of new blocks on `chain` and returns its release function. It rides
 * on the core's one head poller per (client, chain) (`watchHead`, shared with the tracker):
 * on a new block the number is stored as the `eth_blockNumber` query's data and that chain's
 * head-following rpc queries are invalidated (only the observed ones refetch).
 */
export function watchBlockNumber(
  client: BlockfeedClient,
  queryClient: QueryClient,
  chain: string | undefined,
  intervalMs: number,
): () => void {
  // Asked with the caller's spelling (the RPC URL may be configured under it), kept by the chain's identity.
  const resolved = chain ?? client.chain ?? undefined
  const id = keyChain(client, chain) ?? ''
  let byChain = watchers.get(client)
  if (!byChain) watchers.set(client, (byChain = new Map()))
  let byQueryClient = byChain.get(id)
  if (!byQueryClient) byChain.set(id, (byQueryClient = new Map()))
  const map = byQueryClient

  let watcher = map.get(queryClient)
  if (!watcher) {
    const blockKey = rpcQueryKey(client, { method: 'eth_blockNumber', chain: resolved })
    // The poller has just stored the block number itself: invalidate every other head read.
    const staleOnNewBlock = {
      queryKey: rpcHeadQueryFilter(client, resolved).queryKey,
      predicate: (q: { queryKey: readonly unknown[] }) =>
        isHeadFollowingRpcQuery(q.queryKey) && (q.queryKey[2] as { method?: string }).method !== 'eth_blockNumber',
    }
    const release = watchHead(client, resolved, {
      intervalMs,
      onHead: (head, previous) => {
        queryClient.setQueryData(blockKey, numberToHex(head))
        if (previous !== undefined) void queryClient.invalidateQueries(staleOnNewBlock)
      },
    })
    map.set(queryClient, (watcher = { count: 0, release }))
  }
  const w = watcher
  w.count++

  let released = false
  return () => {
    if (released) return
    released = true
    if (--w.count > 0) return
    map.delete(queryClient)
    w.release()
  }
}

/** How many head pollers run for a client (all chains): for tests and diagnostics. */
export function activeBlockNumberPollers(client: BlockfeedClient): number {
  return activeHeadPollers(client)
}
