import { formatEther, hexToBigInt, hexToNumber, type Hash, type Hex, type RpcBlock, type RpcTransaction, type RpcTransactionReceipt, zeroAddress } from 'viem'
import type { NodeRequest } from './node.js'
import { KnownContracts } from './methods.js'
import { isoTimestamp } from './time.js'
import { TokenReader } from './tokens.js'
import { BlockTracer, internalCalls, type CallFrame, type NativeMove, type TracingMethod } from './traces.js'
import { decodeTransfers, transferEmitters, transfersOf, type DecodedTransfer } from './transfers.js'

/**
 * An in-memory index of the node's chain: every block, transaction, receipt, log and call
 * trace, turned into the spec's wire shapes (snake_case, integers as decimal text) and
 * grouped by the addresses each transaction touches. Follows the chain and starts again
 * from genesis when the node replaces blocks. Decoding lives in tokens.ts (token data),
 * transfers.ts (logs), traces.ts (internal calls) and time.ts (block timestamps).
 */

// Blocks fetched per round while catching up.
const CHUNK = 50

type BlockHead = RpcBlock<'latest', false>
type Block = RpcBlock<'latest', true, RpcTransaction<false>>

export interface IndexedTransaction {
  blockNumber: number
  transactionIndex: number
  /** Unix seconds. */
  timestamp: number
  /** The spec's transaction entry without the wallet-dependent parts. */
  entry: Record<string, unknown>
  input: string
  internalTransactions: Record<string, unknown>[]
  nativeMoves: NativeMove[]
  nftTransfers: Record<string, unknown>[]
  erc20Transfers: Record<string, unknown>[]
}

export interface IndexerStats { blocks: number; transactions: number; head: number }

export class Indexer {
  readonly byAddress = new Map<string, IndexedTransaction[]>()
  private readonly blockHashes: string[] = []
  private readonly tokens: TokenReader
  private readonly tracer: BlockTracer
  // Contracts created from the devnet's own artifacts: their calls get a `method_label`, as a hosted service gives.
  private readonly contracts = new KnownContracts()
  private transactions = 0
  private lock: Promise<void> = Promise.resolve()
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(
    private readonly request: NodeRequest,
    private readonly options: {
      onError?: (error: unknown) => void
      /** Which trace method to try first (tests compare them); `trace_block` by default. */
      tracing?: TracingMethod
    } = {},
  ) {
    this.tokens = new TokenReader(request)
    this.tracer = new BlockTracer(request, options.tracing ?? 'parity')
  }

  get stats(): IndexerStats {
    return { blocks: this.blockHashes.length, transactions: this.transactions, head: this.blockHashes.length - 1 }
  }

  /** Indexes up to the node's current head. Calls run one after another, so each returns with the index covering the head it saw. */
  sync(): Promise<void> {
    const run = this.lock.then(async () => {
      const last = this.blockHashes.length - 1
      const [head, lastBlock] = await Promise.all([
        this.request('eth_blockNumber') as Promise<Hex>,
        last < 0 ? null : (this.request('eth_getBlockByNumber', [`0x${last.toString(16)}`, false]) as Promise<BlockHead | null>),
      ])
      // The node went back or replaced blocks (anvil_reset, evm_revert): index again from genesis.
      if (last >= 0 && lastBlock?.hash !== this.blockHashes[last]) this.reset()
      await this.catchUp(hexToNumber(head))
    })
    this.lock = run.catch(() => {})
    return run
  }

  /** Follows new blocks by polling the node. */
  follow(intervalMs = 250): void {
    if (this.timer) return
    this.timer = setInterval(() => {
      this.sync().catch((e: unknown) => this.options.onError?.(e))
    }, intervalMs)
    this.timer.unref?.()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.lock
  }

  /** `tokenURI(id)` (ERC-721) or `uri(id)` (ERC-1155) of a collection, with `{id}` filled in; null when it has none. */
  tokenUri(address: string, tokenId: string, contractType: string): Promise<string | null> {
    return this.tokens.uri(address, tokenId, contractType)
  }

  private async catchUp(head: number): Promise<void> {
    while (this.blockHashes.length <= head) {
      const from = this.blockHashes.length
      const to = Math.min(head, from + CHUNK - 1)
      const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
      // Blocks with hashes only, then transactions by hash: anvil builds full blocks about 3 times slower.
      const heads = (await Promise.all(
        numbers.map((n) => this.request('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])),
      )) as (BlockHead | null)[]
      const first = heads[0]
      if (!first) return
      if (from > 0 && first.parentHash !== this.blockHashes[from - 1]) {
        this.reset()
        continue
      }
      const blocks = heads.filter((b): b is BlockHead => b !== null && b.transactions.length > 0)
      const [withTxs, receipts, traces] = await Promise.all([
        Promise.all(
          blocks.map(async (b): Promise<Block> => ({
            ...b,
            transactions: (await Promise.all(b.transactions.map((h) => this.request('eth_getTransactionByHash', [h])))) as RpcTransaction<false>[],
          })),
        ),
        Promise.all(blocks.map((b) => this.request('eth_getBlockReceipts', [b.number]) as Promise<RpcTransactionReceipt[]>)),
        this.tracer.trace(blocks),
      ])
      // One decoding pass for the whole round, grouped back by transaction.
      const decoded = decodeTransfers(receipts.flat().flatMap((r) => r.logs))
      const transfersByTx = new Map<Hash | null, DecodedTransfer[]>()
      for (const l of decoded) {
        const list = transfersByTx.get(l.transactionHash)
        if (list) list.push(l)
        else transfersByTx.set(l.transactionHash, [l])
      }
      await Promise.all([...transferEmitters(decoded)].map((a) => this.tokens.info(a)))
      for (const [i, block] of withTxs.entries()) {
        await this.indexBlock(block, receipts[i] ?? [], traces[i] ?? [], transfersByTx)
      }
      for (const b of heads) if (b) this.blockHashes.push(b.hash)
    }
  }

  private reset(): void {
    this.byAddress.clear()
    this.tokens.clear()
    this.contracts.clear()
    this.blockHashes.length = 0
    this.transactions = 0
  }

  private async indexBlock(
    block: Block,
    receipts: RpcTransactionReceipt[],
    traces: (CallFrame | undefined)[],
    transfersByTx: ReadonlyMap<Hash | null, DecodedTransfer[]>,
  ): Promise<void> {
    const receiptByHash = new Map<Hash, RpcTransactionReceipt>(receipts.map((r) => [r.transactionHash, r]))
    for (const [i, tx] of block.transactions.entries()) {
      const receipt = receiptByHash.get(tx.hash)
      if (!receipt) continue
      const methodLabel = this.contracts.methodLabel(tx.to, tx.input)
      if (receipt.contractAddress && receipt.status !== '0x0') this.contracts.created(receipt.contractAddress, tx.input)
      const indexed = await indexTransaction(block, tx, receipt, transfersByTx.get(tx.hash) ?? [], traces[i], { tokens: this.tokens, methodLabel })
      for (const a of indexed.touched) {
        let list = this.byAddress.get(a)
        if (!list) this.byAddress.set(a, (list = []))
        list.push(indexed.transaction)
      }
      this.transactions++
    }
  }
}

/** A receipt's logs as the history's entry lists them. */
function entryLogs(receipt: RpcTransactionReceipt, hash: Hex, txIndex: number, common: { block_number: string; block_hash: Hex; block_timestamp: string }) {
  return receipt.logs.map((l) => ({
    log_index: String(hexToNumber(l.logIndex)),
    transaction_hash: hash,
    transaction_index: String(txIndex),
    address: l.address.toLowerCase(),
    data: l.data,
    topic0: l.topics[0] ?? null,
    topic1: l.topics[1] ?? null,
    topic2: l.topics[2] ?? null,
    topic3: l.topics[3] ?? null,
    ...common,
  }))
}

/** One transaction as the history serves it, and every address it touched (the zero address left out). */
async function indexTransaction(
  block: Block,
  tx: RpcTransaction<false>,
  receipt: RpcTransactionReceipt,
  decoded: readonly DecodedTransfer[],
  trace: CallFrame | undefined,
  known: { tokens: TokenReader; methodLabel: string | null },
): Promise<{ transaction: IndexedTransaction; touched: Set<string> }> {
  const blockNumber = hexToNumber(block.number)
  // Any uint64: beyond 2^53 the number (used only to compare with date bounds) is close enough.
  const seconds = hexToBigInt(block.timestamp)
  const timestamp = Number(seconds)
  const blockTimestamp = isoTimestamp(seconds)
  const common = { block_number: String(blockNumber), block_hash: block.hash, block_timestamp: blockTimestamp }
  const txIndex = hexToNumber(tx.transactionIndex)
  // Receipts before Byzantium have a state root instead of a status.
  const status = receipt.status as Hex | undefined
  const succeeded = status === undefined || status === '0x1'
  const from = tx.from.toLowerCase()
  const to = tx.to?.toLowerCase() ?? null
  const created = receipt.contractAddress?.toLowerCase() ?? ''
  const value = hexToBigInt(tx.value)
  const touched = new Set<string>([from])
  if (to) touched.add(to)
  if (created) touched.add(created)

  const logs = entryLogs(receipt, tx.hash, txIndex, common)

  const transfers = await transfersOf(decoded, { hash: tx.hash, transactionIndex: txIndex, value: value.toString(), block: common }, known.tokens)
  for (const a of transfers.touched) touched.add(a)

  const calls = internalCalls(trace, { hash: tx.hash, blockNumber: common.block_number, blockHash: block.hash, succeeded })
  const nativeMoves: NativeMove[] = []
  if (succeeded && value > 0n) nativeMoves.push({ from, to: to ?? created, value, internal: false })
  for (const m of calls.moves) {
    nativeMoves.push(m)
    touched.add(m.from).add(m.to)
  }

  const gasPrice = receipt.effectiveGasPrice ?? tx.gasPrice ?? '0x0'
  touched.delete(zeroAddress)
  return {
    touched,
    transaction: {
      blockNumber,
      transactionIndex: txIndex,
      timestamp,
      input: tx.input,
      internalTransactions: calls.internalTransactions,
      nativeMoves,
      nftTransfers: transfers.nftTransfers,
      erc20Transfers: transfers.erc20Transfers,
      entry: {
        hash: tx.hash,
        nonce: hexToBigInt(tx.nonce).toString(),
        transaction_index: String(txIndex),
        from_address: from,
        from_address_label: null,
        to_address: to,
        to_address_label: null,
        value: value.toString(),
        gas: hexToBigInt(tx.gas).toString(),
        gas_price: hexToBigInt(gasPrice).toString(),
        input: tx.input,
        receipt_cumulative_gas_used: hexToBigInt(receipt.cumulativeGasUsed).toString(),
        receipt_gas_used: hexToBigInt(receipt.gasUsed).toString(),
        receipt_contract_address: created,
        receipt_root: receipt.root ?? '',
        receipt_status: succeeded ? '1' : '0',
        block_timestamp: blockTimestamp,
        block_number: String(blockNumber),
        block_hash: block.hash,
        transaction_fee: formatEther(hexToBigInt(receipt.gasUsed) * hexToBigInt(gasPrice)),
        method_label: known.methodLabel,
        logs,
      },
    },
  }
}
