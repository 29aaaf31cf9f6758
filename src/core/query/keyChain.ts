import { chainIdentity, type ChainInput } from '../chains.js'
import type { QueryKeyClient } from './walletHistory.js'

/**
 * The chain a key names, by its one identity (`chainIdentity`: `eth` and `0x1` are one key): the
 * one given, else the client's default, else null (the client's single RPC URL). Keys, the head
 * filter and the block poller must agree on it, or invalidation misses. Text that is not a chain
 * is kept as given (JSON-safe), so its query reports the error.
 */
export function keyChain(client: QueryKeyClient, chain?: ChainInput | undefined): string | null {
  const given = chain ?? client.chain ?? null
  return typeof given === 'string' ? chainIdentity(given) : given
}
