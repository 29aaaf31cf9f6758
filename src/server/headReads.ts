import { chainIdentity, getChainInfo } from '../core/chains.js'

// Head reads: calls whose answer is the chain's head as it is now (the block number, the fee level,
// the latest block). Every open feed asks them every few seconds, and every tab asks the same thing:
// the proxy answers them from its cache for a fraction of a block, so that the upstream cost of the
// live feed does not grow with the number of open tabs.

/** The longest a head read is served from the cache by default: a second, whatever the chain's block time. */
export const MAX_DEFAULT_HEAD_TTL_MS = 1_000
/**
 * How long another instance's head read is waited for (its Redis lock's life): short, because the
 * answer is wanted within a block; a holder that died holds nobody up longer than this.
 */
export const HEAD_LOCK_MS = 1_000

const AT_HEAD = new Set(['eth_blockNumber', 'eth_gasPrice', 'eth_maxPriorityFeePerGas'])
const FEE_TAGS = new Set(['latest', 'pending'])
const BLOCK_TAGS = new Set(['latest', 'pending', 'safe', 'finalized'])

/**
 * Block times of the spec's chains that `viem/chains` does not give (ms). Approximate: only the
 * order matters, since a block time of 2 s or more gives the 1 s ceiling anyway.
 */
const BLOCK_TIME_MS: ReadonlyMap<string, number> = new Map([
  ['0xfa', 1_000], // fantom
])

/**
 * Whether a call reads the head: `eth_blockNumber`, `eth_gasPrice`, `eth_maxPriorityFeePerGas`,
 * `eth_feeHistory` at `latest`/`pending`, `eth_getBlockByNumber` at `latest`/`pending`/`safe`/`finalized`
 * (params as `normalizeRpcRequest` gives them: the tag filled in, spelled as the node spells it).
 * Reads of one address (balance, nonce, code, storage, `eth_call`) are not: a wallet re-reads its
 * own nonce and balance right after it sends, and must not be answered from before its transaction.
 */
export function isHeadRead(method: string, params: unknown): boolean {
  if (AT_HEAD.has(method)) return true
  const p = Array.isArray(params) ? params : []
  if (method === 'eth_feeHistory') return typeof p[1] === 'string' && FEE_TAGS.has(p[1])
  if (method === 'eth_getBlockByNumber') return typeof p[0] === 'string' && BLOCK_TAGS.has(p[0])
  return false
}

/**
 * How long a head read of `chain` is served from the cache: `configured` (`cache.headTtlMs`) when
 * given, else half the chain's block time, at most {@link MAX_DEFAULT_HEAD_TTL_MS} (a chain whose
 * block time is not known gets the ceiling). Half a block: a poller sees a new block at most half a
 * block (and one upstream round trip) after the node does.
 */
export function headTtlMs(chain: string | undefined, configured: number | undefined): number {
  if (configured !== undefined) return configured
  if (chain === undefined) return MAX_DEFAULT_HEAD_TTL_MS
  // By the chain's one identity: `eth`, `0x1` and `0X1` are one entry, so the table stays as small as the chains served.
  const id = chainIdentity(chain)
  let ttl = defaultTtls.get(id)
  if (ttl === undefined) {
    // `blockTime` is in viem's chain definitions since 2.2x; an older viem (or another chain) falls back to the table.
    const blockTime = (getChainInfo(chain)?.viemChain as { blockTime?: number } | undefined)?.blockTime ?? BLOCK_TIME_MS.get(id)
    ttl = blockTime && blockTime > 0 ? Math.max(1, Math.min(MAX_DEFAULT_HEAD_TTL_MS, Math.round(blockTime / 2))) : MAX_DEFAULT_HEAD_TTL_MS
    defaultTtls.set(id, ttl)
  }
  return ttl
}

const defaultTtls = new Map<string, number>()
