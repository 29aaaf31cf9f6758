import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query'
import type { Hash } from 'viem'
import type { ChainInput } from '../core/chains.js'
import type { BlockfeedQueryError } from '../core/query/error.js'
import { rpcHeadQueryFilter } from '../core/query/rpc.js'
import { sendRawTransactionMutationOptions, type SendRawTransactionVariables } from '../core/query/sendRawTransaction.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

export interface UseSendRawTransactionParameters {
  /** Default chain for `mutate`; else the client's `chain`. */
  chain?: ChainInput | undefined
  mutation?: Omit<UseMutationOptions<Hash, BlockfeedQueryError, SendRawTransactionVariables>, 'mutationFn' | 'mutationKey'> | undefined
}

export type UseSendRawTransactionReturnType = UseMutationResult<Hash, BlockfeedQueryError, SendRawTransactionVariables>

/**
 * `eth_sendRawTransaction` as a mutation: `mutate({ serializedTransaction })` resolves to the
 * hash. On success the chain's head-following reads (balances, nonces, block number…) are
 * invalidated; immutable ones (by hash, at a fixed block) are not.
 */
export function useSendRawTransaction(parameters: UseSendRawTransactionParameters = {}): UseSendRawTransactionReturnType {
  const { client, queryClient } = useBlockfeedQueryContext()
  const { chain, mutation } = parameters
  return useMutation(
    {
      ...sendRawTransactionMutationOptions(client, { chain }),
      ...mutation,
      onSuccess: async (...args) => {
        const [, variables] = args
        await queryClient.invalidateQueries(rpcHeadQueryFilter(client, variables.chain ?? chain))
        return mutation?.onSuccess?.(...args)
      },
    },
    queryClient,
  )
}
