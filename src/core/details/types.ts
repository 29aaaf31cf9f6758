// The public types of transaction details and names, apart from their code so the client's contract can name them.
import type { Abi, Address, Hex } from 'viem'
import type { ChainInput } from '../chains.js'

/** What {@link getTransactionDetails} reads: a transaction by hash, and hints that make the read cheaper or richer. */
export interface GetTransactionDetailsParameters {
  /** The transaction hash (0x + 64 hex digits). */
  hash: Hex
  /** Which chain's RPC URL to read from. @defaultValue the client's `chain` */
  chain?: ChainInput | undefined
  /**
   * The block the transaction is in, when the caller knows it (a history entry's `block_number`):
   * the block is then asked for in the same batch as the transaction and its receipt, so a
   * final transaction costs one HTTP request instead of two.
   */
  blockNumber?: bigint | number | string | null | undefined
  /** The service's `method_label`, shown before any decoded name. @defaultValue `null` (the decoded name is used) */
  methodLabel?: string | null | undefined
  /** ABIs of the app's own contracts, searched before the ones the package knows ({@link knownAbi}). */
  abi?: Abi | undefined
}

/** An amount of the chain's native currency, exact and formatted. */
export interface TransactionAmount {
  /** Exact, in the smallest unit (wei). */
  wei: bigint
  /** In whole units of the chain's native currency, every digit kept. */
  formatted: string
}

/** The function a transaction calls, as far as it is known. */
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

/** One log of a transaction's receipt: decoded (`decoded: true`, event name and arguments) when a known ABI matched, else raw. */
export type TransactionDetailsLog =
  | { decoded: true; address: Address; logIndex: number; eventName: string; args: Record<string, unknown> | readonly unknown[]; topics: readonly Hex[]; data: Hex }
  | { decoded: false; address: Address; logIndex: number; eventName: null; args: null; topics: readonly Hex[]; data: Hex }

/** Everything {@link getTransactionDetails} read about a transaction. */
export interface TransactionDetails {
  /** The transaction hash. */
  hash: Hex
  /**
   * `pending` until the receipt exists; then the receipt's status, or `unknown` for a receipt that
   * records none (pre-Byzantium blocks carry a state `root` instead).
   */
  status: 'pending' | 'success' | 'reverted' | 'unknown'
  /** The chain the reads went to (as given, else the client's); null for the client's single RPC URL. */
  chain: string | null
  /** The block it was mined in; null while pending. */
  blockNumber: bigint | null
  /** The hash of that block; null while pending. */
  blockHash: Hex | null
  /** Unix seconds of the block; null while pending. */
  timestamp: number | null
  /** The head when these details were read; confirmations at any later head are `head - blockNumber + 1`. */
  headBlockNumber: bigint
  /** Confirmations at `headBlockNumber`: 1 in its own block, 0 while pending. */
  confirmations: number
  /** The sender, checksummed. */
  from: Address
  /** null for a contract creation. */
  to: Address | null
  /** The created contract, for a contract creation. */
  contractAddress: Address | null
  /** The sender's nonce. */
  nonce: number
  /** viem's name of the envelope: `legacy`, `eip2930`, `eip1559`, `eip4844`, `eip7702`. */
  type: string
  /** The gas the sender allowed. */
  gasLimit: bigint
  /** The gas it used; null while pending. */
  gasUsed: bigint | null
  /** The price paid per gas, in wei; null while pending or when the node reports none. */
  effectiveGasPrice: bigint | null
  /** gas used × effective gas price (plus blob gas for type 3); null while pending, or when the node reports no gas price. */
  fee: TransactionAmount | null
  /** The native value sent. */
  value: TransactionAmount
  /** The symbol of the chain's native currency (ETH when the chain is not known). */
  nativeSymbol: string
  /** The calldata. */
  input: Hex
  /** The function called: the service's label, else the name decoded from the input. */
  method: TransactionMethod
  /** The receipt's logs, decoded where a known ABI matched; empty while pending. */
  logs: TransactionDetailsLog[]
  /** For a reverted call, the reason the node gives when the call is replayed on the parent block. */
  revertReason: string | null
}

/** What {@link getNames} looks up: addresses on one chain, and where its ENS contracts are. */
export interface GetNamesParameters {
  /** The addresses to name (any case; repeated ones are asked once). */
  addresses: readonly string[]
  /** Which chain's RPC URL to read from. @defaultValue the client's `chain` */
  chain?: ChainInput | undefined
  /** The ENS Universal Resolver. @defaultValue the client's `ensUniversalResolver`, else the chain's in `viem/chains` (mainnet has one) */
  universalResolverAddress?: Address | undefined
  /** Multicall3, so every lookup goes out as one `eth_call`. @defaultValue the chain's in `viem/chains`, else a deployless Multicall3 */
  multicall3Address?: Address | undefined
  /**
   * How long an off-chain (CCIP-Read) name's gateway may take, in ms. A gateway that fails or takes
   * longer costs that address its name, not the others theirs.
   * @defaultValue `5000`
   */
  ccipReadTimeoutMs?: number | undefined
}

/** Primary names by checksummed address; null where there is none, it does not resolve back, or it could pass for another name (`isDisplaySafeName`). */
export type Names = Record<Address, string | null>

/** What an approval did: set an ERC-20 allowance (`approval`), set it to zero (`revoke`), or grant or withdraw an operator for all tokens (`approval_for_all`, `revoke_all`). */
export type ApprovalKind = 'approval' | 'revoke' | 'approval_for_all' | 'revoke_all'

/** What the node says now of some approvals: the result of {@link getApprovalStates}. */
export interface ApprovalStates {
  /** The head when these were read (asked in the same batch): a later block may have changed them. */
  headBlockNumber: bigint
  /**
   * In the order asked, each with what the node says now: the allowance (ERC-20 kinds), whether the
   * operator is approved for all (`*_all`), or null when the call failed or answered nothing readable.
   */
  approvals: { forAll: boolean; token: Address; owner: Address; spender: Address; current: bigint | boolean | null }[]
}
