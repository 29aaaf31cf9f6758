import type { TransactionEntry } from '../schema.js'
import type { TransactionRecord } from './record.js'
import type { MergeState } from './state.js'
import type { MergedTransactionEntry } from './types.js'

/** The fields the merge adds to a service's entry. */
const MERGED_FIELDS = new Set(['chain', 'wallet', 'wallets', 'views'])

/** The service's entry without the fields `addMergedFieldsInPlace` gave it. */
function withoutMergedFields(entry: TransactionEntry): TransactionEntry {
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(entry)) {
    if (MERGED_FIELDS.has(k)) continue
    const value = (entry as Record<string, unknown>)[k]
    // A service's own "__proto__" field stays a field: `out.__proto__ = v` would make it the view's prototype.
    if (k === '__proto__') Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true })
    else out[k] = value
  }
  return out as TransactionEntry
}

/**
 * Gives `record`'s entry (the client's fresh object) its merged fields in place, as it arrives and
 * is still in cache: a copy of every entry would cost more than reading it.
 */
export function addMergedFieldsInPlace(state: MergeState, record: TransactionRecord): void {
  record.inPlace = true
  const out = record.entry as MergedTransactionEntry
  out.chain = state.chains[record.chain]!
  // Each added field costs every entry a slot: `wallet(s)` only where they tell something.
  if (state.wallets.length > 1) {
    out.wallet = state.wallets[record.wallet]!
    out.wallets = state.walletAsList[record.wallet]!
  }
}

/** The entry the feed hands out for `record`: its own entry when one wallet holds it, else a copy carrying every wallet's view. */
export function mergedEntryOf(state: MergeState, record: TransactionRecord): MergedTransactionEntry {
  if (record.others === undefined) {
    if (!record.inPlace) addMergedFieldsInPlace(state, record)
    return record.entry as MergedTransactionEntry
  }
  const chain = state.chains[record.chain]!
  const wallet = state.wallets[record.wallet]!
  const base = record.inPlace ? withoutMergedFields(record.entry) : record.entry
  return {
    ...base,
    chain,
    wallet,
    wallets: [wallet, ...record.others.map(([w]) => state.wallets[w]!)],
    views: [base, ...record.others.map(([, e]) => e)],
  }
}

/** Joins `wallet`'s view of the transaction to its record (the first wallet by index leads); false when that wallet's view is already there. */
export function addView(record: TransactionRecord, wallet: number, entry: TransactionEntry): boolean {
  if (record.wallet === wallet || record.others?.some(([w]) => w === wallet)) return false // the service repeated itself
  const others = record.others ?? []
  if (wallet < record.wallet) {
    others.push([record.wallet, record.inPlace ? withoutMergedFields(record.entry) : record.entry])
    record.wallet = wallet
    record.entry = entry
    record.inPlace = false
  } else others.push([wallet, entry])
  record.others = others.sort((a, b) => a[0] - b[0])
  return true
}
