import { useInfiniteQuery, type UseInfiniteQueryOptions, type UseInfiniteQueryResult } from '@tanstack/react-query'
import { useMemo } from 'react'
import { isAddress } from 'viem'
import type { WalletHistoryParameters } from '../core/history/params.js'
import type { TransactionEntry, WalletHistoryPage } from '../core/history/schema.js'
import {
  walletHistoryInfiniteQueryOptions,
  type WalletHistoryData,
  type WalletHistoryQueryKey,
} from '../core/query/walletHistory.js'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

type InfiniteOptions = UseInfiniteQueryOptions<WalletHistoryPage, Error, WalletHistoryData, WalletHistoryQueryKey, string | undefined>

export type UseWalletHistoryParameters = Partial<WalletHistoryParameters> & {
  /**
   * TanStack Query options. `placeholderData: keepPreviousData` keeps the previous wallet's
   * rows on screen while the new one loads (check `isPlaceholderData`); off by default.
   */
  query?: Partial<Pick<InfiniteOptions, 'enabled' | 'staleTime' | 'gcTime' | 'refetchInterval' | 'placeholderData'>> | undefined
}

export type UseWalletHistoryReturnType = UseInfiniteQueryResult<WalletHistoryData, Error> & {
  /** The transactions of every loaded page, in page order, each hash once. */
  transactions: TransactionEntry[]
}

/**
 * A wallet's history as an infinite query over the service's cursors (`fetchNextPage`,
 * `hasNextPage`), plus `transactions`. Waits (no request) until `address` is a valid address.
 */
export function useWalletHistory(parameters: UseWalletHistoryParameters): UseWalletHistoryReturnType {
  const { client, queryClient } = useBlockfeedQueryContext()
  const { query, ...params } = parameters
  const options = walletHistoryInfiniteQueryOptions(client, params)
  const validAddress = typeof params.address === 'string' && isAddress(params.address)
  const enabled = validAddress && (query?.enabled ?? true)
  const result = useInfiniteQuery({ ...options, ...query, enabled } as InfiniteOptions, queryClient)
  const pages = result.data?.pages
  const transactions = useMemo(() => flattenUnique(pages), [pages])
  // A view over TanStack's tracking proxy (not a copy, which would read and so track every field).
  return new Proxy(result, {
    get: (target, key) => (key === 'transactions' ? transactions : Reflect.get(target, key)),
    has: (target, key) => key === 'transactions' || Reflect.has(target, key),
    ownKeys: (target) => [...Reflect.ownKeys(target), 'transactions'],
    getOwnPropertyDescriptor: (target, key) =>
      key === 'transactions'
        ? { value: transactions, enumerable: true, configurable: true, writable: false }
        : Reflect.getOwnPropertyDescriptor(target, key),
  }) as UseWalletHistoryReturnType
}

function flattenUnique(pages: readonly WalletHistoryPage[] | undefined): TransactionEntry[] {
  if (!pages) return []
  const seen = new Set<string>()
  const out: TransactionEntry[] = []
  for (const page of pages) {
    for (const entry of page.result) {
      const key = entry.hash.toLowerCase()
      if (seen.has(key)) continue
      seen.add(key)
      out.push(entry)
    }
  }
  return out
}
