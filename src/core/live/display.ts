import { erc20Abi, formatUnits, getAddress, parseEventLogs, parseTransaction, type Hex, type Log } from 'viem'
import { getChainInfo } from '../chains.js'
import type { Erc20Transfer, NativeTransfer, NftTransfer, TransactionEntry } from '../history/schema.js'
import { receiptTransfers } from './receipt.js'
import type { TrackedTransaction, TrackedTransferLine } from './record.js'

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

function tokenAmount(raw: string, info: TrackedTokenInfo | undefined): string {
  return info?.decimals != null ? formatUnits(BigInt(raw), info.decimals) : raw
}

/**
 * Says what a tracked transaction does, as facts to word ("Sending 25 USDC to 0x12ab…cd34"), from what is
 * known before it is indexed (decoded calldata, value).
 *
 * @param record - A record from the tracker.
 * @param options - `tokens`: symbols and decimals of known tokens ({@link tokenInfoFromEntries}).
 * @returns Its kind, stage, amount, symbol, token and recipient.
 * @remarks No request.
 * @example
 * ```ts
 * import { createClient, createTransactionTracker, summarizeTracked } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const tracker = createTransactionTracker({ client })
 * for (const record of tracker.list()) {
 *   const s = summarizeTracked(record)
 *   console.log(s.stage, s.kind, s.amount, s.symbol, 'to', s.to)
 * }
 * ```
 */
export function summarizeTracked(record: TrackedTransaction, options: Pick<TrackedDisplayOptions, 'tokens'> = {}): TrackedSummary {
  const stage = record.status === 'confirmed' ? 'sent' : record.status === 'pending' ? 'sending' : 'ended'
  const native = getChainInfo(record.chain)?.nativeCurrency
  let parts: TrackedSummary
  if (record.tokenTransfer) {
    const t = record.tokenTransfer
    const info = options.tokens?.get(t.token.toLowerCase())
    parts = { kind: 'token', stage, amount: tokenAmount(t.amount, info), symbol: info?.symbol ?? null, token: t.token, to: t.to }
  } else if (record.from === null) {
    parts = { kind: 'unknown', stage, amount: null, symbol: null, token: null, to: null }
  } else if (record.to === null) {
    parts = { kind: 'deploy', stage, amount: null, symbol: null, token: null, to: null }
  } else {
    const value = record.value !== null && record.value !== '0' ? formatUnits(BigInt(record.value), native?.decimals ?? 18) : null
    // Calldata that is not an ERC-20 transfer is a contract call; only `raw` tells them apart, so without it a value is a plain send.
    const isCall = record.raw !== null && !isPlainSend(record.raw)
    parts = isCall
      ? { kind: 'call', stage, amount: value, symbol: native?.symbol ?? null, token: null, to: record.to }
      : { kind: 'native', stage, amount: value ?? '0', symbol: native?.symbol ?? null, token: null, to: record.to }
  }
  return parts
}

/** True when the signed transaction carries no calldata (a record keeps only `raw`, so it is decoded here, once per raw). */
function isPlainSend(raw: string): boolean {
  const known = plainSends.get(raw)
  if (known !== undefined) return known
  let plain = true
  try {
    const data = parseTransaction(raw as Hex).data
    plain = data === undefined || data === '0x'
  } catch {
    // A raw that does not decode was refused by `track`; shown as a plain send.
  }
  if (plainSends.size > 500) plainSends.clear()
  plainSends.set(raw, plain)
  return plain
}
const plainSends = new Map<string, boolean>()

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
