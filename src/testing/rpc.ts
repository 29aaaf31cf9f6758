import { keccak256, type Hex } from 'viem'
import { getChainInfo, type ChainName } from '../core/chains.js'
import type { RpcMethod } from '../core/rpc/methods.js'
import { chainProfiles } from './catalogue.js'
import {
  RpcFault,
  address,
  balanceOf,
  baseFee,
  big,
  block,
  callResult,
  hash32,
  hex,
  indexOf,
  resolveBlock,
  rpcBlock,
  rpcLogs,
  rpcReceipt,
  rpcTransaction,
  txAt,
} from './chainNode.js'
import { walletNameOf, walletTransactions } from './history.js'
import { createRng, hashOf } from './prng.js'

/**
 * The 28 JSON-RPC methods answered from the fixtures: blocks, transactions and receipts
 * are the fixture transactions seen from a node, so the feed and the RPC agree.
 */

export interface JsonRpcRequest {
  jsonrpc?: string
  id?: number | string | null
  method?: unknown
  params?: unknown
}

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: number | string | null; result: unknown }
  | { jsonrpc: '2.0'; id: number | string | null; error: { code: number; message: string; data?: unknown } }

type Handler = (chain: ChainName, params: unknown[]) => unknown

// Typed by the spec's allow-list: the mock answers exactly the 28 methods, no more, no fewer.
const methods: Record<RpcMethod, Handler> = {
  eth_blockNumber: (chain) => hex(chainProfiles[chain].head),
  eth_chainId: (chain) => hex(getChainInfo(chain)?.chainId ?? 1),
  eth_gasPrice: (chain) => hex(baseFee(chain, chainProfiles[chain].head) + 10n ** 9n),
  eth_maxPriorityFeePerGas: () => hex(10n ** 9n),
  eth_getBalance: (chain, [who, tag]) => (resolveBlock(chain, tag, 'params[1]'), hex(balanceOf(chain, address(who, 'params[0]')))),
  eth_getTransactionCount: (chain, [who]) => {
    const a = address(who, 'params[0]')
    const name = walletNameOf(a)
    return hex(name ? walletTransactions(name, chain).filter((t) => t.raw.from_address === a).length : 0)
  },
  eth_getCode: (chain, [who]) => {
    const a = address(who, 'params[0]')
    const index = indexOf(chain)
    return index.tokens.has(a) || index.contracts.has(a) ? `0x6080604052348015600f57600080fd5b50${createRng(`code:${a}`).hex(256)}` : '0x'
  },
  eth_getStorageAt: (_chain, [who, slot]) => {
    address(who, 'params[0]')
    if (typeof slot !== 'string' || !/^0x[0-9a-fA-F]+$/.test(slot)) throw new RpcFault(-32602, 'invalid slot at params[1]')
    return `0x${'0'.repeat(64)}`
  },
  eth_getBlockByNumber: (chain, [tag, full]) => rpcBlock(chain, resolveBlock(chain, tag, 'params[0]'), full === true),
  eth_getBlockByHash: (chain, [h, full]) => {
    const n = indexOf(chain).blockByHash.get(hash32(h, 'params[0]'))
    return n === undefined ? null : rpcBlock(chain, n, full === true)
  },
  eth_getBlockTransactionCountByNumber: (chain, [tag]) => hex(block(chain, resolveBlock(chain, tag, 'params[0]')).transactions.length),
  eth_getBlockTransactionCountByHash: (chain, [h]) => {
    const n = indexOf(chain).blockByHash.get(hash32(h, 'params[0]'))
    return n === undefined ? null : hex(block(chain, n).transactions.length)
  },
  eth_getBlockReceipts: (chain, [id]) => {
    const n = typeof id === 'string' && id.length === 66 ? indexOf(chain).blockByHash.get(id.toLowerCase()) : resolveBlock(chain, id, 'params[0]')
    if (n === undefined) return null
    return (indexOf(chain).byBlock.get(n) ?? []).map((t) => rpcReceipt(chain, t))
  },
  eth_getTransactionByHash: (chain, [h]) => {
    const tx = indexOf(chain).byHash.get(hash32(h, 'params[0]'))
    return tx ? rpcTransaction(chain, tx) : null
  },
  eth_getTransactionReceipt: (chain, [h]) => {
    const tx = indexOf(chain).byHash.get(hash32(h, 'params[0]'))
    return tx ? rpcReceipt(chain, tx) : null
  },
  eth_getTransactionByBlockHashAndIndex: (chain, [h, i]) => {
    const n = indexOf(chain).blockByHash.get(hash32(h, 'params[0]'))
    return n === undefined ? null : txAt(chain, n, i)
  },
  eth_getTransactionByBlockNumberAndIndex: (chain, [tag, i]) => txAt(chain, resolveBlock(chain, tag, 'params[0]'), i),
  eth_getUncleCountByBlockHash: (chain, [h]) => (hash32(h, 'params[0]'), '0x0'),
  eth_getUncleCountByBlockNumber: (chain, [tag]) => (resolveBlock(chain, tag, 'params[0]'), '0x0'),
  eth_getUncleByBlockHashAndIndex: (_chain, [h]) => (hash32(h, 'params[0]'), null),
  eth_getUncleByBlockNumberAndIndex: (chain, [tag]) => (resolveBlock(chain, tag, 'params[0]'), null),
  eth_call: (chain, [call, tag]) => {
    if (call === null || typeof call !== 'object') throw new RpcFault(-32602, 'invalid call object at params[0]')
    resolveBlock(chain, tag, 'params[1]')
    return callResult(chain, call as Record<string, unknown>)
  },
  eth_estimateGas: (chain, [call]) => {
    if (call === null || typeof call !== 'object') throw new RpcFault(-32602, 'invalid call object at params[0]')
    const data = (call as Record<string, unknown>).data
    return typeof data === 'string' && data.length > 2 ? hex(90_000 + (data.length - 2) * 8) : '0x5208'
  },
  eth_createAccessList: (chain, [call]) => {
    if (call === null || typeof call !== 'object') throw new RpcFault(-32602, 'invalid call object at params[0]')
    const to = address((call as Record<string, unknown>).to, 'params[0].to')
    return { accessList: [{ address: to, storageKeys: [`0x${'0'.repeat(63)}1`] }], gasUsed: hex(indexOf(chain).contracts.has(to) ? 48_211 : 21_000) }
  },
  eth_feeHistory: (chain, [count, newest, percentiles]) => {
    const n = Math.min(typeof count === 'number' ? count : Number.parseInt(String(count), 16), 1024)
    if (!(n > 0)) throw new RpcFault(-32602, 'invalid block count at params[0]')
    const last = resolveBlock(chain, newest, 'params[1]')
    const first = last - n + 1
    const ps = Array.isArray(percentiles) ? (percentiles as number[]) : []
    const blocks = Array.from({ length: n }, (_, k) => first + k)
    return {
      oldestBlock: hex(first),
      baseFeePerGas: [...blocks, last + 1].map((b) => hex(baseFee(chain, b))),
      gasUsedRatio: blocks.map((b) => Math.round(createRng(`ratio:${chain}:${b}`).next() * 1000) / 1000),
      ...(ps.length ? { reward: blocks.map((b) => ps.map((p) => hex(BigInt(Math.round(p * 1000)) * 10n ** 6n + BigInt(b % 97) * 10n ** 5n))) } : {}),
    }
  },
  eth_getLogs: (chain, [filter]) => {
    const f = (filter ?? {}) as Record<string, unknown>
    const from = resolveBlock(chain, f.fromBlock ?? 'latest', 'params[0].fromBlock')
    const to = resolveBlock(chain, f.toBlock ?? 'latest', 'params[0].toBlock')
    const addresses = f.address === undefined ? undefined : ([] as unknown[]).concat(f.address).map((a) => address(a, 'params[0].address'))
    const topics = Array.isArray(f.topics) ? (f.topics as (string | string[] | null)[]) : []
    const out: ReturnType<typeof rpcLogs> = []
    for (const [n, txs] of indexOf(chain).byBlock) {
      if (n < from || n > to) continue
      for (const tx of txs) {
        for (const log of rpcLogs(chain, tx)) {
          if (addresses && !addresses.includes(String(log.address))) continue
          const ok = topics.every((want, k) => want === null || (Array.isArray(want) ? want : [want]).includes(String(log.topics[k] ?? '')))
          if (ok) out.push(log)
        }
      }
    }
    return out.sort((a, b) => Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)))
  },
  eth_getProof: (chain, [who, keys]) => {
    const a = address(who, 'params[0]')
    if (!Array.isArray(keys)) throw new RpcFault(-32602, 'invalid storage keys at params[1]')
    return {
      address: a,
      accountProof: [hashOf(`proof:${a}:0`), hashOf(`proof:${a}:1`)],
      balance: hex(balanceOf(chain, a)),
      codeHash: indexOf(chain).contracts.has(a) ? hashOf(`codehash:${a}`) : '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
      nonce: hex(0),
      storageHash: '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
      storageProof: keys.map((key) => ({ key, value: '0x0', proof: [] })),
    }
  },
  eth_sendRawTransaction: (_chain, [data]) => {
    if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(data)) throw new RpcFault(-32602, 'invalid raw transaction at params[0]')
    return keccak256(data as Hex)
  },
}

/** Answers one JSON-RPC request for a chain, as a node would (errors as JSON-RPC error objects). */
export function answerRpc(chain: ChainName, request: JsonRpcRequest): JsonRpcResponse {
  const id = request?.id ?? null
  try {
    if (request === null || typeof request !== 'object' || typeof request.method !== 'string') {
      throw new RpcFault(-32600, 'invalid request')
    }
    const handler = Object.hasOwn(methods, request.method) ? methods[request.method as RpcMethod] : undefined
    if (!handler) throw new RpcFault(-32601, `the method ${request.method} does not exist/is not available`)
    const params = request.params === undefined ? [] : request.params
    if (!Array.isArray(params)) throw new RpcFault(-32602, 'params must be an array')
    return { jsonrpc: '2.0', id, result: handler(chain, params) }
  } catch (error) {
    if (error instanceof RpcFault) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } }
    throw error
  }
}
