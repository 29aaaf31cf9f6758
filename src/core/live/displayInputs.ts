import type { Log } from 'viem'
import type { TransactionEntry } from '../history/schema.js'

// What showing a tracked record may read beyond the record: the tokens the feed already knows, and the receipt's logs.

/** What the feed knows of a token from rows it already has: its symbol and decimals (untrusted service text). */
export interface TrackedTokenInfo {
  /** The token's symbol; null when unknown. */
  symbol: string | null
  /** The token's decimals; null when unknown (amounts then stay raw integers). */
  decimals: number | null
  /** The token's name. */
  name?: string | null | undefined
  /** The token's logo URL. */
  logo?: string | null | undefined
}

/** Token facts by lower-case contract address (a `Map`: a service string is never an object key). */
export type TrackedTokenLookup = ReadonlyMap<string, TrackedTokenInfo>

/** A receipt log as {@link trackedToEntry} and {@link transfersFromLogs} read it: a JSON-RPC receipt's `logs` fit. */
export type ReceiptLog = Pick<Log, 'address' | 'data' | 'topics'> & { logIndex?: string | number | null | undefined }

/** What {@link trackedToEntry} and {@link summarizeTracked} may use beyond the record itself. */
export interface TrackedDisplayOptions {
  /** Symbols and decimals of tokens, e.g. {@link tokenInfoFromEntries} over the feed's indexed rows. */
  tokens?: TrackedTokenLookup | undefined
  /** The receipt's logs once mined: its ERC-20 `Transfer` events become the entry's transfer lines. */
  logs?: readonly ReceiptLog[] | undefined
}

/**
 * Collects the symbol and decimals of every ERC-20 token in history entries, so a pending transfer of
 * the same token can be shown as "25 USDC" rather than a raw integer.
 *
 * @param entries - History entries, e.g. the `result` of a wallet-history page.
 * @returns A map from each token contract (lowercase) to what the entries say of it.
 * @remarks No request: it reads the entries only.
 * @example
 * ```ts
 * import { createClient, createTransactionTracker, summarizeTracked, tokenInfoFromEntries } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const page = await client.getWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 * const tokens = tokenInfoFromEntries(page.result)
 * const tracker = createTransactionTracker({ client })
 * for (const record of tracker.list()) console.log(summarizeTracked(record, { tokens }))
 * ```
 */
export function tokenInfoFromEntries(entries: readonly TransactionEntry[]): Map<string, TrackedTokenInfo> {
  const out = new Map<string, TrackedTokenInfo>()
  for (const e of entries) {
    for (const t of e.erc20_transfer) {
      const key = t.address.toLowerCase()
      if (out.has(key)) continue
      const decimals = t.token_decimals === null ? null : Number(t.token_decimals)
      out.set(key, { symbol: t.token_symbol, decimals: decimals !== null && Number.isSafeInteger(decimals) && decimals <= 255 ? decimals : null, name: t.token_name, logo: t.token_logo })
    }
  }
  return out
}
