import type { ChainInput } from '../chains.js'
import type { QueryKeyClient } from './walletHistory.js'

/**
 * The chain a key names: the one given, else the client's default, else null (the client's
 * single RPC URL). Keys, the head filter and the block poller must agree on it, or
 * invalidation misses.
 */
export function keyChain(client: QueryKeyClient, chain?: ChainInput | undefined): string | null {
  return chain ?? client.chain ?? null
}
