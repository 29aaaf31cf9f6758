import { formatUnits } from 'viem'
import { getChainInfo } from '../chains.js'
import type { Erc20Transfer, NativeTransfer, NftTransfer, TransactionEntry } from '../history/schema.js'
import type { TrackedDisplayOptions } from './displayTypes.js'
import { receiptTransfers } from './receipt.js'
import type { TrackedTransaction } from './record.js'
import { erc20Entry, nftEntry } from './transferItems.js'

// A tracked transaction drawn in the feed as an entry like an indexed one. The shapes and the pending group's rule,
// what it says in words, the tokens the rows know and its transfer items are beside this file, re-exported here.
export { pendingRecords, type ReceiptLog, type TrackedDisplayOptions, type TrackedSummary, type TrackedTokenInfo, type TrackedTokenLookup } from './displayTypes.js'
export { summarizeTracked } from './summarizeTracked.js'
export { tokenInfoFromEntries } from './tokenInfo.js'
export { transfersFromLogs } from './transferItems.js'

/**
 * Turns a tracked record into a (partial) `TransactionEntry`, so your rows draw it like an indexed one.
 *
 * @param record - A record from the tracker.
 * @param options - `tokens` to name token amounts; `logs` of the receipt to read transfers from.
 * @returns An entry whose `block_number` is `''` until mined.
 * @remarks No request. The transfer lines come from the decoded calldata until the receipt is read, then from its
 * logs (the record's `receiptTransfers`, or `logs` when given, read the same way: ERC-20, ERC-721 and ERC-1155, at most 20 lines). `block_timestamp` is when it was tracked; `block_number` is '' until mined
 * (the one field in which an unmined entry is not a valid indexed one).
 * @example
 * ```ts
 * import { createClient, createTransactionTracker, trackedToEntry } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const tracker = createTransactionTracker({ client })
 * const entries = tracker.list({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }).map((record) => trackedToEntry(record))
 * console.log(entries.map((e) => e.hash))
 * ```
 */
export function trackedToEntry(record: TrackedTransaction, options: TrackedDisplayOptions = {}): TransactionEntry {
  const { tokens, logs } = options
  let erc20: Erc20Transfer[] = []
  let nfts: NftTransfer[] = []
  // Given logs are read as the tracker reads a receipt: every kind of transfer, malformed logs skipped.
  const lines = logs ? receiptTransfers(logs).lines : record.receiptTransfers?.lines
  if (lines) {
    // Mined: what the receipt's logs moved replaces the calldata guess.
    erc20 = lines.filter((l) => l.kind === 'erc20').map((l) => erc20Entry(record, l, tokens))
    nfts = lines.filter((l) => l.kind !== 'erc20').map((l) => nftEntry(record, l))
  } else if (record.tokenTransfer) {
    const t = record.tokenTransfer
    erc20.push(erc20Entry(record, { ...t, logIndex: null }, tokens))
  }
  const native = getChainInfo(record.chain)?.nativeCurrency
  const value = record.value ?? '0'
  const nativeTransfers: NativeTransfer[] =
    value !== '0' && record.from !== null
      ? [{
          from_address: record.from, from_address_label: null, to_address: record.to, to_address_label: null,
          value, value_formatted: formatUnits(BigInt(value), native?.decimals ?? 18), direction: 'outgoing',
          internal_transaction: false, token_symbol: native?.symbol ?? null, token_logo: null,
        } as NativeTransfer]
      : []
  const mined = record.status === 'confirmed' || record.status === 'failed'
  return {
    hash: record.hash,
    nonce: record.nonce === null ? null : String(record.nonce),
    transaction_index: null,
    from_address: record.from ?? '',
    from_address_label: null,
    to_address: record.to,
    to_address_label: null,
    value,
    gas: null,
    gas_price: null,
    input: null,
    receipt_cumulative_gas_used: null,
    receipt_gas_used: null,
    receipt_contract_address: null,
    receipt_root: null,
    receipt_status: mined ? (record.status === 'confirmed' ? '1' : '0') : null,
    block_timestamp: new Date(record.trackedAt).toISOString(),
    block_number: record.blockNumber === null ? '' : String(record.blockNumber),
    block_hash: null,
    logs: [],
    internal_transactions: [],
    nft_transfers: nfts,
    erc20_transfer: erc20,
    native_transfers: nativeTransfers,
    category: null,
    summary: null,
    method_label: null,
    transaction_fee: null,
    from_address_entity: null,
    from_address_entity_logo: null,
    to_address_entity: null,
    to_address_entity_logo: null,
    possible_spam: false,
  } as TransactionEntry
}
