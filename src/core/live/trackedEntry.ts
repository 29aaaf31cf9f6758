import { erc20Abi, formatUnits, getAddress, parseEventLogs, type Log } from 'viem'
import { getChainInfo } from '../chains.js'
import type { Erc20Transfer, NativeTransfer, NftTransfer, TransactionEntry } from '../history/schema.js'
import type { ReceiptLog, TrackedDisplayOptions, TrackedTokenLookup } from './displayTypes.js'
import { receiptTransfers } from './receipt.js'
import type { TrackedTransaction, TrackedTransferLine } from './record.js'

// A tracked transaction in the history API's shapes, so the feed draws it like an indexed one: its entry, and what
// it moved as transfer items (`erc20_transfer`, `nft_transfers`).

/**
 * Reads the ERC-20 `Transfer` events of a receipt as history-API transfer items, named from what you
 * know of the tokens. ERC-721 transfers (with a fourth topic) and malformed logs are skipped.
 *
 * @param record - The transaction's hash, block number and sender (a tracked record fits).
 * @param logs - The receipt's logs.
 * @param tokens - Symbols and decimals of known tokens ({@link tokenInfoFromEntries}).
 * @returns One `erc20_transfer` item per transfer, in log order.
 * @remarks No request: decoded locally with viem's `parseEventLogs`.
 * @example
 * ```ts
 * import { createClient, transfersFromLogs, type ReceiptLog } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const hash = '0x2a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809'
 * const receipt = await client.rpc({ method: 'eth_getTransactionReceipt', params: [hash] })
 * if (receipt) {
 *   const transfers = transfersFromLogs({ hash, blockNumber: Number(receipt.blockNumber), from: receipt.from }, receipt.logs as ReceiptLog[])
 *   console.log(transfers.map((t) => t.value))
 * }
 * ```
 */
export function transfersFromLogs(
  record: Pick<TrackedTransaction, 'hash' | 'blockNumber' | 'from'>,
  logs: readonly ReceiptLog[],
  tokens?: TrackedTokenLookup,
): Erc20Transfer[] {
  // One log at a time: a malformed one (no topics, bad hex) is skipped, not the whole receipt thrown out.
  // Older viem (2.37) hands a log without topics back with no `args`: kept only when fully decoded.
  const parsed = (Array.isArray(logs) ? logs : []).flatMap((log) => {
    if (log === null || typeof log !== 'object' || !Array.isArray((log as { topics?: unknown }).topics)) return []
    try {
      return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: [log as Log], strict: true }).filter((l) => typeof l.args?.value === 'bigint')
    } catch {
      return []
    }
  })
  return parsed.map((log) => {
    const index = (log as { logIndex?: unknown }).logIndex
    const logIndex = typeof index === 'number' ? index : typeof index === 'string' && /^0x[0-9a-f]+$/i.test(index) ? Number.parseInt(index, 16) : null
    return erc20Entry(record, { token: getAddress(log.address), from: log.args.from, to: log.args.to, amount: log.args.value.toString(), logIndex }, tokens)
  })
}

/** One ERC-20 transfer as the history API's `erc20_transfer` item, named from what the feed knows of the token. */
function erc20Entry(
  record: Pick<TrackedTransaction, 'hash' | 'blockNumber' | 'from'>,
  t: { token: string; from: string; to: string; amount: string; logIndex: number | null },
  tokens: TrackedTokenLookup | undefined,
): Erc20Transfer {
  const info = tokens?.get(t.token.toLowerCase())
  return {
    token_name: info?.name ?? null,
    token_symbol: info?.symbol ?? null,
    token_logo: info?.logo ?? null,
    token_decimals: info?.decimals != null ? String(info.decimals) : null,
    transaction_hash: record.hash,
    address: t.token,
    block_timestamp: null,
    block_number: record.blockNumber === null ? null : String(record.blockNumber),
    block_hash: null,
    to_address: t.to,
    to_address_label: null,
    from_address: t.from,
    from_address_label: null,
    value: t.amount,
    value_formatted: info?.decimals != null ? formatUnits(BigInt(t.amount), info.decimals) : null,
    transaction_index: null,
    log_index: t.logIndex === null ? null : String(t.logIndex),
    possible_spam: false,
    verified_contract: false,
    direction: directionOf(record, t.from, t.to),
  } as Erc20Transfer
}

/** An ERC-721 / ERC-1155 line of the receipt as the history API's `nft_transfers` item. */
function nftEntry(record: Pick<TrackedTransaction, 'hash' | 'blockNumber' | 'from'>, t: TrackedTransferLine): NftTransfer {
  return {
    token_address: t.token,
    token_id: t.tokenId ?? '0',
    from_address: t.from,
    from_address_label: null,
    to_address: t.to,
    to_address_label: null,
    value: null,
    amount: t.amount,
    contract_type: t.kind === 'erc721' ? 'ERC721' : 'ERC1155',
    block_number: record.blockNumber === null ? null : String(record.blockNumber),
    block_timestamp: null,
    block_hash: null,
    transaction_hash: record.hash,
    transaction_type: null,
    transaction_index: null,
    log_index: t.logIndex === null ? null : String(t.logIndex),
    operator: null,
    possible_spam: false,
    verified_collection: false,
    direction: directionOf(record, t.from, t.to),
  } as NftTransfer
}

/** As the history API says it for the wallet that sent the transaction. */
function directionOf(record: Pick<TrackedTransaction, 'from'>, from: string, to: string): 'outgoing' | 'incoming' | null {
  const wallet = record.from?.toLowerCase()
  if (wallet === undefined) return null
  return from.toLowerCase() === wallet ? 'outgoing' : to.toLowerCase() === wallet ? 'incoming' : null
}

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
