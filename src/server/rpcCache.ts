import { chainIdentity } from '../core/chains.js'
import { HEAD_LOCK_MS, headTtlMs, isHeadRead } from './headReads.js'
import type { ResponseCache } from './store/cache.js'

// Reads addressed by a block hash (and the chain id): once they have an answer it never changes.
const BY_BLOCK_HASH = new Set([
  'eth_chainId',
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getUncleCountByBlockHash',
])
// Reads addressed by a transaction hash: a reorg can move the transaction to another block or take
// it out of any, so its answer (block, index, receipt status and logs) is not fixed.
const BY_TRANSACTION_HASH = new Set(['eth_getTransactionByHash', 'eth_getTransactionReceipt'])

/** Where and how long the answer to a call may be kept: `ttlSeconds` null is for good. */
export interface RpcCachePolicy {
  key: string
  ttlSeconds: number | null
  /**
   * Set for a head read: its answer is shared with every identical call for a fraction of a block,
   * one upstream request at a time (across instances under a Redis lock of this many ms).
   */
  lockMs?: number | undefined
}

/**
 * How the proxy may answer a call from its cache, or undefined when it must always go upstream.
 * A head read (headReads.ts) is kept for `headTtlMs`, by default half the chain's block time, at
 * most 1 s. A read by transaction hash is kept for `pagesTtlSeconds` (the history pages' TTL, default 5 s):
 * as fresh as the pages that list the same transactions, and shorter than the time between a
 * tracker's first read of a receipt and its re-read at the confirmations target (11 blocks on eth,
 * 31 on polygon, 14 on bsc), so that re-read sees a reorg instead of the receipt it read first.
 */
export function rpcCachePolicy(
  chain: string | undefined,
  call: { method: string; params: unknown },
  ttls: Pick<ResponseCache, 'ttlSeconds' | 'headTtlMs'>,
): RpcCachePolicy | undefined {
  const forever = BY_BLOCK_HASH.has(call.method)
  if (!forever && !BY_TRANSACTION_HASH.has(call.method)) {
    if (!isHeadRead(call.method, call.params)) return undefined
    // By the chain's one identity: tabs asking for `eth` and for `0x1` share one head.
    return {
      key: `rpc:${chain === undefined ? '' : chainIdentity(chain)}:${call.method}:${JSON.stringify(call.params ?? []).toLowerCase()}`,
      ttlSeconds: headTtlMs(chain, ttls.headTtlMs) / 1000,
      lockMs: HEAD_LOCK_MS,
    }
  }
  return {
    key: `rpc:${chain ?? ''}:${call.method}:${JSON.stringify(call.params ?? []).toLowerCase()}`,
    ttlSeconds: forever ? null : ttls.ttlSeconds,
  }
}

/**
 * Whether an answer may be kept at all: a result, not null (a transaction or receipt not known
 * yet), and for a transaction, one already in a block (a pending one changes at its next block).
 */
export function isKeepable(method: string, result: unknown): boolean {
  if (result === null || result === undefined) return false
  if (method === 'eth_getTransactionByHash' || method === 'eth_getTransactionByBlockHashAndIndex') {
    return typeof result === 'object' && typeof (result as { blockHash?: unknown }).blockHash === 'string'
  }
  return true
}

/** A cache of single results, for the calls of a batch: looked up before sending, filled after. */
export interface RpcResultCache {
  get(policy: RpcCachePolicy): Promise<unknown | undefined>
  put(policy: RpcCachePolicy, result: unknown): Promise<void>
}

/** The proxy's response cache seen as a store of single results. */
export function rpcResultCache(cache: ResponseCache): RpcResultCache {
  return {
    async get({ key, ttlSeconds }) {
      const answer = await cache.peek(key, ttlSeconds)
      return answer ? (JSON.parse(answer.body) as unknown) : undefined
    },
    put: ({ key, ttlSeconds }, result) => cache.keep(key, { status: 200, body: JSON.stringify(result) }, ttlSeconds),
  }
}
