import type { ResponseCache } from './store/cache.js'

// Reads addressed by a block or transaction hash: once they have an answer it never changes.
const BY_HASH = new Set([
  'eth_chainId',
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getUncleCountByBlockHash',
])

/** The cache key of a call the proxy may answer from its cache, or undefined when it must go upstream. */
export function rpcCacheKey(chain: string | undefined, call: { method: string; params: unknown }): string | undefined {
  if (!BY_HASH.has(call.method)) return undefined
  return `rpc:${chain ?? ''}:${call.method}:${JSON.stringify(call.params ?? []).toLowerCase()}`
}

/**
 * Whether an answer can be kept for good: a result, not null (a transaction or receipt not known
 * yet), and for a transaction, one already in a block (a pending one still changes).
 */
export function keepsForever(method: string, result: unknown): boolean {
  if (result === null || result === undefined) return false
  if (method === 'eth_getTransactionByHash' || method === 'eth_getTransactionByBlockHashAndIndex') {
    return typeof result === 'object' && typeof (result as { blockHash?: unknown }).blockHash === 'string'
  }
  return true
}

/** A cache of single results, for the calls of a batch: looked up before sending, filled after. */
export interface RpcResultCache {
  get(key: string): Promise<unknown | undefined>
  put(key: string, result: unknown): Promise<void>
}

/** The proxy's response cache seen as a store of single results, kept for good. */
export function rpcResultCache(cache: ResponseCache): RpcResultCache {
  return {
    async get(key) {
      const answer = await cache.peek(key, null)
      return answer ? (JSON.parse(answer.body) as unknown) : undefined
    },
    put: (key, result) => cache.keep(key, { status: 200, body: JSON.stringify(result) }, null),
  }
}
