import type { Hash, Hex } from 'viem'
import type { BlockfeedClient } from '../clientTypes.js'
import type { ChainInput } from '../chains.js'

export interface SendRawTransactionVariables {
  /** The signed transaction, e.g. from viem's `account.signTransaction(…)`. */
  serializedTransaction: Hex
  /** Which chain's RPC URL; defaults to the hook's, else the client's `chain`. */
  chain?: ChainInput | undefined
}

/**
 * Mutation options for `eth_sendRawTransaction`; resolves to the transaction hash.
 * `retry: false` (TanStack's default for mutations, stated): the client's `withRetry` is the one layer.
 */
export function sendRawTransactionMutationOptions(client: BlockfeedClient, defaults: { chain?: ChainInput | undefined } = {}) {
  return {
    mutationKey: ['blockfeed', 'sendRawTransaction', { baseUrl: client.baseUrl }] as const,
    mutationFn: ({ serializedTransaction, chain }: SendRawTransactionVariables): Promise<Hash> =>
      client.rpc({ method: 'eth_sendRawTransaction', params: [serializedTransaction] }, { chain: chain ?? defaults.chain }),
    retry: false as const,
  }
}
