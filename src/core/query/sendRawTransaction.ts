import type { Hash, Hex } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import type { ChainInput } from '../chains.js'

/** What a send takes: the signed transaction, and optionally the chain to send it on. */
export interface SendRawTransactionVariables {
  /** The signed transaction, e.g. from viem's `account.signTransaction(…)`. */
  serializedTransaction: Hex
  /** Which chain's RPC URL; defaults to the hook's, else the client's `chain`. */
  chain?: ChainInput | undefined
}

/**
 * Builds the TanStack Query mutation options that send a signed transaction: what
 * `useSendRawTransaction` runs, for `useMutation` or a `MutationObserver`.
 *
 * @param client - The client from `createClient`.
 * @param defaults - The chain to send on when a send names none; default: the client's `chain`.
 * @returns `{ mutationKey, mutationFn, retry: false }`; `mutationFn` resolves to the transaction hash.
 * @throws {@link JsonRpcError} From `mutationFn`, when the node refuses the transaction (nonce too low, underpriced, insufficient funds…).
 * @throws {@link InvalidParameterError} From `mutationFn`, when the transaction is not hex data or no RPC URL serves the chain; nothing is sent.
 * @throws {@link HttpStatusError} From `mutationFn`, when the node answers with an HTTP error.
 * @throws {@link NetworkError} From `mutationFn`, when the node cannot be reached.
 * @throws {@link TimeoutError} From `mutationFn`, when the node does not answer within `timeoutMs`.
 * @remarks One `eth_sendRawTransaction`, never retried (a second send of a transaction that went
 *   through would fail as "already known").
 * @example
 * ```ts
 * import { MutationObserver, QueryClient } from '@tanstack/query-core'
 * import { createClient, sendRawTransactionMutationOptions } from 'blockfeed'
 * import { privateKeyToAccount } from 'viem/accounts'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', rpc: { url: 'https://rpc.example.com' }, chain: 'eth' })
 * // anvil's well-known test account #1 (alice): never a real key
 * const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
 * const serializedTransaction = await account.signTransaction({
 *   chainId: 1, nonce: 0, to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', value: 1n,
 *   gas: 21_000n, maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n,
 * })
 * const send = new MutationObserver(new QueryClient(), sendRawTransactionMutationOptions(client))
 * const hash = await send.mutate({ serializedTransaction })
 * ```
 */
export function sendRawTransactionMutationOptions(client: BlockfeedClient, defaults: { chain?: ChainInput | undefined } = {}) {
  return {
    mutationKey: ['blockfeed', 'sendRawTransaction', { baseUrl: client.baseUrl }] as const,
    mutationFn: ({ serializedTransaction, chain }: SendRawTransactionVariables): Promise<Hash> =>
      client.rpc({ method: 'eth_sendRawTransaction', params: [serializedTransaction] }, { chain: chain ?? defaults.chain }),
    retry: false as const,
  }
}
