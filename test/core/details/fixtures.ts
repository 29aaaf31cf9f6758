import { encodeAbiParameters, encodeFunctionData, erc20Abi, maxUint256, pad, type Hex } from 'viem'
import type { BlockfeedClient } from '../../../src/core/client.js'

/**
 * JSON-RPC results in the shape mainnet execution clients (geth, reth) return them: every field
 * they send, hex quantities, lower-case addresses, full `logsBloom`, `yParity` next to `v` on
 * typed transactions, `transactions` as full objects when asked with `true`. Values are written
 * for these tests (no network here), not captured: the shape is what is under test. Replies
 * recorded from a real node (geth) are in test/fixtures/execution-apis, used by realNode.test.tsx.
 */
export const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
export const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7'
export const SENDER = '0x4838b106fce9647bdf1e7877bf73ce8b0bad5f97'
export const RECEIVER = '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5'
export const ROUTER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'
const BLOOM = `0x${'0'.repeat(512)}` as Hex
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const topic = (a: string) => pad(a as Hex, { size: 32 })

export const BLOCK_NUMBER = '0x13a2b7c' // 20 589 436
export const BLOCK_HASH = '0x9b3b2e0a7c4f1de6a5b8c1f0e2d3c4b5a6978877665544332211ffeeddccbbaa'
export const HEAD = '0x13a2b8f' // 19 blocks later: 20 confirmations
export const TIMESTAMP = '0x66c5a1bb' // 2024-08-21T08:13:47Z

export interface RpcFixture {
  hash: Hex
  tx: Record<string, unknown>
  receipt: Record<string, unknown> | null
  block: Record<string, unknown>
  /** What `eth_call` answers when the failed call is replayed (an error object), if it failed. */
  callError?: { code: number; message: string; data?: Hex } | undefined
}

function log(address: string, topics: string[], data: Hex, hash: string, index: number) {
  return { address, topics, data, blockNumber: BLOCK_NUMBER, transactionHash: hash, transactionIndex: '0x5', blockHash: BLOCK_HASH, logIndex: `0x${index.toString(16)}`, removed: false }
}

function typed(hash: Hex, to: string | null, input: Hex, extra: Record<string, unknown> = {}) {
  return {
    blockHash: BLOCK_HASH, blockNumber: BLOCK_NUMBER, from: SENDER, gas: '0x186a0', gasPrice: '0x4a817c8ee',
    maxFeePerGas: '0x6fc23ac00', maxPriorityFeePerGas: '0x3b9aca00', hash, input, nonce: '0x2a', to,
    transactionIndex: '0x5', value: '0x0', type: '0x2', accessList: [], chainId: '0x1', v: '0x1', yParity: '0x1',
    r: '0x5f1c4e8b6f1a7c5e0e1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e',
    s: '0x1e2d3c4b5a69788796a5b4c3d2e1f0a0b1c2d3e4f5061728394a5b6c7d8e9f0a', ...extra,
  }
}

function receipt(hash: Hex, to: string | null, gasUsed: string, logs: unknown[], extra: Record<string, unknown> = {}) {
  return {
    blockHash: BLOCK_HASH, blockNumber: BLOCK_NUMBER, contractAddress: null, cumulativeGasUsed: '0x1c1a3f', effectiveGasPrice: '0x4a817c8ee',
    from: SENDER, gasUsed, logs, logsBloom: BLOOM, status: '0x1', to, transactionHash: hash, transactionIndex: '0x5', type: '0x2', ...extra,
  }
}

const h = (n: number) => `0x${n.toString(16).padStart(64, 'c')}` as Hex

function block(transactions: unknown[]) {
  return {
    baseFeePerGas: '0x47868c00', blobGasUsed: '0x0', difficulty: '0x0', excessBlobGas: '0x0', extraData: '0x6265617665726275696c642e6f7267',
    gasLimit: '0x1c9c380', gasUsed: '0xd3e1a4', hash: BLOCK_HASH, logsBloom: BLOOM, miner: '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5',
    mixHash: '0x3d4b0a2f1e6c7d8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6', nonce: '0x0000000000000000', number: BLOCK_NUMBER,
    parentBeaconBlockRoot: '0x8a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809',
    parentHash: '0x6c1b2a3948576a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d', receiptsRoot: '0x0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b',
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347', size: '0x1d4c2',
    stateRoot: '0x2f3e4d5c6b7a8998a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4', timestamp: TIMESTAMP, totalDifficulty: '0xc70d815d562d3cfa955',
    transactions, transactionsRoot: '0x4e5f6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091', uncles: [], withdrawals: [],
    withdrawalsRoot: '0x5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3',
  }
}

/** A type-2 USDC transfer of 25 USDC. */
export function usdcTransfer(): RpcFixture {
  const hash = h(1)
  const input = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, 25_000_000n] })
  const tx = typed(hash, USDC, input)
  return {
    hash, tx,
    receipt: receipt(hash, USDC, '0xa3d1', [log(USDC, [TRANSFER, topic(SENDER), topic(RECEIVER)], encodeAbiParameters([{ type: 'uint256' }], [25_000_000n]), hash, 0x11)]),
    // The block as `eth_getBlockByNumber(n, true)` returns it: full transaction objects.
    block: block([typed(h(9), RECEIVER, '0x', { value: '0xde0b6b3a7640000', transactionIndex: '0x4' }), tx]),
  }
}

/** A legacy (type 0) contract creation: no `to`, the created address in the receipt, `v` of EIP-155 and no `yParity`. */
export function legacyCreation(): RpcFixture {
  const hash = h(2)
  const tx = {
    blockHash: BLOCK_HASH, blockNumber: BLOCK_NUMBER, from: SENDER, gas: '0x2dc6c0', gasPrice: '0x4a817c800', hash,
    input: '0x6080604052348015600e575f5ffd5b50603e80601a5f395ff3fe60806040525f5ffdfea164736f6c6343000819000a', nonce: '0x7', to: null,
    transactionIndex: '0x5', value: '0x0', type: '0x0', chainId: '0x1', v: '0x26',
    r: '0x2b1c4e8b6f1a7c5e0e1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e', s: '0x3e2d3c4b5a69788796a5b4c3d2e1f0a0b1c2d3e4f5061728394a5b6c7d8e9f0a',
  }
  return {
    hash, tx,
    receipt: receipt(hash, null, '0x1076c', [], { type: '0x0', effectiveGasPrice: '0x4a817c800', contractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }),
    block: block([h(1)]),
  }
}

/** An unlimited USDT approval for the Uniswap V2 router. */
export function unlimitedApproval(): RpcFixture {
  const hash = h(3)
  const input = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, maxUint256] })
  return {
    hash, tx: typed(hash, USDT, input),
    receipt: receipt(hash, USDT, '0xb41c', [log(USDT, [APPROVAL, topic(SENDER), topic(ROUTER)], encodeAbiParameters([{ type: 'uint256' }], [maxUint256]), hash, 3)]),
    block: block([hash]),
  }
}

/** The same approval set back to zero. */
export function revokedApproval(): RpcFixture {
  const hash = h(4)
  const input = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 0n] })
  return {
    hash, tx: typed(hash, USDT, input),
    receipt: receipt(hash, USDT, '0x6d2c', [log(USDT, [APPROVAL, topic(SENDER), topic(ROUTER)], encodeAbiParameters([{ type: 'uint256' }], [0n]), hash, 7)]),
    block: block([hash]),
  }
}

/** A router swap that failed: status 0x0, no logs; replayed, the node answers code 3 with `Error(string)` data. */
export function failedSwap(): RpcFixture {
  const hash = h(5)
  const input = encodeFunctionData({
    abi: [{ type: 'function', name: 'swapExactTokensForTokens', stateMutability: 'nonpayable', inputs: [{ type: 'uint256', name: 'amountIn' }, { type: 'uint256', name: 'amountOutMin' }, { type: 'address[]', name: 'path' }, { type: 'address', name: 'to' }, { type: 'uint256', name: 'deadline' }], outputs: [{ type: 'uint256[]', name: 'amounts' }] }],
    functionName: 'swapExactTokensForTokens',
    args: [1_000_000n, 990_000_000_000_000_000n, [USDC, USDT], SENDER, 1_724_228_283n],
  })
  const reason = 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'
  return {
    hash, tx: typed(hash, ROUTER, input),
    receipt: receipt(hash, ROUTER, '0x1f3a2', [], { status: '0x0' }),
    block: block([hash]),
    callError: {
      code: 3,
      message: `execution reverted: ${reason}`,
      data: `0x08c379a0${encodeAbiParameters([{ type: 'string' }], [reason]).slice(2)}`,
    },
  }
}

/** A call to a contract nobody published an ABI for: its log stays raw topics and data. */
export function unknownContract(): RpcFixture {
  const hash = h(6)
  const contract = '0x00000000000000adc04c56bf30ac9d3c0aaf14dc'
  return {
    hash, tx: typed(hash, contract, '0xdeadbeef000000000000000000000000000000000000000000000000000000000000002a'),
    receipt: receipt(hash, contract, '0x8e1f', [log(contract, ['0x3f7bd2c4f1a0e2d3c4b5a69788796a5b4c3d2e1f0a0b1c2d3e4f5061728394a5', topic(SENDER)], '0x000000000000000000000000000000000000000000000000000000000000002a', hash, 2)]),
    block: block([hash]),
  }
}

/** A stand-in for `client.rpc` answering from fixtures, the way the node would (null for unknown hashes). */
export function fixtureRpc(fixtures: RpcFixture[], head: string = HEAD) {
  const calls: string[] = []
  const rpc = async ({ method, params }: { method: string; params?: readonly unknown[] }) => {
    calls.push(method)
    const byHash = (hash: unknown) => fixtures.find((f) => f.hash === String(hash).toLowerCase())
    switch (method) {
      case 'eth_blockNumber': return head
      case 'eth_getTransactionByHash': return byHash(params?.[0])?.tx ?? null
      case 'eth_getTransactionReceipt': return byHash(params?.[0])?.receipt ?? null
      case 'eth_getBlockByNumber': return params?.[0] === BLOCK_NUMBER ? fixtures[0]!.block : null
      case 'eth_getBlockByHash': return params?.[0] === BLOCK_HASH ? fixtures[0]!.block : null
      case 'eth_call': {
        const f = fixtures.find((x) => (x.tx.input as string) === (params?.[0] as { data: string }).data)
        if (f?.callError) {
          const { JsonRpcError } = await import('../../../src/core/errors.js')
          throw new JsonRpcError({ ...f.callError, method })
        }
        return '0x'
      }
      default: throw new Error(`fixture has no ${method}`)
    }
  }
  return { rpc: rpc as unknown as BlockfeedClient['rpc'], call: rpc, chain: 'eth', calls }
}
