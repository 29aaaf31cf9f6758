import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query'
import type { Hash } from 'viem'
import type { ChainInput } from '../core/chains.js'
import type { BlockfeedQueryError } from '../core/query/error.js'
import { rpcHeadQueryFilter } from '../core/query/rpc.js'
import { sendRawTransactionMutationOptions, type SendRawTransactionVariables } from '../core/query/sendRawTransaction.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'
import { useTracker } from './useTrackedTransactions.js'

/** What `useSendRawTransaction` takes: a default chain, whether to track, and TanStack mutation options. */
export interface UseSendRawTransactionParameters {
  /**
   * The chain to send to when `mutate` is given none.
   * @defaultValue the client's `chain`
   */
  chain?: ChainInput | undefined
  /**
   * Follows what is sent with the provider's tracker (`useTrackedTransactions` lists it at once).
   * @defaultValue `true`
   */
  track?: boolean | undefined
  /** TanStack Query mutation options (`onSuccess`, `onError`, `retry`…); the hook owns the function and the key, and runs your `onSuccess` after its own. */
  mutation?: Omit<UseMutationOptions<Hash, BlockfeedQueryError, SendRawTransactionVariables>, 'mutationFn' | 'mutationKey'> | undefined
}

/** What `useSendRawTransaction` returns: TanStack Query's mutation result; `data` is the transaction hash. */
export type UseSendRawTransactionReturnType = UseMutationResult<Hash, BlockfeedQueryError, SendRawTransactionVariables>

/**
 * Sends a transaction your user has already signed, and follows it until it is final.
 *
 * `mutate({ serializedTransaction })` sends it; `data` becomes its hash. What is sent is tracked
 * (unless `track: false`) from the signed transaction itself, so its record (sender, nonce,
 * recipient, value, ERC-20 transfer) is listed by `useTrackedTransactions` and the feed's pending
 * group before `mutateAsync` resolves. blockfeed never signs: sign with your wallet library.
 *
 * @param parameters - An optional default `chain`, `track`, and TanStack mutation options under `mutation`.
 * @returns TanStack Query's mutation result: `mutate` and `mutateAsync` take
 * `{ serializedTransaction, chain? }`; `data` is the transaction hash; `error`, `isPending`,
 * `reset` and the other fields every mutation has.
 * @throws {@link InvalidParameterError} When the signed transaction is not hex or the chain is unknown; nothing is sent.
 * @throws {@link JsonRpcError} When the node refuses the transaction (nonce too low, insufficient funds…).
 * @throws {@link HttpStatusError} When the RPC endpoint answers with a status other than 2xx.
 * @throws {@link ResponseShapeError} When the reply is not a JSON-RPC response to this request.
 * @throws {@link TimeoutError} When the node does not answer within the client's `timeoutMs`.
 * @throws {@link NetworkError} When the request gets no HTTP answer.
 * @remarks One `eth_sendRawTransaction` per `mutate`, never retried. Mutation key
 * `['blockfeed', 'sendRawTransaction', { baseUrl }]`. On success the chain's head-following
 * `useRpc` reads (balances, nonces, block number…) are invalidated; immutable ones (by hash, at a
 * fixed block) are not. Tracking sends no request of its own until the shared block poller runs.
 * @example
 * ```tsx
 * import type { Hex } from 'viem'
 * import { useSendRawTransaction } from 'blockfeed/react'
 *
 * export function SendButton({ signed }: { signed: Hex }) {
 *   const send = useSendRawTransaction()
 *   return (
 *     <div>
 *       <button disabled={send.isPending} onClick={() => send.mutate({ serializedTransaction: signed })}>
 *         Send
 *       </button>
 *       {send.data && <p>Sent {send.data}</p>}
 *       {send.error && <p role="alert">{send.error.message}</p>}
 *     </div>
 *   )
 * }
 * ```
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
