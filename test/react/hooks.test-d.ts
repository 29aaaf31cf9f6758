import { useInfiniteQuery, useQuery, type QueryClient, type QueryFilters } from '@tanstack/react-query'
import type { Address, Hash, Hex, RpcLog } from 'viem'
import { describe, expectTypeOf, test } from 'vitest'
import type { BlockfeedClient } from '../../src/core/client.js'
import type { HttpStatusError, InvalidParameterError, JsonRpcError } from '../../src/core/errors.js'
import type { TransactionEntry, WalletHistoryPage } from '../../src/core/history/schema.js'
import type { BlockfeedQueryError } from '../../src/exports/index.js'
import { rpcHeadQueryFilter, rpcQueryKey, rpcQueryOptions } from '../../src/core/query/rpc.js'
import { walletHistoryInfiniteQueryOptions, walletHistoryQueryKey, type WalletHistoryData } from '../../src/core/query/walletHistory.js'
import { sendRawTransactionMutationOptions } from '../../src/core/query/sendRawTransaction.js'
import {
  useBlockfeedClient,
  useRpc,
  useSendRawTransaction,
  useWalletHistory,
  type UseRpcParameters,
  type UseRpcQueryOptions,
  type UseWalletHistoryParameters,
  type UseWalletHistoryQueryOptions,
} from '../../src/exports/react.js'

declare const address: Address
declare const client: BlockfeedClient
declare const queryClient: QueryClient

describe('error union: switch (error.name) narrows to the class', () => {
  test('useRpc', () => {
    const { error } = useRpc({ method: 'eth_getBalance', params: [address] })
    expectTypeOf(error).toEqualTypeOf<BlockfeedQueryError | null>()
    if (!error) return
    switch (error.name) {
      case 'HttpStatusError':
        expectTypeOf(error).toEqualTypeOf<HttpStatusError>()
        expectTypeOf(error.status).toEqualTypeOf<number>()
        break
      case 'JsonRpcError':
        expectTypeOf(error.code).toEqualTypeOf<number>()
        break
      case 'InvalidParameterError':
        expectTypeOf(error.parameter).toEqualTypeOf<string>()
        break
      case 'ResponseShapeError':
        expectTypeOf(error.path).toEqualTypeOf<readonly (string | number)[]>()
        break
      case 'TimeoutError':
        expectTypeOf(error.timeoutMs).toEqualTypeOf<number>()
        break
      case 'NetworkError':
        break
      default:
        expectTypeOf(error).toBeNever()
    }
  })

  test('useWalletHistory and useSendRawTransaction', () => {
    const history = useWalletHistory({ address })
    expectTypeOf(history.error).toEqualTypeOf<BlockfeedQueryError | null>()
    if (history.error?.name === 'InvalidParameterError') expectTypeOf(history.error).toEqualTypeOf<InvalidParameterError>()
    const send = useSendRawTransaction()
    expectTypeOf(send.error).toEqualTypeOf<BlockfeedQueryError | null>()
    if (send.error?.name === 'JsonRpcError') expectTypeOf(send.error).toEqualTypeOf<JsonRpcError>()
  })

  test('keys carry the union to the cache', () => {
    expectTypeOf(queryClient.getQueryState(rpcQueryKey(client, { method: 'eth_chainId' }))?.error).toEqualTypeOf<BlockfeedQueryError | null | undefined>()
    expectTypeOf(queryClient.getQueryState(walletHistoryQueryKey(client, { address }))?.error).toEqualTypeOf<BlockfeedQueryError | null | undefined>()
  })
})

describe('useWalletHistory passes every option it does not own', () => {
  test('select types data; transactions stay entries', () => {
    const count = useWalletHistory({ address, query: { select: (data) => data.pages.length } })
    expectTypeOf(count.data).toEqualTypeOf<number | undefined>()
    expectTypeOf(count.transactions).toEqualTypeOf<TransactionEntry[]>()
    const plain = useWalletHistory({ address })
    expectTypeOf(plain.data).toEqualTypeOf<WalletHistoryData | undefined>()
    useWalletHistory({
      address,
      query: {
        select: (data) => {
          expectTypeOf(data.pages).toEqualTypeOf<WalletHistoryPage[]>()
          return data
        },
      },
    })
  })

  test('maxPages, refetchOnWindowFocus, throwOnError, meta, enabled as a function', () => {
    useWalletHistory({
      address,
      chain: 'eth',
      query: {
        maxPages: 3,
        refetchOnWindowFocus: false,
        throwOnError: (error) => {
          expectTypeOf(error).toEqualTypeOf<BlockfeedQueryError>()
          return error.name === 'HttpStatusError' && error.status >= 500
        },
        meta: { screen: 'activity' },
        enabled: (query) => query.state.data === undefined,
        gcTime: 60_000,
        retry: 1,
      },
    })
  })

  test('not the key, the function or the paging', () => {
    // @ts-expect-error the hook owns the key
    useWalletHistory({ address, query: { queryKey: ['x'] } })
    // @ts-expect-error the hook owns the function
    useWalletHistory({ address, query: { queryFn: () => Promise.resolve(null) } })
    // @ts-expect-error the hook owns the cursor paging
    useWalletHistory({ address, query: { getNextPageParam: () => undefined } })
    // @ts-expect-error the hook owns the cursor paging
    useWalletHistory({ address, query: { initialPageParam: 'c1' } })
    expectTypeOf<UseWalletHistoryParameters['query']>().toEqualTypeOf<UseWalletHistoryQueryOptions | undefined>()
  })
})

describe('useRpc options', () => {
  test('pass-through options are typed from the method', () => {
    useRpc({
      method: 'eth_getLogs',
      params: [{ address, fromBlock: '0x1', toBlock: '0x10' }],
      watch: true,
      query: {
        throwOnError: (error) => error.name === 'TimeoutError',
        refetchInterval: (query) => (query.state.data?.length ? false : 1_000),
        placeholderData: [],
        enabled: true,
      },
    })
    expectTypeOf<UseRpcParameters<'eth_getLogs'>['query']>().toEqualTypeOf<UseRpcQueryOptions<'eth_getLogs'> | undefined>()
    // @ts-expect-error the key is the hook's
    useRpc({ method: 'eth_chainId', query: { queryKey: ['x'] } })
    // @ts-expect-error placeholder data has the method's result type
    useRpc({ method: 'eth_chainId', query: { placeholderData: 1 } })
  })
})

describe('the factories', () => {
  test('rpcQueryOptions: enabled, params that may wait, typed data with plain useQuery', () => {
    const waiting = rpcQueryOptions(client, { method: 'eth_getBalance', params: undefined })
    expectTypeOf(waiting.enabled).toEqualTypeOf<boolean>()
    const logs = useQuery(rpcQueryOptions(client, { method: 'eth_getLogs', params: [{ fromBlock: '0x1', toBlock: '0x2' }] }))
    expectTypeOf(logs.data).toEqualTypeOf<RpcLog[] | undefined>()
    // @ts-expect-error a method with params cannot leave them out
    rpcQueryOptions(client, { method: 'eth_getBalance' })
    // @ts-expect-error eth_chainId takes none
    rpcQueryOptions(client, { method: 'eth_chainId', params: [address] })
  })

  test('walletHistoryInfiniteQueryOptions: enabled, usable with plain useInfiniteQuery', () => {
    const options = walletHistoryInfiniteQueryOptions(client, { address })
    expectTypeOf(options.enabled).toEqualTypeOf<boolean>()
    const result = useInfiniteQuery(options)
    expectTypeOf(result.data?.pages).toEqualTypeOf<WalletHistoryPage[] | undefined>()
  })

  test('keys, the head filter and the client hook', () => {
    expectTypeOf(rpcQueryKey(client, { method: 'eth_getBalance', params: [address] })[2].params).toEqualTypeOf<readonly unknown[]>()
    expectTypeOf(walletHistoryQueryKey(client, { address })[3]).toEqualTypeOf<{ readonly type: 'infinite' }>()
    expectTypeOf(rpcHeadQueryFilter(client, 'eth')).toExtend<QueryFilters>()
    expectTypeOf(useBlockfeedClient()).toEqualTypeOf<BlockfeedClient>()
    expectTypeOf(useSendRawTransaction({ chain: 'eth', mutation: { onError: (error) => expectTypeOf(error).toEqualTypeOf<BlockfeedQueryError>() } }).mutate)
      .parameter(0)
      .toHaveProperty('chain')
  })

  test('sendRawTransactionMutationOptions resolves to a hash', () => {
    const m = sendRawTransactionMutationOptions(client)
    expectTypeOf(m.mutationFn).returns.toEqualTypeOf<Promise<Hash>>()
    expectTypeOf(m.mutationFn).parameter(0).toHaveProperty('serializedTransaction').toEqualTypeOf<Hex>()
  })
})
