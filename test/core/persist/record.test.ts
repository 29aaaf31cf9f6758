import { hashKey } from '@tanstack/query-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readWalletHistoryPage, type WalletHistoryPage } from '../../../src/core/history/schema.js'
import { HISTORY_RECORD_VERSION } from '../../../src/core/persist/options.js'
import { deserializeHistoryRecord, recordHashOf, serializeHistoryRecord } from '../../../src/core/persist/record.js'
import { mergeFirstPage } from '../../../src/core/persist/revalidate.js'
import type { PersistedQuery } from '@tanstack/query-persist-client-core'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const entry = (n: number, extra: Record<string, unknown> = {}) => ({
  hash: hash(n), from_address: A, to_address: B, value: '1', block_timestamp: '2024-01-01T00:00:00.000Z', block_number: String(100 - n), ...extra,
})
const page = (hashes: number[], cursor: string | null): WalletHistoryPage =>
  readWalletHistoryPage({ page: 1, page_size: hashes.length, cursor, result: hashes.map((n) => entry(n)) })

const key = (address = A) => ['blockfeed', 'walletHistory', { baseUrl: 'https://api.test', address, chain: 'eth' }, { type: 'infinite' }] as const
const query = (pages: WalletHistoryPage[], pageParams: (string | undefined)[], address = A): PersistedQuery =>
  ({ buster: '', queryKey: key(address), queryHash: hashKey(key(address)), state: { data: { pages, pageParams }, dataUpdatedAt: 1_700_000_000_000 } }) as unknown as PersistedQuery

const stored = (pages = [page([1, 2], 'c1'), page([3, 4], 'c2')], params: (string | undefined)[] = [undefined, 'c1']) =>
  serializeHistoryRecord(query(pages, params), 500)

afterEach(() => vi.restoreAllMocks())

function dropped(raw: unknown) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  expect(() => deserializeHistoryRecord(raw, readWalletHistoryPage)).toThrow()
  expect(warn).toHaveBeenCalledTimes(1)
  return String(warn.mock.calls[0]![0])
}

describe('stored history records', () => {
  it('a stored history reads back as the same pages, with the query hash it was stored for', () => {
    const restored = deserializeHistoryRecord(stored(), readWalletHistoryPage)
    const data = restored.state.data as { pages: WalletHistoryPage[]; pageParams: unknown[] }
    expect(data.pages.map((p) => p.result.map((e) => e.hash))).toEqual([[hash(1), hash(2)], [hash(3), hash(4)]])
    expect(data.pageParams).toEqual([undefined, 'c1'])
    expect(recordHashOf(data)).toBe(hashKey(key()))
    expect(restored.buster).toBe(HISTORY_RECORD_VERSION)
  })

  it('keeps at most the first 2 pages, and whole pages within maxEntries', () => {
    const three = query([page([1, 2], 'c1'), page([3, 4], 'c2'), page([5, 6], null)], [undefined, 'c1', 'c2'])
    const all = JSON.parse(serializeHistoryRecord(three, 500)) as { state: { data: { pages: unknown[]; pageParams: unknown[] } } }
    expect(all.state.data.pages).toHaveLength(2)
    expect(all.state.data.pageParams).toEqual([null, 'c1'])
    const one = JSON.parse(serializeHistoryRecord(three, 3)) as { state: { data: { pages: unknown[] } } }
    expect(one.state.data.pages).toHaveLength(1)
    expect(() => serializeHistoryRecord(three, 1)).toThrow()
  })

  it('drops a record of another version (older or newer), with one warning', () => {
    for (const version of ['blockfeed-history-0', 'blockfeed-history-2']) {
      const raw = JSON.parse(stored()) as Record<string, unknown>
      expect(dropped(JSON.stringify({ ...raw, buster: version }))).toMatch(/another version/)
      vi.restoreAllMocks()
    }
  })

  it('drops a truncated record', () => {
    const raw = stored()
    expect(dropped(raw.slice(0, Math.floor(raw.length / 2)))).toMatch(/dropped/)
  })

  it('drops a record whose entries fail the history reader', () => {
    const raw = JSON.parse(stored()) as { state: { data: { pages: { result: Record<string, unknown>[] }[] } } }
    raw.state.data.pages[1]!.result[0]!.hash = 42
    expect(dropped(JSON.stringify(raw))).toMatch(/reader/)
  })

  it('drops a record written by hand with a __proto__ key, without touching any prototype', () => {
    const raw = stored().replace('"state":{', '"state":{"__proto__":{"polluted":true},')
    expect(dropped(raw)).toMatch(/__proto__/)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('drops a record whose key does not match its hash, and pages whose cursors do not follow', () => {
    const raw = JSON.parse(stored()) as Record<string, unknown>
    expect(dropped(JSON.stringify({ ...raw, queryHash: hashKey(key(B)) }))).toMatch(/key/)
    vi.restoreAllMocks()
    expect(dropped(stored(undefined, [undefined, 'elsewhere']))).toMatch(/order/)
    vi.restoreAllMocks()
    expect(dropped(42)).toMatch(/not text/)
  })
})

describe('revalidating the first page of restored rows', () => {
  const restored = { pages: [page([3, 4], 'c1'), page([5, 6], 'c2')], pageParams: [undefined, 'c1'] }

  it('new entries go on top, as arrivals; a changed entry is replaced in place; later pages stay', () => {
    const fresh = readWalletHistoryPage({ cursor: 'n1', result: [entry(1), entry(2), entry(3), entry(5, { possible_spam: true })] })
    const { data, arrived } = mergeFirstPage(restored, fresh)
    expect(data.pages.map((p) => p.result.map((e) => e.hash))).toEqual([[hash(1), hash(2), hash(3), hash(4)], [hash(5), hash(6)]])
    expect(data.pages[1]!.result[0]!.possible_spam).toBe(true)
    expect(data.pageParams).toEqual([undefined, 'c1'])
    expect(arrived).toEqual([hash(1), hash(2)])
  })

  it('a fresh page that shares nothing with the stored rows (and has more) replaces them', () => {
    const fresh = readWalletHistoryPage({ cursor: 'n1', result: [entry(10), entry(11)] })
    const { data, arrived } = mergeFirstPage(restored, fresh)
    expect(data.pages).toEqual([fresh])
    expect(data.pageParams).toEqual([undefined])
    expect(arrived).toEqual([])
  })
})
