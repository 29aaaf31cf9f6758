import type { TransactionEntry } from '../history/schema.js'
import type { TrackedTokenInfo } from './displayTypes.js'

// What the feed's rows already say of tokens, so a pending transfer of one reads "25 USDC" rather than a raw integer.

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
