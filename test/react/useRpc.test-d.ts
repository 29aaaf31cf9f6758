import type { QueryClient } from '@tanstack/react-query'
import type { Address, Hash, Hex, RpcBlock, RpcLog, RpcTransactionReceipt } from 'viem'
import { describe, expectTypeOf, test } from 'vitest'
import type { BlockfeedClient } from '../../src/core/client.js'
import type { RpcReturnType } from '../../src/core/rpc/methods.js'
import { rpcQueryKey, rpcQueryOptions } from '../../src/core/query/rpc.js'
import type { SendRawTransactionVariables } from '../../src/core/query/sendRawTransaction.js'
import { walletHistoryInfiniteQueryOptions } from '../../src/core/query/walletHistory.js'
import type { TransactionEntry, WalletHistoryPage } from '../../src/core/history/schema.js'
import { useRpc } from '../../src/react/useRpc.js'
import { useSendRawTransaction } from '../../src/react/useSendRawTransaction.js'
import { useWalletHistory } from '../../src/react/useWalletHistory.js'

declare const address: Address
declare const hash: Hash
declare const client: BlockfeedClient
declare const queryClient: QueryClient

describe('useRpc: data typed from the method name', () => {
  test('results', () => {
    expectTypeOf(useRpc({ method: 'eth_blockNumber' }).data).toEqualTypeOf<Hex | undefined>()
    expectTypeOf(useRpc({ method: 'eth_getBalance', params: [address] }).data).toEqualTypeOf<Hex | undefined>()
    expectTypeOf(useRpc({ method: 'eth_getBlockByNumber', params: ['latest', false] }).data).toEqualTypeOf<RpcBlock | null | undefined>()
    expectTypeOf(useRpc({ method: 'eth_getTransactionReceipt', params: [hash] }).data).toEqualTypeOf<RpcTransactionReceipt | null | undefined>()
    expectTypeOf(useRpc({ method: 'eth_getLogs', params: [{ address, fromBlock: '0x0' }] }).data).toEqualTypeOf<RpcLog[] | undefined>()
    expectTypeOf(useRpc({ method: 'eth_call', params: [{ to: address, data: '0x' }, 'latest'] }).data).toEqualTypeOf<Hex | undefined>()
  })

  test('select keeps full typing', () => {
    const balance = useRpc({ method: 'eth_getBalance', params: [address, 'latest'], query: { select: (hex) => BigInt(hex) } })
    expectTypeOf(balance.data).toEqualTypeOf<bigint | undefined>()
    const count = useRpc({
      method: 'eth_getBlockByNumber',
      params: ['0x1', false],
      query: {
        select: (block) => {
          expectTypeOf(block).toEqualTypeOf<RpcBlock | null>()
          return block?.transactions.length ?? 0
        },
      },
    })
    expectTypeOf(count.data).toEqualTypeOf<number | undefined>()
  })

  test('params are checked at compile time', () => {
    // @ts-expect-error eth_getBalance needs an address
    useRpc({ method: 'eth_getBalance', params: [123] })
    // @ts-expect-error params may be undefined (wait) but not left out for a method that takes some
    useRpc({ method: 'eth_getBalance' })
    // @ts-expect-error eth_getBlockByNumber takes a block and a boolean
    useRpc({ method: 'eth_getBlockByNumber', params: ['latest'] })
    // @ts-expect-error eth_blockNumber takes no params
    useRpc({ method: 'eth_blockNumber', params: [address] })
    // @ts-expect-error not one of the 28 methods
    useRpc({ method: 'eth_sign', params: [address, '0x'] })
    // @ts-expect-error select gets the raw result, a hex string
    useRpc({ method: 'eth_getBalance', params: [address], query: { select: (hex: bigint) => hex } })
    useRpc({ method: 'eth_getBalance', params: undefined })
  })
})

describe('factories and the other hooks', () => {
  test('query keys carry their data type', () => {
    expectTypeOf(queryClient.getQueryData(rpcQueryKey(client, { method: 'eth_chainId' }))).toEqualTypeOf<Hex | undefined>()
    const options = rpcQueryOptions(client, { method: 'eth_getTransactionByHash', params: [hash] })
    expectTypeOf(queryClient.fetchQuery(options)).resolves.toExtend<RpcReturnType<'eth_getTransactionByHash'>>()
    expectTypeOf(queryClient.fetchQuery(options)).resolves.not.toExtend<Hex>()
    const history = walletHistoryInfiniteQueryOptions(client, { address })
    expectTypeOf(queryClient.getQueryData(history.queryKey)?.pages).toEqualTypeOf<WalletHistoryPage[] | undefined>()
  })

  test('useWalletHistory and useSendRawTransaction', () => {
    const h = useWalletHistory({ address, chain: 'eth' })
    expectTypeOf(h.transactions).toEqualTypeOf<TransactionEntry[]>()
    expectTypeOf(h.data?.pageParams).toEqualTypeOf<(string | undefined)[] | undefined>()
    const send = useSendRawTransaction()
    expectTypeOf(send.mutateAsync).parameter(0).toEqualTypeOf<SendRawTransactionVariables>()
    // @ts-expect-error the signed transaction is hex
    send.mutate({ serializedTransaction: 'signed' })
    expectTypeOf(send.data).toEqualTypeOf<Hash | undefined>()
  })
})
