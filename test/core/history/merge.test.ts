import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  HttpStatusError,
  InvalidParameterError,
  ResponseShapeError,
  applyMergedPage,
  chainNames,
  createClient,
  isAbortError,
  mergedWalletHistoryPages,
  type MergedTransactionEntry,
  type MergedWalletHistoryPage,
} from '../../../src/exports/index.js'
import { useMswServer } from '../../support/msw.js'
import { specEntry, specPage } from './fixtures.js'

// Real HTTP through the real client (MSW), each chain served from its own list, cursor = offset.
const BASE = 'https://history.test'
const ROUTE = `${BASE}/api/v2.2/wallets/:address/history`
const A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const B = '0x267be1c1d684f78cb4f6a176c4911b741e4ffdc0'
const T0 = Date.UTC(2024, 5, 1)

const { server, requests } = useMswServer()
const client = createClient({ baseUrl: BASE, retry: false })

const hash = (chain: string, n: number) => `0x${Buffer.from(chain).toString('hex').padEnd(16, '0')}${n.toString(16).padStart(48, '0')}`

/** `count` entries for `chain`, newest first, one every `spacing` seconds (blocks of `chain`'s own numbering). */
function chainHistory(chain: string, count: number, spacing: number, offset = 0) {
  return Array.from({ length: count }, (_, i) =>
    specEntry({
      hash: hash(chain, i),
      block_number: String(5_000_000 - i * 3),
      block_timestamp: new Date(T0 - (offset + i * spacing) * 1000).toISOString(),
      transaction_index: String(i % 7),
    }),
  )
}

/** Serves each (wallet, chain) list in the order asked, `limit` at a time, cursor = next offset. */
function serve(lists: Record<string, ReturnType<typeof chainHistory>>, fail: Set<string> = new Set()) {
  server.use(
    http.get(ROUTE, ({ request, params }) => {
      const q = new URL(request.url).searchParams
      const chain = q.get('chain')!
      const key = Object.hasOwn(lists, `${String(params.address)}:${chain}`) ? `${String(params.address)}:${chain}` : chain
      if (fail.has(key)) return HttpResponse.json({ message: 'upstream down' }, { status: 503 })
      const list = Object.hasOwn(lists, key) ? lists[key]! : []
      const sorted = q.get('order') === 'ASC' ? [...list].reverse() : list
      const limit = Number(q.get('limit'))
      const at = Number(q.get('cursor') ?? 0)
      const next = at + limit < sorted.length ? String(at + limit) : ''
      return HttpResponse.json(specPage(sorted.slice(at, at + limit), { cursor: next, page_size: String(limit) }))
    }),
  )
}

const asked = () => requests.map((r) => new URL(r.url).searchParams)
const countBy = (chain: string) => asked().filter((q) => q.get('chain') === chain).length

async function drain(it: AsyncIterable<MergedWalletHistoryPage>) {
  const pages: MergedWalletHistoryPage[] = []
  for await (const p of it) pages.push(p)
  return pages
}

const times = (entries: MergedTransactionEntry[]) => entries.map((e) => Date.parse(e.block_timestamp))

describe('mergedWalletHistoryPages through createClient', () => {
  it('reads 3 chains with 1,000 / 100 / 0 entries at limit 100 in exactly 10 + 1 + 1 requests, merged in order', async () => {
    serve({ eth: chainHistory('eth', 1000, 60), base: chainHistory('base', 100, 500, 7), polygon: [] })
    const pages = await drain(mergedWalletHistoryPages(client, { address: A, chains: ['eth', 'base', 'polygon'], limit: 100 }))
    expect([countBy('eth'), countBy('base'), countBy('polygon')]).toEqual([10, 1, 1])
    const all = pages.flatMap((p) => p.entries)
    expect(all).toHaveLength(1100)
    // One wallet: every entry says its chain, and no wallet fields.
    expect(all.every((e) => e.wallet === undefined && e.wallets === undefined)).toBe(true)
    expect(new Set(all.map((e) => `${e.chain}:${e.hash}`)).size).toBe(1100)
    // DESC by default, sent explicitly on every request (the spec does not show the service's default).
    const t = times(all)
    expect(t.every((x, i) => i === 0 || t[i - 1]! >= x)).toBe(true)
    for (const q of asked()) expect([q.get('order'), q.get('limit')]).toEqual(['DESC', '100'])
    expect(all.filter((e) => e.chain === 'base')).toHaveLength(100)
    expect(pages.slice(0, -1).every((p) => p.entries.length === 100)).toBe(true)
    expect(pages.at(-1)!.done).toBe(true)
    expect(pages.at(-1)!.sources.map((s) => [s.chain, s.status, s.requests])).toEqual([['eth', 'done', 10], ['base', 'done', 1], ['polygon', 'done', 1]])
  })

  it('shows the first screen (25 rows) across 13 chains with 13 requests, all in flight together', async () => {
    const lists = Object.fromEntries(chainNames.map((c, i) => [c, chainHistory(c, 60, 13 + i, i)]))
    let arrived = 0
    let release!: () => void
    const all13 = new Promise<void>((r) => (release = r))
    const seenAtAnswer: number[] = []
    server.use(
      http.get(ROUTE, async ({ request }) => {
        if (++arrived === 13) release()
        // Answer once all 13 have arrived (or give up after 2 s, and the count below says so).
        await Promise.race([all13, new Promise((r) => setTimeout(r, 2000))])
        seenAtAnswer.push(arrived)
        const q = new URL(request.url).searchParams
        return HttpResponse.json(specPage(lists[q.get('chain')!]!.slice(0, 25), { cursor: '25' }))
      }),
    )
    const it = mergedWalletHistoryPages(client, { address: A, chains: chainNames, limit: 25 })
    const first = await it.next()
    expect(requests).toHaveLength(13)
    expect(seenAtAnswer).toEqual(Array(13).fill(13))
    const entries = first.done ? [] : first.value.entries
    expect(entries).toHaveLength(25)
    const expected = Object.values(lists).flat().sort((a, b) => Date.parse(String(b.block_timestamp)) - Date.parse(String(a.block_timestamp)))
    expect(times(entries)).toEqual(expected.slice(0, 25).map((e) => Date.parse(String(e.block_timestamp))))
    await it.return!()
  })

  it('keeps the others flowing when a chain fails, names it incomplete, and retries it alone', async () => {
    // Offsets chosen so no two chains share a timestamp (ties are the property test's business).
    const lists = { eth: chainHistory('eth', 30, 60), base: chainHistory('base', 30, 90, 31), polygon: chainHistory('polygon', 30, 75, 17) }
    const fail = new Set(['polygon'])
    serve(lists, fail)
    const it = mergedWalletHistoryPages(client, { address: A, chains: ['eth', 'base', 'polygon'], limit: 10 })
    const first = (await it.next()).value!
    expect(first.entries).toHaveLength(10)
    const polygon = first.sources.find((s) => s.chain === 'polygon')!
    expect(polygon.status).toBe('error')
    expect(polygon.error).toBeInstanceOf(HttpStatusError)
    expect((polygon.error as HttpStatusError).status).toBe(503)
    expect(first.incomplete).toEqual([{ chain: 'polygon', wallet: A }])
    expect(first.entries.every((e) => e.chain !== 'polygon')).toBe(true)
    let list = applyMergedPage([], first, 'DESC', ['eth', 'base', 'polygon'])

    fail.clear()
    const before = requests.length
    it.retrySource('polygon')
    const second = (await it.next()).value!
    // Only polygon was asked again, from its first page, until it caught up.
    const again = asked().slice(before)
    expect(again.length).toBeGreaterThan(0)
    expect(again.every((q) => q.get('chain') === 'polygon')).toBe(true)
    expect(second.late.length).toBeGreaterThan(0)
    expect(second.late.every((e) => e.chain === 'polygon')).toBe(true)
    expect(second.incomplete).toEqual([])
    expect(second.sources.find((s) => s.chain === 'polygon')!.status).not.toBe('error')
    list = applyMergedPage(list, second, 'DESC', ['eth', 'base', 'polygon'])
    for await (const page of it) list = applyMergedPage(list, page, 'DESC', ['eth', 'base', 'polygon'])

    const expected = Object.values(lists).flat().sort((a, b) => Date.parse(String(b.block_timestamp)) - Date.parse(String(a.block_timestamp)))
    expect(list.map((e) => e.hash)).toEqual(expected.map((e) => e.hash))
  })

  it('shows a transfer between two merged wallets once, with both wallets and each one’s view', async () => {
    const shared = { hash: hash('eth', 999), block_number: '5000001', block_timestamp: new Date(T0 + 1000).toISOString(), transaction_index: '3', from_address: A, to_address: B }
    const view = (direction: string, summary: string) => specEntry({ ...shared, summary, native_transfers: [{ from_address: A, to_address: B, value: '1000', direction }] })
    serve({
      [`${A}:eth`]: [view('outgoing', 'Sent 1000 wei'), ...chainHistory('eth', 3, 60)],
      [`${B}:eth`]: [view('incoming', 'Received 1000 wei')],
    })
    const pages = await drain(mergedWalletHistoryPages(client, { addresses: [A, B], chains: ['eth'], limit: 10 }))
    const all = pages.flatMap((p) => p.entries)
    expect(all).toHaveLength(4)
    const transfer = all.find((e) => e.hash === shared.hash)!
    expect(transfer.chain).toBe('eth')
    expect(transfer.wallet).toBe(A)
    expect(transfer.wallets).toEqual([A, B])
    expect(transfer.summary).toBe('Sent 1000 wei')
    expect(transfer.views!.map((v) => [v.summary, v.native_transfers[0]!.direction])).toEqual([['Sent 1000 wei', 'outgoing'], ['Received 1000 wei', 'incoming']])
    expect(all.filter((e) => e !== transfer).every((e) => e.wallets?.length === 1 && e.wallet === A && e.views === undefined)).toBe(true)
  })

  it('a service\'s "__proto__" field on a transfer between two merged wallets stays a field of each view, never its prototype', async () => {
    const shared = { hash: hash('eth', 998), block_number: '5000001', block_timestamp: new Date(T0 + 1000).toISOString(), transaction_index: '3', from_address: A, to_address: B }
    const hostile = (direction: string) => {
      const e = specEntry({ ...shared, native_transfers: [{ from_address: A, to_address: B, value: '1000', direction }] })
      // An own "__proto__" key, as JSON.parse makes it from a body that has one.
      Object.defineProperty(e, '__proto__', { value: { chain: 'evil', toString: 'x' }, enumerable: true, writable: true, configurable: true })
      return e
    }
    serve({ [`${A}:eth`]: [hostile('outgoing')], [`${B}:eth`]: [hostile('incoming')] })
    const pages = await drain(mergedWalletHistoryPages(client, { addresses: [A, B], chains: ['eth'], limit: 10 }))
    const transfer = pages.flatMap((p) => p.entries).find((e) => e.hash === shared.hash)!
    expect(transfer.views).toHaveLength(2)
    for (const view of transfer.views!) {
      expect(Object.getPrototypeOf(view)).toBe(Object.prototype)
      expect(Object.hasOwn(view, '__proto__')).toBe(true)
      expect((view as { chain?: unknown }).chain).toBeUndefined()
      expect(() => String(view)).not.toThrow()
    }
  })

  it('merges oldest first when asked ASC; equal timestamps follow the chains’ order, oldest or newest first', async () => {
    const same = new Date(T0).toISOString()
    serve({
      eth: [specEntry({ hash: hash('eth', 1), block_timestamp: same, block_number: '10' })],
      base: [specEntry({ hash: hash('base', 1), block_timestamp: same, block_number: '99' })],
    })
    const asc = await drain(mergedWalletHistoryPages(client, { address: A, chains: ['base', 'eth'], order: 'asc' }))
    expect(asc.flatMap((p) => p.entries).map((e) => e.chain)).toEqual(['base', 'eth'])
    expect(asked().every((q) => q.get('order') === 'ASC' && q.get('limit') === '25')).toBe(true)
    const desc = await drain(mergedWalletHistoryPages(client, { address: A, chains: ['base', 'eth'] }))
    expect(desc.flatMap((p) => p.entries).map((e) => e.chain)).toEqual(['base', 'eth'])
  })

  it('fails one source, not the feed, on a body it cannot read', async () => {
    serve({ eth: chainHistory('eth', 3, 60) })
    server.use(
      http.get(ROUTE, ({ request }) =>
        new URL(request.url).searchParams.get('chain') === 'base' ? HttpResponse.json({ result: [{ hash: 7 }] }) : undefined,
      ),
    )
    const pages = await drain(mergedWalletHistoryPages(client, { address: A, chains: ['eth', 'base'] }))
    expect(pages.flatMap((p) => p.entries).map((e) => e.chain)).toEqual(['eth', 'eth', 'eth'])
    const base = pages.at(-1)!.sources.find((s) => s.chain === 'base')!
    expect(base.status).toBe('error')
    expect(base.error).toBeInstanceOf(ResponseShapeError)
    expect(pages.at(-1)!.incomplete).toEqual([{ chain: 'base', wallet: A }])
    expect(pages.at(-1)!.done).toBe(false)
  })

  it('refuses bad input with a typed error naming it, before any request', () => {
    const bad: [unknown, string][] = [
      [{ address: '0x12', chains: ['eth'] }, 'address'],
      [{ addresses: [A, 'nope'], chains: ['eth'] }, 'addresses[1]'],
      [{ addresses: [], chains: ['eth'] }, 'addresses'],
      [{ address: A, addresses: [A], chains: ['eth'] }, 'addresses'],
      [{ address: A, chains: ['eth', 'constructor'] }, 'chains[1]'],
      [{ address: A, chains: [] }, 'chains'],
      [{ address: A }, 'chains'],
      [{ address: A, chains: ['eth'], limit: 0 }, 'limit'],
      [{ address: A, chains: ['eth'], order: 'sideways' }, 'order'],
      [{ address: A, chains: ['eth'], cursor: 'abc' }, 'cursor'],
      [{ address: A, chains: ['eth'], fromDate: 'yesterday' }, 'fromDate'],
      [null, 'params'],
    ]
    for (const [params, parameter] of bad) {
      let error: unknown
      try {
        mergedWalletHistoryPages(client, params as never)
      } catch (e) {
        error = e
      }
      expect(error, parameter).toBeInstanceOf(InvalidParameterError)
      expect((error as InvalidParameterError).parameter).toBe(parameter)
    }
    const it = mergedWalletHistoryPages(client, { address: A, chains: ['eth', '0x1', 'base'] })
    // 'eth' and '0x1' are one chain: one source.
    expect(it.sources.map((s) => s.chain)).toEqual(['eth', 'base'])
    for (const chain of ['polygon', '__proto__', 'toString']) {
      expect(() => it.retrySource(chain)).toThrow(InvalidParameterError)
    }
    expect(() => it.retrySource('eth', B)).toThrow(/not one of this feed's wallets/)
    expect(requests).toHaveLength(0)
  })

  it('takes the client’s chain when no chains are given, and stops on abort without blaming a source', async () => {
    serve({ polygon: chainHistory('polygon', 3, 60) })
    const onPolygon = createClient({ baseUrl: BASE, retry: false, chain: 'polygon' })
    const pages = await drain(mergedWalletHistoryPages(onPolygon, { address: A }))
    expect(pages.flatMap((p) => p.entries).map((e) => e.chain)).toEqual(['polygon', 'polygon', 'polygon'])

    server.use(http.get(ROUTE, () => new Promise<never>(() => {})))
    const controller = new AbortController()
    const it = mergedWalletHistoryPages(client, { address: A, chains: ['eth', 'base'] }, { signal: controller.signal })
    const pending = it.next()
    await new Promise((r) => setTimeout(r, 20))
    controller.abort()
    const error = await pending.then(() => undefined, (e: unknown) => e)
    expect(isAbortError(error)).toBe(true)
    expect(it.sources.map((s) => s.status)).toEqual(['loading', 'loading'])
  })
})
