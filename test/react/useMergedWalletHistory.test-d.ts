import { describe, expectTypeOf, test } from 'vitest'
import type { BlockfeedQueryError, MergedSourceState, MergedTransactionEntry, MergedWalletHistoryParameters } from '../../src/exports/index.js'
import { useMergedWalletHistory, type UseMergedWalletHistoryParameters } from '../../src/exports/react.js'

describe('useMergedWalletHistory types', () => {
  test('returns merged entries carrying their chain, per-source states, retrySource and the infinite-query fields', () => {
    const r = useMergedWalletHistory({ address: '0x1', chains: ['eth', 'base'] })
    expectTypeOf(r.transactions).toEqualTypeOf<MergedTransactionEntry[]>()
    expectTypeOf(r.transactions[0]!.chain).toEqualTypeOf<string>()
    expectTypeOf(r.sources).toEqualTypeOf<MergedSourceState[]>()
    expectTypeOf(r.retrySource).parameters.toEqualTypeOf<[chain: string, wallet?: string]>()
    expectTypeOf(r.error).toEqualTypeOf<BlockfeedQueryError | null>()
    expectTypeOf(r.hasNextPage).toEqualTypeOf<boolean>()
    r.fetchNextPage()
  })

  test('takes addresses, the history parameters and TanStack options, but not the ones it owns', () => {
    useMergedWalletHistory({ addresses: ['0x1', '0x2'], chains: ['eth'], limit: 25, order: 'ASC', query: { enabled: false, staleTime: 0 } })
    // @ts-expect-error the hook owns the query function
    useMergedWalletHistory({ address: '0x1', chains: ['eth'], query: { queryFn: () => undefined } })
    // @ts-expect-error a merged feed keeps one cursor per source
    useMergedWalletHistory({ address: '0x1', chains: ['eth'], cursor: 'c' })
    expectTypeOf<UseMergedWalletHistoryParameters['chains']>().toEqualTypeOf<MergedWalletHistoryParameters['chains']>()
  })
})
