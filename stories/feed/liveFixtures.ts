import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, erc20Abi, getAddress, keccak256, parseAbiParameters } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { TrackedTokenInfo } from '../../src/core/live/display.js'
import type { TrackedTransaction } from '../../src/core/live/record.js'

/**
 * Tracked records in every state, for the Pending group's stories and tests. The signed
 * transactions are real (anvil's first dev key signs them with viem), so `raw`, `hash`,
 * `from`, `nonce` and the ERC-20 calldata agree as the tracker would record them.
 */
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
export const LIVE_WALLET = account.address
export const LIVE_CHAIN = 'eth'
/** USDC on Ethereum. */
export const USDC = getAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
export const RECIPIENT = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')
export const liveTokens = new Map<string, TrackedTokenInfo>([[USDC.toLowerCase(), { symbol: 'USDC', decimals: 6, name: 'USD Coin', logo: null }]])

const NOW = Date.UTC(2026, 10, 23, 6, 0, 0)

async function signed(nonce: number, tx: { to: `0x${string}`; value?: bigint; data?: `0x${string}` }) {
  const raw = await account.signTransaction({ chainId: 1, type: 'eip1559', nonce, to: tx.to, value: tx.value ?? 0n, data: tx.data, gas: 100_000n, maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
  return { raw, hash: keccak256(raw) }
}

const usdcData = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 25_000_000n] })
const usdc = await signed(40, { to: USDC, data: usdcData })
const eth = await signed(41, { to: RECIPIENT, value: 500_000_000_000_000_000n })
const replacing = await signed(42, { to: RECIPIENT, value: 1n })
const replaced = await signed(42, { to: RECIPIENT, value: 2n })
const droppedTx = await signed(43, { to: RECIPIENT, value: 3n })

function record(over: Partial<TrackedTransaction> & Pick<TrackedTransaction, 'hash'>): TrackedTransaction {
  return {
    chain: LIVE_CHAIN, from: LIVE_WALLET, nonce: 40, to: USDC, value: '0',
    tokenTransfer: null, status: 'pending', blockNumber: null, confirmations: 0, confirmationsTarget: 12, final: false,
    replacedBy: null, error: null, raw: null, trackedAt: NOW, updatedAt: NOW,
    ...over,
  }
}

const usdcBase = record({ hash: usdc.hash, raw: usdc.raw, tokenTransfer: { token: USDC, from: LIVE_WALLET, to: RECIPIENT, amount: '25000000' } })

export const liveRecords = {
  /** "Sending 25 USDC to 0x3C44…93BC", just sent. */
  pending: usdcBase,
  /** Mined, 3 of 12 confirmations. */
  confirming: { ...usdcBase, status: 'confirmed', blockNumber: 21_000_000, confirmations: 3 } as TrackedTransaction,
  /** Final. */
  confirmed: { ...usdcBase, status: 'confirmed', blockNumber: 21_000_000, confirmations: 12, final: true } as TrackedTransaction,
  /** Mined with status 0. */
  failed: record({ hash: eth.hash, raw: eth.raw, nonce: 41, to: RECIPIENT, value: '500000000000000000', status: 'failed', blockNumber: 21_000_001, confirmations: 1, final: true }),
  /** Nonce 42 taken by another transaction (sped up or cancelled). */
  replaced: record({ hash: replaced.hash, raw: replaced.raw, nonce: 42, to: RECIPIENT, value: '2', status: 'replaced', replacedBy: replacing.hash, final: true }),
  /** The node forgot it while its nonce stayed unused. */
  dropped: record({ hash: droppedTx.hash, raw: droppedTx.raw, nonce: 43, to: RECIPIENT, value: '3', status: 'dropped', final: true, error: 'The node has not known this transaction for 120 s while its nonce is unused' }),
} satisfies Record<string, TrackedTransaction>

/** The receipt log of the USDC transfer, encoded with viem as a node returns it. */
export const usdcReceiptLogs = [
  {
    address: USDC.toLowerCase() as `0x${string}`,
    topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from: LIVE_WALLET, to: RECIPIENT } }) as [`0x${string}`, ...`0x${string}`[]],
    data: encodeAbiParameters(parseAbiParameters('uint256'), [25_000_000n]),
    logIndex: '0x7',
  },
]
