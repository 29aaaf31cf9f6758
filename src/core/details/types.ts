// The public types of transaction details and names, apart from their code so the client's contract can name them.
import type { Abi, Address, Hex } from 'viem'
import type { ChainInput } from '../chains.js'

export interface GetTransactionDetailsParameters {
  hash: Hex
  /** Which chain's RPC URL; defaults to the client's `chain`. */
  chain?: ChainInput | undefined
  /**
   * The block the transaction is in, when the caller knows it (a history entry's `block_number`):
   * the block is then asked for in the same batch as the transaction and its receipt, so a
   * final transaction costs one HTTP request instead of two.
   */
  blockNumber?: bigint | number | string | null | undefined
  /** The service's `method_label`, shown before any decoded name. */
  methodLabel?: string | null | undefined
  /** ABIs of the app's own contracts, searched before the ones the package knows. */
  abi?: Abi | undefined
}

export interface TransactionAmount {
  /** Exact, in the smallest unit (wei). */
  wei: bigint
  /** In whole units of the chain's native currency, every digit kept. */
  formatted: string
}

export interface TransactionMethod {
  /** The first 4 bytes of the input; null for a plain transfer or a contract creation. */
  selector: Hex | null
  /** The service's label, else the decoded function name; null when neither is known. */
  name: string | null
  /** Where the name came from. */
  source: 'service' | 'abi' | null
  /** Decoded arguments (viem's `decodeFunctionData`), when an ABI matched. */
  args: readonly unknown[] | null
}

export type TransactionDetailsLog =
  | { decoded: true; address: Address; logIndex: number; eventName: string; args: Record<string, unknown> | readonly unknown[]; topics: readonly Hex[]; data: Hex }
  | { decoded: false; address: Address; logIndex: number; eventName: null; args: null; topics: readonly Hex[]; data: Hex }

export interface TransactionDetails {
  hash: Hex
  /**
   * `pending` until the receipt exists; then the receipt's status, or `unknown` for a receipt that
   * records none (pre-Byzantium blocks carry a state `root` instead).
   */
  status: 'pending' | 'success' | 'reverted' | 'unknown'
  /** The chain the reads went to (as given, else the client's); null for the client's single RPC URL. */
  chain: string | null
  blockNumber: bigint | null
  blockHash: Hex | null
  /** Unix seconds of the block; null while pending. */
  timestamp: number | null
  /** The head when these details were read; confirmations at any later head are `head - blockNumber + 1`. */
  headBlockNumber: bigint
  confirmations: number
  from: Address
  /** null for a contract creation. */
  to: Address | null
  /** The created contract, for a contract creation. */
  contractAddress: Address | null
  nonce: number
  /** viem's name of the envelope: `legacy`, `eip2930`, `eip1559`, `eip4844`, `eip7702`. */
  type: string
  gasLimit: bigint
  gasUsed: bigint | null
  effectiveGasPrice: bigint | null
  /** gas used × effective gas price (plus blob gas for type 3); null while pending, or when the node reports no gas price. */
  fee: TransactionAmount | null
  value: TransactionAmount
  nativeSymbol: string
  input: Hex
  method: TransactionMethod
  logs: TransactionDetailsLog[]
  /** For a reverted call, the reason the node gives when the call is replayed on the parent block. */
  revertReason: string | null
}

export interface GetNamesParameters {
  addresses: readonly string[]
  chain?: ChainInput | undefined
  /** The ENS Universal Resolver; defaults to the chain's in `viem/chains` (mainnet has one). */
  universalResolverAddress?: Address | undefined
  /** Multicall3, so every lookup goes out as one `eth_call`; defaults to the chain's in `viem/chains`. */
  multicall3Address?: Address | undefined
  /**
   * How long an off-chain (CCIP-Read) name's gateway may take, in ms (default 5000). A gateway
   * that fails or takes longer costs that address its name, not the others theirs.
   */
  ccipReadTimeoutMs?: number | undefined
}

/** Primary names by checksummed address; null where there is none, it does not resolve back, or it could pass for another name (`isDisplaySafeName`). */
export type Names = Record<Address, string | null>

export type ApprovalKind = 'approval' | 'revoke' | 'approval_for_all' | 'revoke_all'

/** What the node says now of some approvals (`getApprovalStates`). */
export interface ApprovalStates {
  /** The head when these were read (asked in the same batch): a later block may have changed them. */
  headBlockNumber: bigint
  /**
   * In the order asked, each with what the node says now: the allowance (ERC-20 kinds), whether the
   * operator is approved for all (`*_all`), or null when the call failed or answered nothing readable.
   */
  approvals: { forAll: boolean; token: Address; owner: Address; spender: Address; current: bigint | boolean | null }[]
}
