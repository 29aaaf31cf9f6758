import { parseJsonLossless, readWalletHistoryPage, type ChainName, type TransactionEntry } from '../../src/exports/index.js'
import { toWireJson, transactionOfKind, walletTransactions, type TransactionKind, type WalletName } from '../../src/testing/index.js'

/**
 * Normalized transactions for the presentational stories, read from the raw fixtures by
 * the real reader of the fetch core (as the feed would receive them).
 */
function read(raws: unknown[]): TransactionEntry[] {
  const body = toWireJson({ page: '1', page_size: String(raws.length), cursor: '', result: raws })
  return readWalletHistoryPage(parseJsonLossless(body)).result
}

/** The newest `count` transactions of a fixture wallet on a chain. */
export function fixtureEntries(wallet: WalletName, chain: ChainName = 'eth', count = Infinity): TransactionEntry[] {
  return read(walletTransactions(wallet, chain).slice(0, count).map((t) => t.raw))
}

/** The rich wallet's newest transaction of a kind, normalized. */
export function entryOfKind(kind: TransactionKind, chain: ChainName = 'eth'): TransactionEntry {
  return read([transactionOfKind(kind, chain).raw])[0]!
}
