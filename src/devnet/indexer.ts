import { decodeAbiParameters, decodeFunctionResult, encodeFunctionData, erc20Abi, formatEther, formatUnits, hexToBigInt, hexToNumber, toEventSelector, type Hex } from 'viem'
import type { NodeRequest } from './node.js'

/**
 * An in-memory index of the node's chain: every block, transaction, receipt, log and call
 * trace, turned into the spec's wire shapes (snake_case, integers as decimal text) and
 * grouped by the addresses each transaction touches.
 */

const TRANSFER = toEventSelector('Transfer(address,address,uint256)')
const TRANSFER_SINGLE = toEventSelector('TransferSingle(address,address,address,uint256,uint256)')
const TRANSFER_BATCH = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])')
const ZERO = '0x0000000000000000000000000000000000000000'
// Blocks fetched per round while catching up.
const CHUNK = 50
// Names and symbols that look like a lure: a link, a domain, or a call to claim.
const SPAM = /https?:|www\.|\.(com|io|xyz|org|net|app|example)\b|claim|reward|airdrop|visit/i

interface RpcLog { address: Hex; topics: Hex[]; data: Hex; logIndex: Hex; transactionIndex: Hex }
interface RpcReceipt {
  transactionHash: Hex; status?: Hex; gasUsed: Hex; cumulativeGasUsed: Hex
  contractAddress: Hex | null; root?: Hex; logs: RpcLog[]; effectiveGasPrice?: Hex
}
interface RpcTx {
  hash: Hex; nonce: Hex; transactionIndex: Hex; from: Hex; to: Hex | null; value: Hex
  gas: Hex; gasPrice?: Hex; input: Hex; type?: Hex
}
interface RpcBlockHead { number: Hex; hash: Hex; parentHash: Hex; timestamp: Hex; transactions: Hex[] }
interface RpcBlock extends Omit<RpcBlockHead, 'transactions'> { transactions: RpcTx[] }
interface CallFrame {
  type: string; from: Hex; to?: Hex; value?: Hex; gas?: Hex; gasUsed?: Hex
  input?: Hex; output?: Hex; error?: string; calls?: CallFrame[]
}

export interface TokenInfo { name: string | null; symbol: string | null; decimals: number | null; possibleSpam: boolean }

/** A native-currency move that really happened (reverted frames excluded). */
export interface NativeMove { from: string; to: string; value: bigint; internal: boolean }

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
  private readonly tokens = new Map<string, Promise<TokenInfo>>()
  private transactions = 0
  private lock: Promise<void> = Promise.resolve()
  private tracing: 'parity' | 'block' | 'transaction' | 'none'
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(
    private readonly request: NodeRequest,
    private readonly options: {
      onError?: (error: unknown) => void
      /** Which trace method to try first (tests compare them); `trace_block` by default. */
      tracing?: 'parity' | 'block' | 'transaction'
    } = {},
  ) {
    this.tracing = options.tracing ?? 'parity'
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
        last < 0 ? null : (this.request('eth_getBlockByNumber', [`0x${last.toString(16)}`, false]) as Promise<RpcBlockHead | null>),
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

  private async catchUp(head: number): Promise<void> {
    while (this.blockHashes.length <= head) {
      const from = this.blockHashes.length
      const to = Math.min(head, from + CHUNK - 1)
      const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
      // Blocks with hashes only, then transactions by hash: anvil builds full blocks about 3 times slower.
      const heads = (await Promise.all(
        numbers.map((n) => this.request('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])),
      )) as (RpcBlockHead | null)[]
      const first = heads[0]
      if (!first) return
      if (from > 0 && first.parentHash !== this.blockHashes[from - 1]) {
        this.reset()
        continue
      }
      const blocks = heads.filter((b): b is RpcBlockHead => b !== null && b.transactions.length > 0)
      const [withTxs, receipts, traces] = await Promise.all([
        Promise.all(
          blocks.map(async (b) => ({
            ...b,
            transactions: (await Promise.all(b.transactions.map((h) => this.request('eth_getTransactionByHash', [h])))) as RpcTx[],
          })),
        ),
        Promise.all(blocks.map((b) => this.request('eth_getBlockReceipts', [b.number]) as Promise<RpcReceipt[]>)),
        this.traceBlocks(blocks),
      ])
      await this.tokenInfos(receipts.flat())
      for (const [i, block] of withTxs.entries()) {
        await this.indexBlock(block, receipts[i] ?? [], traces[i] ?? [])
      }
      for (const b of heads) if (b) this.blockHashes.push(b.hash)
    }
  }

  private reset(): void {
    this.byAddress.clear()
    this.tokens.clear()
    this.blockHashes.length = 0
    this.transactions = 0
  }

  /**
   * Call traces per block as callTracer trees. `trace_block` first: anvil answers it from
   * recorded traces, about 25 times faster than re-executing for `debug_traceBlockByNumber`.
   * Then callTracer per block, then per transaction; none when the node traces nothing.
   */
  private async traceBlocks(blocks: RpcBlockHead[]): Promise<(CallFrame | undefined)[][]> {
    const tracer = { tracer: 'callTracer' }
    if (this.tracing === 'parity') {
      try {
        const out = (await Promise.all(blocks.map((b) => this.request('trace_block', [b.number])))) as ParityTrace[][]
        return out.map((traces, i) => fromParityTraces(traces, blocks[i]!.transactions))
      } catch {
        this.tracing = 'block'
      }
    }
    if (this.tracing === 'block') {
      try {
        const out = (await Promise.all(
          blocks.map((b) => this.request('debug_traceBlockByNumber', [b.number, tracer])),
        )) as { result: CallFrame }[][]
        return out.map((list) => list.map((t) => t.result))
      } catch {
        this.tracing = 'transaction'
      }
    }
    if (this.tracing === 'transaction') {
      try {
        return await Promise.all(
          blocks.map((b) =>
            Promise.all(b.transactions.map((h) => this.request('debug_traceTransaction', [h, tracer]) as Promise<CallFrame>)),
          ),
        )
      } catch {
        this.tracing = 'none'
      }
    }
    return blocks.map(() => [])
  }

  /** Name, symbol and decimals of every contract that emitted a Transfer, read once per contract. */
  private async tokenInfos(receipts: RpcReceipt[]): Promise<void> {
    const addresses = new Set<string>()
    for (const r of receipts) for (const l of r.logs) if (l.topics[0] === TRANSFER) addresses.add(l.address.toLowerCase())
    await Promise.all([...addresses].map((a) => this.token(a)))
  }

  private token(address: string): Promise<TokenInfo> {
    let info = this.tokens.get(address)
    if (!info) {
      info = this.readToken(address)
      this.tokens.set(address, info)
    }
    return info
  }

  private async readToken(address: string): Promise<TokenInfo> {
    const read = async (functionName: 'name' | 'symbol' | 'decimals') => {
      try {
        const data = (await this.request('eth_call', [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'])) as Hex
        return decodeFunctionResult({ abi: erc20Abi, functionName, data }) as string | number
      } catch {
        return null
      }
    }
    const [name, symbol, decimals] = await Promise.all([read('name'), read('symbol'), read('decimals')])
    const info = {
      name: typeof name === 'string' ? name : null,
      symbol: typeof symbol === 'string' ? symbol : null,
      decimals: typeof decimals === 'number' ? decimals : null,
    }
    return { ...info, possibleSpam: SPAM.test(`${info.name ?? ''} ${info.symbol ?? ''}`) }
  }

  /** `tokenURI(id)` (ERC-721) or `uri(id)` (ERC-1155) of a collection, with `{id}` filled in; null when it has none. */
  async tokenUri(address: string, tokenId: string, contractType: string): Promise<string | null> {
    const abi = [
      { type: 'function', name: 'tokenURI', stateMutability: 'view', inputs: [{ name: 'id', type: 'uint256' }], outputs: [{ name: '', type: 'string' }] },
      { type: 'function', name: 'uri', stateMutability: 'view', inputs: [{ name: 'id', type: 'uint256' }], outputs: [{ name: '', type: 'string' }] },
    ] as const
    const functionName = contractType === 'ERC1155' ? 'uri' : 'tokenURI'
    try {
      const data = (await this.request('eth_call', [
        { to: address, data: encodeFunctionData({ abi, functionName, args: [BigInt(tokenId)] }) },
        'latest',
      ])) as Hex
      const uri = decodeFunctionResult({ abi, functionName, data })
      return uri.replaceAll('{id}', BigInt(tokenId).toString(16).padStart(64, '0'))
    } catch {
      return null
    }
  }

  private async indexBlock(block: RpcBlock, receipts: RpcReceipt[], traces: (CallFrame | undefined)[]): Promise<void> {
    const blockNumber = hexToNumber(block.number)
    const timestamp = hexToNumber(block.timestamp)
    const blockTimestamp = new Date(timestamp * 1000).toISOString()
    const common = { block_number: String(blockNumber), block_hash: block.hash, block_timestamp: blockTimestamp }
    const receiptByHash = new Map(receipts.map((r) => [r.transactionHash, r]))

    for (const [i, tx] of block.transactions.entries()) {
      const receipt = receiptByHash.get(tx.hash)
      if (!receipt) continue
      const trace = traces[i]
      const txIndex = hexToNumber(tx.transactionIndex)
      const succeeded = receipt.status === undefined || receipt.status === '0x1'
      const from = tx.from.toLowerCase()
      const to = tx.to?.toLowerCase() ?? null
      const created = receipt.contractAddress?.toLowerCase() ?? ''
      const touched = new Set<string>([from])
      if (to) touched.add(to)
      if (created) touched.add(created)

      const logs = receipt.logs.map((l) => ({
        log_index: String(hexToNumber(l.logIndex)),
        transaction_hash: tx.hash,
        transaction_index: String(txIndex),
        address: l.address.toLowerCase(),
        data: l.data,
        topic0: l.topics[0] ?? null,
        topic1: l.topics[1] ?? null,
        topic2: l.topics[2] ?? null,
        topic3: l.topics[3] ?? null,
        ...common,
      }))

      const erc20Transfers: Record<string, unknown>[] = []
      const nftTransfers: Record<string, unknown>[] = []
      for (const l of receipt.logs) {
        const address = l.address.toLowerCase()
        const logIndex = hexToNumber(l.logIndex)
        const nftCommon = {
          token_address: address,
          value: hexToBigInt(tx.value).toString(),
          ...common,
          transaction_hash: tx.hash,
          transaction_index: String(txIndex),
          log_index: String(logIndex),
          verified_collection: 'false',
        }
        if (l.topics[0] === TRANSFER && l.topics.length === 3) {
          const t = await this.token(address)
          const value = l.data === '0x' ? 0n : hexToBigInt(l.data)
          const fromA = topicAddress(l.topics[1]!)
          const toA = topicAddress(l.topics[2]!)
          touched.add(fromA).add(toA)
          erc20Transfers.push({
            token_name: t.name,
            token_symbol: t.symbol,
            token_logo: null,
            token_decimals: t.decimals === null ? null : String(t.decimals),
            transaction_hash: tx.hash,
            address,
            ...common,
            to_address: toA,
            to_address_label: null,
            from_address: fromA,
            from_address_label: null,
            value: value.toString(),
            value_formatted: t.decimals === null ? null : formatUnits(value, t.decimals),
            // The spec's table shows these two as numbers.
            transaction_index: txIndex,
            log_index: logIndex,
            possible_spam: String(t.possibleSpam),
            verified_contract: 'false',
          })
        } else if (l.topics[0] === TRANSFER && l.topics.length === 4) {
          const fromA = topicAddress(l.topics[1]!)
          const toA = topicAddress(l.topics[2]!)
          touched.add(fromA).add(toA)
          const t = await this.token(address)
          nftTransfers.push({
            ...nftCommon,
            token_id: hexToBigInt(l.topics[3]!).toString(),
            from_address: fromA, from_address_label: null,
            to_address: toA, to_address_label: null,
            amount: '1',
            contract_type: 'ERC721',
            transaction_type: 'Single',
            operator: null,
            possible_spam: String(t.possibleSpam),
          })
        } else if ((l.topics[0] === TRANSFER_SINGLE || l.topics[0] === TRANSFER_BATCH) && l.topics.length === 4) {
          const operator = topicAddress(l.topics[1]!)
          const fromA = topicAddress(l.topics[2]!)
          const toA = topicAddress(l.topics[3]!)
          touched.add(fromA).add(toA)
          const single = l.topics[0] === TRANSFER_SINGLE
          const [ids, amounts] = single
            ? decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], l.data).map((v) => [v])
            : decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], l.data)
          for (const [k, id] of (ids as readonly bigint[]).entries()) {
            nftTransfers.push({
              ...nftCommon,
              token_id: id.toString(),
              from_address: fromA, from_address_label: null,
              to_address: toA, to_address_label: null,
              amount: ((amounts as readonly bigint[])[k] ?? 0n).toString(),
              contract_type: 'ERC1155',
              transaction_type: single ? 'Single' : 'Batch',
              operator,
              possible_spam: 'false',
            })
          }
        }
      }

      const internalTransactions: Record<string, unknown>[] = []
      const nativeMoves: NativeMove[] = []
      if (succeeded && hexToBigInt(tx.value) > 0n) nativeMoves.push({ from, to: to ?? created, value: hexToBigInt(tx.value), internal: false })
      const walk = (frame: CallFrame, reverted: boolean) => {
        for (const call of frame.calls ?? []) {
          const failed = reverted || call.error !== undefined
          const value = call.value ? hexToBigInt(call.value) : 0n
          const callTo = call.to?.toLowerCase() ?? null
          internalTransactions.push({
            transaction_hash: tx.hash,
            block_number: common.block_number,
            block_hash: common.block_hash,
            type: call.type,
            from: call.from.toLowerCase(),
            to: callTo,
            value: value.toString(),
            gas: call.gas ? hexToBigInt(call.gas).toString() : null,
            gas_used: call.gasUsed ? hexToBigInt(call.gasUsed).toString() : null,
            input: call.input ?? '0x',
            output: call.output ?? '0x',
            ...(call.error ? { error: call.error } : {}),
          })
          if (!failed && value > 0n && callTo) {
            nativeMoves.push({ from: call.from.toLowerCase(), to: callTo, value, internal: true })
            touched.add(call.from.toLowerCase()).add(callTo)
          }
          walk(call, failed)
        }
      }
      if (trace) walk(trace, !succeeded)

      const gasPrice = receipt.effectiveGasPrice ?? tx.gasPrice ?? '0x0'
      const indexed: IndexedTransaction = {
        blockNumber,
        transactionIndex: txIndex,
        timestamp,
        input: tx.input,
        internalTransactions,
        nativeMoves,
        nftTransfers,
        erc20Transfers,
        entry: {
          hash: tx.hash,
          nonce: hexToBigInt(tx.nonce).toString(),
          transaction_index: String(txIndex),
          from_address: from,
          from_address_label: null,
          to_address: to,
          to_address_label: null,
          value: hexToBigInt(tx.value).toString(),
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
          logs,
        },
      }
      touched.delete(ZERO)
      for (const a of touched) {
        let list = this.byAddress.get(a)
        if (!list) this.byAddress.set(a, (list = []))
        list.push(indexed)
      }
      this.transactions++
    }
  }
}

interface ParityTrace {
  type: string
  action: { from?: Hex; to?: Hex; callType?: string; value?: Hex; gas?: Hex; input?: Hex; init?: Hex; address?: Hex; refundAddress?: Hex; balance?: Hex }
  result?: { gasUsed?: Hex; output?: Hex; address?: Hex; code?: Hex } | null
  error?: string
  traceAddress: number[]
  transactionHash?: Hex
}

/** Parity-style flat traces (in call order) rebuilt as one callTracer tree per transaction. */
function fromParityTraces(traces: ParityTrace[], txs: Hex[]): (CallFrame | undefined)[] {
  const roots = new Map<string, CallFrame>()
  const frames = new Map<string, CallFrame>()
  for (const t of traces) {
    if (!t.transactionHash) continue
    const a = t.action
    const frame: CallFrame = t.type === 'suicide'
      ? { type: 'SELFDESTRUCT', from: a.address!, to: a.refundAddress, value: a.balance }
      : {
          type: t.type === 'call' ? (a.callType ?? 'call').toUpperCase() : t.type.toUpperCase(),
          from: a.from!,
          to: a.to ?? t.result?.address,
          value: a.value,
          gas: a.gas,
          gasUsed: t.result?.gasUsed,
          input: a.input ?? a.init,
          output: t.result?.output ?? t.result?.code,
        }
    if (t.error) frame.error = t.error
    const key = `${t.transactionHash}/${t.traceAddress.join('.')}`
    frames.set(key, frame)
    if (t.traceAddress.length === 0) roots.set(t.transactionHash, frame)
    else {
      const parent = frames.get(`${t.transactionHash}/${t.traceAddress.slice(0, -1).join('.')}`)
      if (parent) (parent.calls ??= []).push(frame)
    }
  }
  return txs.map((hash) => roots.get(hash))
}

function topicAddress(topic: Hex): string {
  return `0x${topic.slice(26)}`.toLowerCase()
}

/** The JSON of a `data:` URI (base64 or plain), or null for anything else (the devnet fetches nothing). */
export function readDataUri(uri: string | null): string | null {
  if (!uri) return null
  const m = /^data:application\/json(;[^,]*)?,(.*)$/s.exec(uri)
  if (!m) return null
  try {
    const body = m[2]!
    const text = m[1]?.includes('base64') ? Buffer.from(body, 'base64').toString('utf8') : body.includes('%') ? decodeURIComponent(body) : body
    JSON.parse(text)
    return text
  } catch {
    return null
  }
}
