import { hashKey, type QueryKey } from '@tanstack/query-core'
import type { PersistedQuery } from '@tanstack/query-persist-client-core'
import type { WalletHistoryPage } from '../history/schema.js'
import type { WalletHistoryData } from '../query/walletHistory.js'
import { HISTORY_RECORD_VERSION, MAX_STORED_PAGES } from './options.js'
import { warnInDevelopment } from './settle.js'

/** The stored text of a history: its first pages (at most `maxEntries` transactions), its key and when it was read. */
export function serializeHistoryRecord(query: PersistedQuery, maxEntries: number): string {
  const data = query.state.data as WalletHistoryData | undefined
  // A window of pages below the top (the feed's `maxPages`) is not the first pages: the stored ones stay.
  if (data?.pageParams[0]) throw new Error('not the first pages')
  const pages: WalletHistoryPage[] = []
  let count = 0
  for (const page of data?.pages.slice(0, MAX_STORED_PAGES) ?? []) {
    count += page.result.length
    if (count > maxEntries) break
    pages.push(page)
  }
  // Thrown, not written: nothing fits (the caller drops the write).
  if (pages.length === 0) throw new Error('nothing to store')
  const record = {
    buster: HISTORY_RECORD_VERSION,
    queryHash: query.queryHash,
    queryKey: query.queryKey,
    state: { dataUpdatedAt: query.state.dataUpdatedAt, data: { pages, pageParams: [null, ...data!.pageParams.slice(1, pages.length)] } },
  }
  return JSON.stringify(record)
}

// The query hash each restored history was stored for, so that a record copied under another key is refused.
const storedFor = new WeakMap<object, string>()

/** The query hash a restored history's record names. */
export function recordHashOf(data: object): string | undefined {
  return storedFor.get(data)
}

class DroppedRecord extends Error {}

function drop(why: string): never {
  warnInDevelopment(`a stored history was dropped (${why}); it is loaded from the network instead.`)
  throw new DroppedRecord(why)
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The history reader, `readWalletHistoryPage`: the one a page from the network goes through. */
export type PageReader = (body: unknown) => WalletHistoryPage

/**
 * Reads a stored record as untrusted input: the same history reader as a network page, every page
 * whole, the pages' cursors continuous, this version only. Anything else is dropped with one
 * development warning (thrown: TanStack's persister then removes it).
 */
export function deserializeHistoryRecord(raw: unknown, read: PageReader): PersistedQuery {
  if (typeof raw !== 'string') drop('not text')
  let parsed: unknown
  try {
    // A key `__proto__` is never one of ours: a record that has one was written by hand.
    parsed = JSON.parse(raw, (key, value: unknown) => {
      if (key === '__proto__') throw new DroppedRecord('__proto__')
      return value
    })
  } catch (e) {
    drop(e instanceof DroppedRecord ? 'a `__proto__` key' : 'not JSON, or cut short')
  }
  if (!isObject(parsed)) drop('not a record')
  if (parsed.buster !== HISTORY_RECORD_VERSION) drop('another version')
  const { queryHash, queryKey, state } = parsed
  if (typeof queryHash !== 'string' || !Array.isArray(queryKey) || queryKey[0] !== 'blockfeed' || queryKey[1] !== 'walletHistory') drop('not a history')
  if (hashKey(queryKey as QueryKey) !== queryHash) drop('its key does not match')
  if (!isObject(state) || typeof state.dataUpdatedAt !== 'number' || !Number.isFinite(state.dataUpdatedAt)) drop('no time')
  const data = readPages(state.data, read)
  storedFor.set(data, queryHash)
  return { buster: HISTORY_RECORD_VERSION, queryHash, queryKey: queryKey as QueryKey, state: { data, dataUpdatedAt: state.dataUpdatedAt } } as unknown as PersistedQuery
}

function readPages(data: unknown, read: PageReader): WalletHistoryData {
  if (!isObject(data) || !Array.isArray(data.pages) || !Array.isArray(data.pageParams)) drop('no pages')
  const { pages: rawPages, pageParams: rawParams } = data
  if (rawPages.length === 0 || rawPages.length > MAX_STORED_PAGES || rawParams.length !== rawPages.length) drop('pages missing')
  const pages: WalletHistoryPage[] = []
  const pageParams: (string | undefined)[] = []
  for (let i = 0; i < rawPages.length; i++) {
    let page: WalletHistoryPage
    try {
      page = read(rawPages[i])
    } catch {
      drop('a page the history reader refuses')
    }
    const param = rawParams[i]
    // The first page has no cursor; each later page starts at the cursor the one before it gave.
    if (i === 0 ? param !== null && param !== undefined : typeof param !== 'string' || param !== pages[i - 1]!.cursor) drop('pages out of order')
    pages.push(page)
    pageParams.push(i === 0 ? undefined : (param as string))
  }
  return { pages, pageParams }
}
