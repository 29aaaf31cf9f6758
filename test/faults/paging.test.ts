import { describe, expect, it } from 'vitest'
import { json } from './support/fakeUpstream.js'
import { WALLET, rawEntry, rawPage } from './support/fixtures.js'
import { useFaultService } from './support/harness.js'

const service = useFaultService()

/** Serves pages by the cursor asked for: `pages[cursor ?? '']`. */
function servePages(pages: Record<string, unknown>) {
  service.upstream.reply((call, res) => {
    const cursor = new URL(call.url, 'http://x').searchParams.get('cursor') ?? ''
    json(res, 200, pages[cursor] ?? { error: 'unknown cursor' })
  })
}

async function allPages() {
  const pages = []
  for await (const page of service.client().walletHistoryPages({ address: WALLET })) {
    pages.push(page)
    if (pages.length > 50) throw new Error('paging did not stop')
  }
  return pages
}
const cursorsAsked = () => service.upstream.calls.map((c) => new URL(c.url, 'http://x').searchParams.get('cursor'))

describe('cursor faults', () => {
  it('a null cursor → one page, paging ends', async () => {
    servePages({ '': rawPage([rawEntry(1)], null) })
    expect(await allPages()).toHaveLength(1)
    expect(service.upstream.calls).toHaveLength(1)
  })

  it('an empty-text cursor → normalized to null, paging ends', async () => {
    servePages({ '': rawPage([rawEntry(1)], '') })
    const pages = await allPages()
    expect(pages[0]!.cursor).toBeNull()
    expect(service.upstream.calls).toHaveLength(1)
  })

  it('a cursor the service repeats (A then A again) → paging ends after two pages, no third call', async () => {
    servePages({ '': rawPage([rawEntry(1)], 'A'), A: rawPage([rawEntry(2)], 'A') })
    expect(await allPages()).toHaveLength(2)
    expect(cursorsAsked()).toEqual([null, 'A'])
  })

  it('a cursor loop A → B → A → paging ends after three pages, no infinite loop', async () => {
    servePages({ '': rawPage([rawEntry(1)], 'A'), A: rawPage([rawEntry(2)], 'B'), B: rawPage([rawEntry(3)], 'A') })
    expect(await allPages()).toHaveLength(3)
    expect(cursorsAsked()).toEqual([null, 'A', 'B'])
  })

  it('an empty page that still carries a cursor → paging continues to the next page', async () => {
    servePages({ '': rawPage([], 'A'), A: rawPage([rawEntry(2)], null) })
    const pages = await allPages()
    expect(pages.map((p) => p.result.length)).toEqual([0, 1])
  })

  it('duplicate entries across pages → the core keeps both pages unchanged (de-duplication by hash is the hook’s documented job)', async () => {
    servePages({ '': rawPage([rawEntry(1), rawEntry(2)], 'A'), A: rawPage([rawEntry(2), rawEntry(3)], null) })
    const pages = await allPages()
    expect(pages.flatMap((p) => p.result.map((e) => e.hash))).toEqual([rawEntry(1).hash, rawEntry(2).hash, rawEntry(2).hash, rawEntry(3).hash])
  })

  it('a cursor holding URL syntax (&, =, #, spaces) → sent back exactly, percent-encoded, never as extra parameters', async () => {
    const tricky = 'a&limit=1#frag ment=%41'
    servePages({ '': rawPage([rawEntry(1)], tricky), [tricky]: rawPage([], null) })
    await allPages()
    expect(cursorsAsked()).toEqual([null, tricky])
    expect(new URL(service.upstream.calls[1]!.url, 'http://x').searchParams.get('limit')).toBeNull()
  })
})
