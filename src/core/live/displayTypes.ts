import type { Log } from 'viem'
import type { TransactionEntry } from '../history/schema.js'
import type { TrackedTransaction } from './record.js'

// The shapes a tracked record is shown with (what the feed knows of tokens, the receipt's logs, the options, the
// summary), and which records the pending group still shows. They share a file because the reference documents a
// type on the page of the first function of its file: pendingRecords.

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
 * What a tracked transaction is, as facts the components word ("Sending 25 USDC to 0x12ab…cd34"):
 * `symbol` is untrusted text (clean it before showing).
 */
export interface TrackedSummary {
  /** A token send, a native send, a contract call, a deployment, or `unknown` (tracked by hash, sender not known yet). */
  kind: 'token' | 'native' | 'call' | 'deploy' | 'unknown'
  /** `sending` until mined, `sent` once confirmed, `ended` once failed, replaced or dropped (the status says which). */
  stage: 'sending' | 'sent' | 'ended'
  /** The amount in whole units when the decimals are known, else the raw integer; null when nothing moves. */
  amount: string | null
  /** Token or native symbol; null when unknown. */
  symbol: string | null
  /** The token contract for `token` (shown when the symbol is unknown). */
  token: string | null
  /** The recipient (token recipient for `token`, contract for `call`). */
  to: string | null
}

/**
 * Picks the tracked records still to show above the indexed rows: the merge rule of the feed.
 *
 * @param records - The tracker's records (e.g. `tracker.list({ address })`).
 * @param indexed - The entries the history API has returned.
 * @returns The records whose hash is not among `indexed`, in their order.
 * @remarks No request. A record whose hash the history API has returned is dropped from the group (its indexed
 * row takes its place: never both); everything else stays, newest first, replaced and
 * dropped ones included so they can say "Replaced by 0x…" or offer "Send again".
 * @example
 * ```ts
 * import { createClient, createTransactionTracker, pendingRecords } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 * const tracker = createTransactionTracker({ client })
 * const page = await client.getWalletHistory({ address })
 * const pending = pendingRecords(tracker.list({ address }), page.result)
 * ```
 */
export function pendingRecords(records: readonly TrackedTransaction[], indexed: readonly Pick<TransactionEntry, 'hash'>[]): TrackedTransaction[] {
  const seen = new Set(indexed.map((e) => e.hash.toLowerCase()))
  return records.filter((r) => !seen.has(r.hash.toLowerCase()))
}
