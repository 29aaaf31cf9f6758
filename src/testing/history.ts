import { getChainInfo, type ChainName } from '../core/chains.js'
import { FIXTURE_NOW, chainProfiles } from './catalogue.js'
import { entryOf } from './entry.js'
import { simpleKinds, transactionKinds, wallets, type TransactionKind, type WalletName } from './kinds.js'
import { createRng, type Rng } from './prng.js'
import type { RawEntry } from './wire.js'


/**
 * The deterministic wallet-history fixtures, as RAW wire JSON (what a real deployment
 * sends, drift included), so stories and tests exercise the real reader of the fetch core.
 */

export interface FixtureTransaction {
  kind: TransactionKind
  chain: ChainName
  blockNumber: number
  timeMs: number
  /** The wire entry (internal transactions included; the handler drops them unless asked). */
  raw: RawEntry
}

interface Plan {
  chains: Partial<Record<ChainName, number>>
  kinds: 'all' | 'simple'
  /** Gap between consecutive transactions, in minutes. */
  gapMinutes: [number, number]
}

const plans: Record<WalletName, Plan> = {
  rich: {
    chains: {
      eth: 330, polygon: 14, bsc: 14, avalanche: 14, fantom: 14, palm: 14, cronos: 14,
      arbitrum: 14, gnosis: 14, chiliz: 14, base: 14, optimism: 14, linea: 14,
    },
    kinds: 'all',
    gapMinutes: [2, 4 * 24 * 60],
  },
  huge: { chains: { eth: 10_000 }, kinds: 'simple', gapMinutes: [1, 90] },
  fresh: { chains: { eth: 6 }, kinds: 'simple', gapMinutes: [30, 3 * 24 * 60] },
  empty: { chains: {}, kinds: 'simple', gapMinutes: [1, 1] },
}

const cache = new Map<string, FixtureTransaction[]>()

/** How many transactions a wallet has on a chain, known without generating them. */
export function transactionCount(wallet: WalletName, chain: ChainName): number {
  return plans[wallet].chains[chain] ?? 0
}

/** Which named wallet an address is (case-insensitive), if any. */
export function walletNameOf(address: string): WalletName | undefined {
  const lower = address.toLowerCase()
  return (Object.keys(wallets) as WalletName[]).find((name) => wallets[name] === lower)
}

/**
 * A wallet's transactions on a chain, newest first, generated on first use and cached.
 * The first entries of a rich wallet cycle through every kind, so its first page shows them all.
 */
export function walletTransactions(wallet: WalletName, chain: ChainName): readonly FixtureTransaction[] {
  const key = `${wallet}:${chain}`
  const hit = cache.get(key)
  if (hit) return hit
  const plan = plans[wallet]
  const count = transactionCount(wallet, chain)
  const rng = createRng(key)
  const profile = chainProfiles[chain]
  const native = getChainInfo(chain)?.nativeCurrency.symbol ?? 'ETH'
  const me = wallets[wallet]
  const kinds = plan.kinds === 'all' ? transactionKinds : simpleKinds
  const out: FixtureTransaction[] = []
  let time = FIXTURE_NOW - rng.int(5, 60) * 60_000
  for (let index = 0; index < count; index++) {
    const kind = index < kinds.length * 2 ? (kinds[index % kinds.length] as TransactionKind) : weightedKind(rng, kinds)
    const blockNumber = profile.head - Math.floor((FIXTURE_NOW - time) / 1000 / profile.blockTimeSeconds)
    const raw = entryOf({ rng, chain, me, index, native }, kind, blockNumber, time)
    out.push({ kind, chain, blockNumber, timeMs: time, raw })
    time -= rng.int(plan.gapMinutes[0], plan.gapMinutes[1]) * 60_000 + rng.int(0, 59) * 1000
  }
  assignNonces(out, me)
  cache.set(key, out)
  return out
}

/** Mostly ordinary transfers, as in a real wallet; the odd kinds stay rare. */
function weightedKind(rng: Rng, kinds: readonly TransactionKind[]): TransactionKind {
  if (kinds === simpleKinds || rng.chance(0.7)) return rng.pick(simpleKinds)
  return rng.pick(kinds)
}

/** The wallet's own transactions get consecutive nonces, oldest first. */
function assignNonces(txs: FixtureTransaction[], me: string) {
  let nonce = 0
  for (let i = txs.length - 1; i >= 0; i--) {
    const raw = txs[i]!.raw
    if (raw.from_address === me) raw.nonce = typeof raw.nonce === 'number' ? nonce++ : String(nonce++)
  }
}

/** Every fixture transaction of every wallet on a chain (for the RPC answers). */
export function chainTransactions(chain: ChainName): FixtureTransaction[] {
  return (Object.keys(wallets) as WalletName[]).flatMap((w) => walletTransactions(w, chain))
}

/** The newest fixture transaction of a kind (rich wallet), e.g. `transactionOfKind('failed')`. */
export function transactionOfKind(kind: TransactionKind, chain: ChainName = 'eth'): FixtureTransaction {
  const tx = walletTransactions('rich', chain).find((t) => t.kind === kind)
  if (!tx) throw new Error(`no fixture transaction of kind ${kind} on ${chain}`)
  return tx
}
