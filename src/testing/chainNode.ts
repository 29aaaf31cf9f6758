import { decodeFunctionData, encodeFunctionResult, erc20Abi, numberToHex, type Hex } from 'viem'
import { getChainInfo, type ChainName } from '../core/chains.js'
import { FIXTURE_NOW, chainProfiles, counterparties, erc20Tokens, nftCollections, tokenAddress, type Erc20Token } from './catalogue.js'
import { chainTransactions, walletNameOf, type FixtureTransaction } from './history.js'
import { addressOf, createRng, hashOf } from './prng.js'
import type { RawEntry } from './wire.js'

/**
 * The fixture chains as a node shows them: blocks, transactions, receipts and logs built from
 * the fixture transactions, so the feed and the JSON-RPC answers agree.
 */

/** A JSON-RPC error a method answers with (code and message, as a node sends them). */
export class RpcFault extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export const hex = (v: bigint | number) => numberToHex(v)
export const big = (v: unknown) => BigInt(String(v ?? 0))
const EMPTY_UNCLES = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347'
const EMPTY_BLOOM = `0x${'0'.repeat(512)}`

interface ChainIndex {
  byBlock: Map<number, FixtureTransaction[]>
  byHash: Map<string, FixtureTransaction>
  blockByHash: Map<string, number>
  tokens: Map<string, Erc20Token>
  contracts: Set<string>
}

const indexes = new Map<ChainName, ChainIndex>()

export function indexOf(chain: ChainName): ChainIndex {
  const hit = indexes.get(chain)
  if (hit) return hit
  const index: ChainIndex = { byBlock: new Map(), byHash: new Map(), blockByHash: new Map(), tokens: new Map(), contracts: new Set() }
  for (const tx of chainTransactions(chain)) {
    const list = index.byBlock.get(tx.blockNumber) ?? []
    list.push(tx)
    index.byBlock.set(tx.blockNumber, list)
    index.byHash.set(tx.raw.hash, tx)
    index.blockByHash.set(blockHash(chain, tx.blockNumber), tx.blockNumber)
  }
  for (const list of index.byBlock.values()) list.sort((a, b) => Number(big(a.raw.transaction_index) - big(b.raw.transaction_index)))
  const head = chainProfiles[chain].head
  for (let n = head - 256; n <= head; n++) index.blockByHash.set(blockHash(chain, n), n)
  for (const token of Object.values(erc20Tokens)) index.tokens.set(tokenAddress(chain, token.key), token)
  for (const key of Object.keys(nftCollections)) index.contracts.add(tokenAddress(chain, key))
  for (const party of [counterparties.router, counterparties.bridge, counterparties.marketplace]) index.contracts.add(party.address)
  indexes.set(chain, index)
  return index
}

export const blockHash = (chain: ChainName, n: number) => hashOf(`block:${chain}:${n}`)

function blockTime(chain: ChainName, n: number): number {
  const p = chainProfiles[chain]
  return Math.floor(FIXTURE_NOW / 1000) - (p.head - n) * p.blockTimeSeconds
}

export function resolveBlock(chain: ChainName, tag: unknown, at: string): number {
  const head = chainProfiles[chain].head
  if (tag === undefined || tag === null || tag === 'latest' || tag === 'pending' || tag === 'safe') return head
  if (tag === 'finalized') return head - 64
  if (tag === 'earliest') return 0
  if (typeof tag === 'string' && /^0x[0-9a-fA-F]+$/.test(tag)) return Number.parseInt(tag, 16)
  if (typeof tag === 'number' && Number.isSafeInteger(tag)) return tag
  throw new RpcFault(-32602, `invalid block tag at ${at}`)
}

export function address(value: unknown, at: string): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw new RpcFault(-32602, `invalid address at ${at}`)
  return value.toLowerCase()
}

export function hash32(value: unknown, at: string): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) throw new RpcFault(-32602, `invalid hash at ${at}`)
  return value.toLowerCase()
}

export function rpcTransaction(chain: ChainName, tx: FixtureTransaction) {
  const r = tx.raw
  return {
    hash: r.hash,
    nonce: hex(big(r.nonce)),
    blockHash: blockHash(chain, tx.blockNumber),
    blockNumber: hex(tx.blockNumber),
    transactionIndex: hex(big(r.transaction_index)),
    from: r.from_address,
    to: r.to_address ?? null,
    value: hex(big(r.value)),
    gas: hex(big(r.gas)),
    gasPrice: hex(big(r.gas_price)),
    input: r.input,
    type: '0x0',
    chainId: hex(getChainInfo(chain)?.chainId ?? 1),
    v: '0x25',
    r: hashOf(`r:${r.hash}`),
    s: hashOf(`s:${r.hash}`),
  }
}

export function rpcLogs(chain: ChainName, tx: FixtureTransaction) {
  const logs = (tx.raw.logs as Record<string, unknown>[] | undefined) ?? []
  return logs.map((l) => ({
    address: l.address,
    topics: [l.topic0, l.topic1, l.topic2, l.topic3].filter((t) => typeof t === 'string'),
    data: l.data,
    blockNumber: hex(tx.blockNumber),
    blockHash: blockHash(chain, tx.blockNumber),
    transactionHash: tx.raw.hash,
    transactionIndex: hex(big(tx.raw.transaction_index)),
    logIndex: hex(big(l.log_index)),
    removed: false,
  }))
}

export function rpcReceipt(chain: ChainName, tx: FixtureTransaction) {
  const r: RawEntry = tx.raw
  return {
    transactionHash: r.hash,
    transactionIndex: hex(big(r.transaction_index)),
    blockHash: blockHash(chain, tx.blockNumber),
    blockNumber: hex(tx.blockNumber),
    from: r.from_address,
    to: r.to_address ?? null,
    cumulativeGasUsed: hex(big(r.receipt_cumulative_gas_used)),
    gasUsed: hex(big(r.receipt_gas_used)),
    effectiveGasPrice: hex(big(r.gas_price)),
    contractAddress: r.receipt_contract_address || null,
    logs: rpcLogs(chain, tx),
    logsBloom: EMPTY_BLOOM,
    status: r.receipt_status === '0' ? '0x0' : '0x1',
    type: '0x0',
  }
}

export function rpcBlock(chain: ChainName, n: number, fullTx: boolean) {
  if (n > chainProfiles[chain].head || n < 0) return null
  const txs = indexOf(chain).byBlock.get(n) ?? []
  const gasUsed = txs.reduce((sum, t) => sum + big(t.raw.receipt_gas_used), 0n) + BigInt(createRng(`gas:${chain}:${n}`).int(8_000_000, 14_000_000))
  return {
    number: hex(n),
    hash: blockHash(chain, n),
    parentHash: blockHash(chain, n - 1),
    nonce: '0x0000000000000000',
    sha3Uncles: EMPTY_UNCLES,
    logsBloom: EMPTY_BLOOM,
    transactionsRoot: hashOf(`txroot:${chain}:${n}`),
    stateRoot: hashOf(`state:${chain}:${n}`),
    receiptsRoot: hashOf(`receipts:${chain}:${n}`),
    miner: addressOf(`miner:${chain}`),
    difficulty: '0x0',
    totalDifficulty: '0x0',
    extraData: '0x',
    size: hex(1_000 + txs.length * 180),
    gasLimit: hex(30_000_000),
    gasUsed: hex(gasUsed),
    baseFeePerGas: hex(baseFee(chain, n)),
    timestamp: hex(blockTime(chain, n)),
    mixHash: hashOf(`mix:${chain}:${n}`),
    transactions: fullTx ? txs.map((t) => rpcTransaction(chain, t)) : txs.map((t) => t.raw.hash),
    uncles: [],
    withdrawals: [],
    withdrawalsRoot: hashOf(`withdrawals:${chain}:${n}`),
  }
}

export function baseFee(chain: ChainName, n: number): bigint {
  const [low, high] = chainProfiles[chain].gasGwei
  return BigInt(createRng(`base:${chain}:${n}`).int(low * 1000, high * 1000)) * 10n ** 6n
}

export function balanceOf(chain: ChainName, who: string): bigint {
  const name = walletNameOf(who)
  if (name === 'empty') return 0n
  const fixed = { rich: 12_345_678_900_000_000_000n, huge: 3_141_592_653_589_793_238n, fresh: 420_000_000_000_000_000n }
  if (name) return chain === 'eth' ? fixed[name] : fixed[name] / 7n
  return BigInt(createRng(`balance:${chain}:${who}`).int(0, 100_000)) * 10n ** 15n
}

export function block(chain: ChainName, n: number) {
  const b = rpcBlock(chain, n, false)
  if (!b) throw new RpcFault(-32000, `block ${n} not found`)
  return b
}

export function txAt(chain: ChainName, n: number, indexHex: unknown): unknown {
  if (typeof indexHex !== 'string' || !/^0x[0-9a-fA-F]+$/.test(indexHex)) throw new RpcFault(-32602, 'invalid index at params[1]')
  const tx = (indexOf(chain).byBlock.get(n) ?? []).find((t) => big(t.raw.transaction_index) === BigInt(indexHex))
  return tx ? rpcTransaction(chain, tx) : null
}

export function callResult(chain: ChainName, call: Record<string, unknown>): Hex {
  const to = address(call.to, 'params[0].to')
  const data = typeof call.data === 'string' ? call.data : typeof call.input === 'string' ? call.input : '0x'
  const token = indexOf(chain).tokens.get(to)
  if (token) {
    const erc20 = readErc20Call(data as Hex)
    switch (erc20?.functionName) {
      case 'decimals':
        return encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: token.decimals })
      case 'symbol':
        return encodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', result: token.symbol })
      case 'name':
        return encodeFunctionResult({ abi: erc20Abi, functionName: 'name', result: token.name })
      case 'totalSupply':
        return encodeFunctionResult({ abi: erc20Abi, functionName: 'totalSupply', result: 10n ** BigInt(token.decimals + 9) })
      case 'balanceOf': {
        const holder = erc20.args[0].toLowerCase()
        const units = BigInt(createRng(`token-balance:${chain}:${to}:${holder}`).int(0, 50_000))
        const balance = walletNameOf(holder) === 'empty' ? 0n : units * 10n ** BigInt(token.decimals)
        return encodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', result: balance })
      }
    }
  }
  if (data === '0x' || indexOf(chain).contracts.has(to) || token) return '0x'
  throw new RpcFault(3, 'execution reverted')
}

/** The ERC-20 call `data` encodes, or `undefined` for any other calldata. */
function readErc20Call(data: Hex) {
  try {
    return decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    return undefined
  }
}
