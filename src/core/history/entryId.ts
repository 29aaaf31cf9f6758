import { chainIdentity } from '../chains.js'

/** Hashes arrive lowercase almost always: lowercase (and allocate) only the rest. */
function lowerHash(hash: string): string {
  return /[A-F]/.test(hash) ? hash.toLowerCase() : hash
}

/**
 * What makes a feed entry one entry: its hash, and its chain when it carries one (a merged
 * feed's entries do). The same hash on two chains (a replayed legacy transaction, a CREATE2
 * deployment at the same nonce) is two entries; 'eth' and '0x1' are one chain.
 */
export function entryId(entry: { readonly hash: string; readonly chain?: unknown }): string {
  const chain = entry.chain
  return typeof chain === 'string' && chain !== '' ? `${chainIdentity(chain)}:${lowerHash(entry.hash)}` : lowerHash(entry.hash)
}
