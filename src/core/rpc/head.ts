import { chainHexIds, chainIdentity, chainNames, type ChainHexId } from '../chains.js'

/**
 * How many blocks below the head a reorg can still replace, by spec chain name (a hex id is read
 * as its name). Chains with single-slot finality (Avalanche, Fantom, Cronos, Palm) need a margin
 * only for nodes behind a load balancer; BNB Chain's fast finality settles within a few blocks;
 * Polygon PoS has seen reorgs over 100 blocks deep. Everything else (Ethereum's two epochs, L2s,
 * devnets): the default.
 */
const reorgDepths = new Map<string, number>([
  ['bsc', 15],
  ['polygon', 128],
  ['fantom', 4],
  ['cronos', 4],
  ['avalanche', 4],
  ['palm', 4],
])

export const DEFAULT_REORG_DEPTH = 64

/** The reorg depth for a chain given as a spec name or hex id; the default when unknown. */
export function reorgDepth(chain: string | null | undefined): number {
  const hex = chainHexIds.indexOf((chain ?? '').toLowerCase() as ChainHexId)
  return reorgDepths.get(hex < 0 ? (chain ?? '') : chainNames[hex]!) ?? DEFAULT_REORG_DEPTH
}

interface ChainHead {
  head?: bigint
  finalized?: bigint
}

/**
 * The last head (and finalized block) seen per service and chain, the same identity query keys
 * use. Fed by replies the client receives anyway (`eth_blockNumber`, blocks at `latest` or
 * `finalized`), so knowing the head never costs a request.
 */
const heads = new Map<string, ChainHead>()
const id = (baseUrl: string, chain: string | null | undefined) => `${baseUrl}\n${chain ? chainIdentity(chain) : ''}`

/** Notes what a successful reply tells about the head; other replies are ignored. */
export function recordHead(baseUrl: string, chain: string | null | undefined, method: string, params: readonly unknown[], result: unknown): void {
  let field: keyof ChainHead | undefined
  let n: bigint | undefined
  if (method === 'eth_blockNumber') {
    field = 'head'
    n = toBlockNumber(result)
  } else if (method === 'eth_getBlockByNumber' && (params[0] === 'latest' || params[0] === 'finalized')) {
    field = params[0] === 'latest' ? 'head' : 'finalized'
    n = toBlockNumber(result !== null && typeof result === 'object' ? (result as { number?: unknown }).number : undefined)
  }
  if (field === undefined || n === undefined) return
  const key = id(baseUrl, chain)
  const entry = heads.get(key) ?? {}
  // The latest answer wins, not the highest: after a reorg (or anvil_revert) the head can go down.
  entry[field] = n
  heads.set(key, entry)
}

/**
 * The highest block no reorg is expected to replace: the finalized block or the head minus the
 * chain's reorg depth, whichever is higher. `undefined` until a head has been seen.
 */
export function settledBlock(baseUrl: string, chain: string | null | undefined): bigint | undefined {
  const entry = heads.get(id(baseUrl, chain))
  if (!entry) return undefined
  const byDepth = entry.head === undefined ? undefined : entry.head - BigInt(reorgDepth(chain))
  const f = entry.finalized
  if (byDepth === undefined) return f
  return f !== undefined && f > byDepth ? f : byDepth
}

function toBlockNumber(value: unknown): bigint | undefined {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : undefined
}
