import { describe, expect, it } from 'vitest'
import {
  checkWalletHistoryFilter,
  filterWalletHistory,
  InvalidParameterError,
  walletHistoryFilterFromSearchParams,
  walletHistoryFilterToSearchParams,
  type TransactionEntry,
} from '../../../src/exports/index.js'
import { readWalletHistoryResponse } from '../../../src/core/history/schema.js'
import { erc20Tokens, tokenAddress, toWireJson, walletTransactions, wallets } from '../../../src/testing/index.js'
import { specEntry } from './fixtures.js'

// The rich fixture wallet's 330 eth transactions, read by the real reader from wire JSON.
const text = toWireJson({ page: '1', page_size: '330', cursor: '', result: walletTransactions('rich', 'eth').map((t) => t.raw) })
const entries: TransactionEntry[] = readWalletHistoryResponse(JSON.parse(text), text).result
const me = wallets.rich
const usdc = tokenAddress('eth', 'usdc')

const lower = (s: string | null | undefined) => (s ?? '').toLowerCase()

describe('filterWalletHistory', () => {
  it('keeps everything when the filter narrows nothing (dates alone are the service’s job)', () => {
    expect(filterWalletHistory(entries, me, {})).toHaveLength(entries.length)
    expect(filterWalletHistory(entries, me, { fromDate: '2024-03-01', search: '   ' })).toHaveLength(entries.length)
  })

  it('"received USDC": an incoming USDC transfer, not a transaction that sent USDC and received something else', () => {
    const kept = filterWalletHistory(entries, me, { directions: ['in'], tokens: [usdc] })
    expect(kept.length).toBeGreaterThan(0)
    for (const e of kept) expect(e.erc20_transfer.some((t) => lower(t.address) === lower(usdc) && lower(t.to_address) === lower(me))).toBe(true)
    // Every entry with such a transfer is kept (nothing lost).
    const expected = entries.filter((e) => e.erc20_transfer.some((t) => lower(t.address) === lower(usdc) && lower(t.to_address) === lower(me) && lower(t.from_address) !== lower(me)))
    expect(kept.map((e) => e.hash)).toEqual(expected.map((e) => e.hash))
  })

  it('only NFTs: ERC-721 and ERC-1155 transfers, any direction', () => {
    const kept = filterWalletHistory(entries, me, { kinds: ['nft'] })
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.every((e) => e.nft_transfers.length > 0)).toBe(true)
    expect(kept).toHaveLength(entries.filter((e) => e.nft_transfers.length > 0).length)
  })

  it('by category, case-insensitively, any of several', () => {
    const kept = filterWalletHistory(entries, me, { categories: ['APPROVE', 'token swap'] })
    expect(new Set(kept.map((e) => e.category))).toEqual(new Set(['approve', 'token swap']))
  })

  it('a self-send is "self", not "in" or "out"', () => {
    const self = filterWalletHistory(entries, me, { directions: ['self'], kinds: ['native'] })
    expect(self.length).toBeGreaterThan(0)
    for (const e of self) expect(e.native_transfers.some((t) => lower(t.from_address) === lower(me) && lower(t.to_address) === lower(me))).toBe(true)
  })

  it('searches hashes, addresses, labels, symbols and summaries, case-insensitively', () => {
    const target = entries[7]!
    expect(filterWalletHistory(entries, me, { search: target.hash.toUpperCase().replace('0X', '0x') }).map((e) => e.hash)).toEqual([target.hash])
    const bySymbol = filterWalletHistory(entries, me, { search: 'usdc' })
    expect(bySymbol.length).toBeGreaterThan(0)
    expect(bySymbol.every((e) => JSON.stringify(e).toLowerCase().includes('usdc'))).toBe(true)
    expect(filterWalletHistory(entries, me, { search: 'no such thing anywhere' })).toEqual([])
  })

  it('never matches across two fields (a search spanning a symbol and the next address finds nothing)', () => {
    const entry = specEntry({ summary: 'Sent USD', method_label: 'Coin', erc20_transfer: [], nft_transfers: [], native_transfers: [], internal_transactions: [] })
    const read = readWalletHistoryResponse({ page: '1', page_size: '1', cursor: '', result: [entry] }, '').result
    expect(filterWalletHistory(read, me, { search: 'usdcoin' })).toEqual([])
    expect(filterWalletHistory(read, me, { search: 'sent usd' })).toHaveLength(1)
  })

  it('finds text as the row shows it: hidden characters in service text do not hide it from a search', () => {
    const entry = specEntry({ summary: 'Swapped on Uni\u200Bswap', method_label: 'Multi\u202E Call\u{E0041}', erc20_transfer: [], nft_transfers: [], native_transfers: [], internal_transactions: [] })
    const read = readWalletHistoryResponse({ page: '1', page_size: '1', cursor: '', result: [entry] }, '').result
    expect(filterWalletHistory(read, me, { search: 'uniswap' })).toHaveLength(1)
    expect(filterWalletHistory(read, me, { search: 'multi call' })).toHaveLength(1)
    // A search pasted with a hidden character finds the same.
    expect(filterWalletHistory(read, me, { search: 'Uni\u200Dswap' })).toHaveLength(1)
    expect(filterWalletHistory(read, me, { search: '\u200B' })).toHaveLength(1)
  })

  it('combines fields with AND', () => {
    const both = filterWalletHistory(entries, me, { kinds: ['erc20'], search: erc20Tokens.dai.symbol })
    const kindOnly = filterWalletHistory(entries, me, { kinds: ['erc20'] })
    expect(both.length).toBeGreaterThan(0)
    expect(both.length).toBeLessThan(kindOnly.length)
  })
})

describe('checkWalletHistoryFilter', () => {
  it('names what is wrong', () => {
    expect(() => checkWalletHistoryFilter({ directions: ['sideways'] })).toThrow(expect.objectContaining({ parameter: 'filter.directions[0]' }))
    expect(() => checkWalletHistoryFilter({ kinds: 'nft' })).toThrow(expect.objectContaining({ parameter: 'filter.kinds' }))
    expect(() => checkWalletHistoryFilter({ tokens: ['usdc'] })).toThrow(expect.objectContaining({ parameter: 'filter.tokens[0]' }))
    expect(() => checkWalletHistoryFilter({ directions: ['constructor'] })).toThrow(InvalidParameterError)
    expect(() => checkWalletHistoryFilter('in')).toThrow(InvalidParameterError)
    expect(checkWalletHistoryFilter(undefined)).toEqual({})
  })

  it('names a date it cannot read, and a from date after the to date (before any request)', () => {
    expect(() => checkWalletHistoryFilter({ fromDate: 'yesterday' })).toThrow(expect.objectContaining({ name: 'InvalidParameterError', parameter: 'filter.fromDate' }))
    expect(() => checkWalletHistoryFilter({ toDate: new Date('not a date') })).toThrow(expect.objectContaining({ parameter: 'filter.toDate' }))
    expect(() => checkWalletHistoryFilter({ fromDate: '2024-05-01', toDate: '2024-03-01T23:59:59Z' })).toThrow(expect.objectContaining({ parameter: 'filter.fromDate', reason: expect.stringMatching(/after/) }))
    // Every accepted form still passes, as given.
    expect(checkWalletHistoryFilter({ fromDate: '2024-03-01', toDate: 1714521600 })).toMatchObject({ fromDate: '2024-03-01', toDate: 1714521600 })
    expect(checkWalletHistoryFilter({ fromDate: new Date('2024-03-01T00:00:00Z') }).fromDate).toEqual(new Date('2024-03-01T00:00:00Z'))
  })
})

describe('filter in the URL', () => {
  it('round-trips through search parameters', () => {
    const filter = { categories: ['token receive'], directions: ['in' as const], kinds: ['erc20' as const], tokens: [usdc], search: 'usdc', fromDate: '2024-03-01T00:00:00.000Z', toDate: '2024-03-31T23:59:59.999Z' }
    const params = walletHistoryFilterToSearchParams(filter)
    expect(params.toString()).toContain('direction=in')
    expect(walletHistoryFilterFromSearchParams(new URLSearchParams(params.toString()))).toEqual(filter)
  })

  it('drops what it does not know from a hand-edited URL instead of throwing', () => {
    const filter = walletHistoryFilterFromSearchParams(new URLSearchParams('direction=up&direction=out&kind=__proto__&token=0x1&q=%20&category='))
    expect(filter).toEqual({ directions: ['out'] })
  })

  it('drops a date it cannot read from a hand-edited link (the feed is not turned into an error)', () => {
    expect(walletHistoryFilterFromSearchParams(new URLSearchParams('from=2024-13-45&to=soon&direction=in'))).toEqual({ directions: ['in'] })
    expect(walletHistoryFilterFromSearchParams(new URLSearchParams('from=2024-03-01&to=1714521600'))).toEqual({ fromDate: '2024-03-01', toDate: '1714521600' })
  })

  it('an invalid Date is a typed error naming it, not a RangeError', () => {
    expect(() => walletHistoryFilterToSearchParams({ fromDate: new Date('not a date') })).toThrow(expect.objectContaining({ name: 'InvalidParameterError', parameter: 'filter.fromDate' }))
  })
})
