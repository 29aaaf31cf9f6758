import { describe, expectTypeOf, it } from 'vitest'
import {
  createClient,
  exportWalletHistoryCsv,
  getNames,
  getTransactionDetails,
  mergedWalletHistoryPages,
  type BlockfeedClient,
  type MergedWalletHistoryIterator,
  type Names,
  type TransactionDetails,
  type WalletHistoryCsvExport,
} from '../../src/exports/index.js'

const client = createClient({ baseUrl: 'https://api.test' })

describe('the client keeps the transport; every other capability is an action taking it first', () => {
  it('the client has only its own methods', () => {
    expectTypeOf<keyof BlockfeedClient>().toEqualTypeOf<'baseUrl' | 'chain' | 'extraChains' | 'ensUniversalResolver' | 'getWalletHistory' | 'walletHistoryPages' | 'rpc' | 'chainInfo'>()
    // 0.1's methods are gone, so tsc names every call to change (README, "Migrating from 0.1").
    // @ts-expect-error moved to getTransactionDetails(client, …)
    void client.getTransactionDetails
    // @ts-expect-error moved to getNames(client, …)
    void client.getNames
    // @ts-expect-error moved to exportWalletHistoryCsv(client, …)
    void client.exportWalletHistoryCsv
    // @ts-expect-error moved to mergedWalletHistoryPages(client, …)
    void client.mergedWalletHistoryPages
  })

  it('the actions take the client first and give what the methods gave', () => {
    expectTypeOf(getTransactionDetails(client, { hash: '0x01' })).resolves.toEqualTypeOf<TransactionDetails | null>()
    expectTypeOf(getNames(client, { addresses: [] })).resolves.toEqualTypeOf<Names>()
    expectTypeOf(exportWalletHistoryCsv(client, { address: '0x01' })).toEqualTypeOf<WalletHistoryCsvExport>()
    expectTypeOf(mergedWalletHistoryPages(client, { address: '0x01', chains: ['eth', 'base'] })).toEqualTypeOf<MergedWalletHistoryIterator>()
  })
})
