import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query'
import type { Hash } from 'viem'
import type { ChainInput } from '../core/chains.js'
import type { BlockfeedQueryError } from '../core/query/error.js'
import { rpcHeadQueryFilter } from '../core/query/rpc.js'
import { sendRawTransactionMutationOptions, type SendRawTransactionVariables } from '../core/query/sendRawTransaction.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'
import { useTracker } from './useTrackedTransactions.js'

export interface UseSendRawTransactionParameters {
  /** Default chain for `mutate`; else the client's `chain`. */
  chain?: ChainInput | undefined
  /** Follow what is sent with the provider's tracker (`useTrackedTransactions` lists it at once). Default true. */
  track?: boolean | undefined
  mutation?: Omit<UseMutationOptions<Hash, BlockfeedQueryError, SendRawTransactionVariables>, 'mutationFn' | 'mutationKey'> | undefined
}

export type UseSendRawTransactionReturnType = UseMutationResult<Hash, BlockfeedQueryError, SendRawTransactionVariables>

/**
 * `eth_sendRawTransaction` as a mutation: `mutate({ serializedTransaction })` resolves to the
 * hash. On success the chain's head-following reads (balances, nonces, block number…) are
 * invalidated; immutable ones (by hash, at a fixed block) are not. What is sent is tracked
 * (unless `track: false`) from the signed transaction itself, so its record (sender, nonce,
 * recipient, value, ERC-20 transfer) is listed before `mutateAsync` resolves, with no request.
 */
export function useSendRawTransaction(parameters: UseSendRawTransactionParameters = {}): UseSendRawTransactionReturnType {
  const { client, queryClient } = useBlockfeedQueryContext()
  const getTracker = useTracker()
  const { chain, mutation, track = true } = parameters
  return useMutation(
    {
      ...sendRawTransactionMutationOptions(client, { chain }),
      ...mutation,
      onSuccess: async (...args) => {
        const [hash, variables] = args
        if (track) {
          try {
            await getTracker().track({ hash, chain: variables.chain ?? chain, raw: variables.serializedTransaction })
          } catch {
            // The node accepted it: a record the tracker refuses (e.g. no chain known) must not turn the send into an error.
          }
        }
        await queryClient.invalidateQueries(rpcHeadQueryFilter(client, variables.chain ?? chain))
        return mutation?.onSuccess?.(...args)
      },
    },
    queryClient,
  )
}
