import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createClient, nextCursor, type WalletHistoryPage } from '../../../src/exports/index.js'
import { useMswServer } from '../../support/msw.js'
import { specEntry, specPage } from './fixtures.js'

const BASE = 'https://history.test'
const ROUTE = `${BASE}/api/v2.2/wallets/:address/history`
const ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

/** Serves pages keyed by the cursor asked for ('' for the first). */
function serve(pages: Record<string, { cursor: string | null; hashes: number[] }>) {
  server.use(
    http.get(ROUTE, ({ request }) => {
      const asked = new URL(request.url).searchParams.get('cursor') ?? ''
      const p = pages[asked]
      if (!p) return HttpResponse.json({ message: `unknown cursor ${asked}` }, { status: 400 })
      return HttpResponse.json(specPage(p.hashes.map((h) => specEntry({ hash: hash(h) })), { cursor: p.cursor }))
    }),
  )
}

const { server, requests } = useMswServer()
const client = createClient({ baseUrl: BASE, retry: false })

async function collect(it: AsyncIterable<WalletHistoryPage>) {
  const out: WalletHistoryPage[] = []
  for await (const p of it) out.push(p)
  return out
}

const cursorsAsked = () => requests.map((r) => new URL(r.url).searchParams.get('cursor'))

describe('walletHistoryPages', () => {
  it('walks four pages by cursor, keeping every other parameter, and ends on an empty cursor', async () => {
    serve({
      '': { cursor: 'c1', hashes: [1, 2] },
      c1: { cursor: 'c2', hashes: [3, 4] },
      c2: { cursor: 'c3', hashes: [5] },
      c3: { cursor: '', hashes: [6] },
    })
    const pages = await collect(client.walletHistoryPages({ address: ADDRESS, chain: 'polygon', order: 'ASC', limit: 2 }))
    expect(pages.flatMap((p) => p.result.map((t) => t.hash))).toEqual([1, 2, 3, 4, 5, 6].map(hash))
    expect(cursorsAsked()).toEqual([null, 'c1', 'c2', 'c3'])
    for (const r of requests) {
      const q = new URL(r.url).searchParams
      expect([q.get('chain'), q.get('order'), q.get('limit')]).toEqual(['polygon', 'ASC', '2'])
    }
  })

  it('ends on a null cursor', async () => {
    serve({ '': { cursor: 'c1', hashes: [1] }, c1: { cursor: null, hashes: [2] } })
    expect(await collect(client.walletHistoryPages({ address: ADDRESS }))).toHaveLength(2)
    expect(requests).toHaveLength(2)
  })

  it('stops instead of looping when a service repeats an earlier cursor', async () => {
    serve({
      '': { cursor: 'c1', hashes: [1] },
      c1: { cursor: 'c2', hashes: [2] },
      c2: { cursor: 'c1', hashes: [3] },
    })
    const pages = await collect(client.walletHistoryPages({ address: ADDRESS }))
    expect(pages).toHaveLength(3)
    expect(cursorsAsked()).toEqual([null, 'c1', 'c2'])
  })

  it('stops when a page hands back the cursor it was asked with', async () => {
    serve({ '': { cursor: 'same', hashes: [1] }, same: { cursor: 'same', hashes: [2] } })
    expect(await collect(client.walletHistoryPages({ address: ADDRESS }))).toHaveLength(2)
    expect(cursorsAsked()).toEqual([null, 'same'])
  })

  it('starts from a given cursor and never asks for it again', async () => {
    serve({ start: { cursor: 'next', hashes: [1] }, next: { cursor: 'start', hashes: [2] } })
    expect(await collect(client.walletHistoryPages({ address: ADDRESS, cursor: 'start' }))).toHaveLength(2)
    expect(cursorsAsked()).toEqual(['start', 'next'])
  })

  it('fetches lazily: breaking out after the first page sends one request', async () => {
    serve({ '': { cursor: 'c1', hashes: [1] }, c1: { cursor: 'c2', hashes: [2] } })
    for await (const page of client.walletHistoryPages({ address: ADDRESS })) {
      expect(page.result).toHaveLength(1)
      break
    }
    expect(requests).toHaveLength(1)
  })

  it('an error on a later page reaches the loop after the earlier pages were yielded', async () => {
    serve({ '': { cursor: 'c1', hashes: [1] }, c1: { cursor: 'gone', hashes: [2] } })
    const seen: number[] = []
    const e = await (async () => {
      for await (const p of client.walletHistoryPages({ address: ADDRESS })) seen.push(p.result.length)
    })().catch((x: unknown) => x)
    expect(seen).toEqual([1, 1])
    expect(e).toMatchObject({ name: 'HttpStatusError', status: 400 })
  })
})

describe('nextCursor', () => {
  it('is undefined for null, empty and seen cursors', () => {
    expect(nextCursor({ cursor: null }, new Set())).toBeUndefined()
    expect(nextCursor({ cursor: '' }, new Set())).toBeUndefined()
    expect(nextCursor({ cursor: 'a' }, new Set(['a']))).toBeUndefined()
    expect(nextCursor({ cursor: 'b' }, new Set(['a']))).toBe('b')
  })
})
