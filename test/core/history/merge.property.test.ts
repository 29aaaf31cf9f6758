import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  HttpStatusError,
  applyMergedPage,
  mergedWalletHistoryPages,
  type MergedTransactionEntry,
  type MergedWalletHistoryPage,
  type TransactionEntry,
  type WalletHistoryParameters,
} from '../../../src/exports/index.js'

/*
 * Random worlds: chains of blocks (timestamps colliding within and across chains), wallets
 * holding random subsets of each chain's transactions (a transaction held by two wallets is a
 * transfer between them), each (wallet, chain) served in pages of random sizes whose cursors may
 * end early, repeat an earlier one, or point back at the first page; some fail once.
 * The oracle below is written apart from the merge: plain sorting with BigInt block numbers.
 */

const CHAINS = ['eth', 'base', 'polygon', 'bsc', 'optimism']
const WALLETS = [
  '0x1111111111111111111111111111111111111111',
  '0x2222222222222222222222222222222222222222',
  '0x3333333333333333333333333333333333333333',
]
const T0 = Date.UTC(2025, 0, 1)

interface Tx { chain: number; hash: string; time: number; block: bigint; index: number }

const chainArb = fc.array(fc.record({ step: fc.integer({ min: 0, max: 2 }), txs: fc.integer({ min: 1, max: 3 }), gap: fc.integer({ min: 1, max: 3 }) }), { maxLength: 14 })
const sourceArb = fc.record({
  // Some pages come back empty (with a cursor); never all of them.
  pageSizes: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 4 }).map((a) => (a.some((x) => x > 0) ? a : [...a, 1])),
  misstep: fc.option(fc.record({ at: fc.nat(5), kind: fc.constantFrom('null', 'empty', 'repeat', 'first') }), { nil: undefined }),
  lastCursor: fc.constantFrom(null, ''),
  failAt: fc.option(fc.nat(4), { nil: undefined }),
  indexAsNumber: fc.boolean(),
})
const worldArb = fc
  .record({
    chains: fc.array(chainArb, { minLength: 1, maxLength: 4 }),
    wallets: fc.integer({ min: 1, max: 3 }),
    order: fc.constantFrom('ASC' as const, 'DESC' as const, undefined),
    limit: fc.integer({ min: 1, max: 7 }),
    masks: fc.array(fc.nat(7), { minLength: 200, maxLength: 200 }),
    blockBase: fc.constantFrom(0n, 19_000_000n, 2n ** 60n),
  })
  .chain((w) => fc.record({ world: fc.constant(w), sources: fc.array(sourceArb, { minLength: w.chains.length * w.wallets, maxLength: w.chains.length * w.wallets }) }))

type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never

/** Independent order: timestamp, chain, block (BigInt), index, hash; DESC reverses all but the chains' order (a tie follows `chains`). */
function oracleCompare(order: 'ASC' | 'DESC') {
  const rest = (a: Tx, b: Tx) => (a.block < b.block ? -1 : a.block > b.block ? 1 : 0) || a.index - b.index || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0)
  return order === 'ASC'
    ? (a: Tx, b: Tx) => a.time - b.time || a.chain - b.chain || rest(a, b)
    : (a: Tx, b: Tx) => b.time - a.time || a.chain - b.chain || rest(b, a)
}

function buildWorld({ world, sources }: World) {
  const order = world.order ?? 'DESC'
  const cmp = oracleCompare(order)
  const txs: Tx[][] = world.chains.map((blocks, c) => {
    const out: Tx[] = []
    let time = T0
    let block = world.blockBase + 1n
    for (const b of blocks) {
      time += b.step * 12_000
      block += BigInt(b.gap)
      for (let i = 0; i < b.txs; i++) out.push({ chain: c, hash: `0x${c}${String(block)}${i}`.padEnd(66, 'a'), time, block, index: i })
    }
    return out
  })
  let n = 0
  const held = txs.map((list) => list.map(() => world.masks[n++ % world.masks.length]! % 2 ** world.wallets || 1))
  const spec = sources.map((s, i) => {
    const wallet = Math.floor(i / world.chains.length)
    const chain = i % world.chains.length
    const entries = txs[chain]!.filter((_, k) => (held[chain]![k]! >> wallet) & 1).sort(cmp)
    // Chunk by the page sizes in turn; at least one page.
    const pages: Tx[][] = []
    let at = 0
    for (let p = 0; at < entries.length || p === 0; p++) {
      const size = s.pageSizes[p % s.pageSizes.length]!
      pages.push(entries.slice(at, at + size))
      at += size
      if (p > 200) break
    }
    const cursorAfter = (p: number): string | null => {
      if (s.misstep && s.misstep.at === p && p < pages.length) {
        if (s.misstep.kind === 'null') return null
        if (s.misstep.kind === 'empty') return ''
        if (s.misstep.kind === 'repeat' && p > 0) return `p${p}` // the cursor this page was asked with
        if (s.misstep.kind === 'first') return 'p0' // a new cursor that serves the first page again
      }
      return p + 1 < pages.length ? `p${p + 1}` : s.lastCursor
    }
    return { wallet, chain, pages, cursorAfter, failAt: s.failAt, indexAsNumber: s.indexAsNumber, failed: false, requests: 0 }
  })

  // What each source really delivers: its pages, followed by cursor until none, empty or seen.
  const delivered = spec.map((s) => {
    const walked: Tx[][] = []
    const seen = new Set<string>()
    let page = 0
    for (;;) {
      walked.push(s.pages[page]!)
      const c = s.cursorAfter(page)
      if (c === null || c === '' || seen.has(c)) break
      seen.add(c)
      page = Number(c.slice(1))
    }
    return walked
  })
  const union = new Map<string, { tx: Tx; wallets: Set<number> }>()
  delivered.forEach((pages, i) => {
    for (const tx of pages.flat()) {
      const id = `${tx.chain}:${tx.hash}`
      const u = union.get(id) ?? { tx, wallets: new Set<number>() }
      u.wallets.add(spec[i]!.wallet)
      union.set(id, u)
    }
  })
  const expected = [...union.values()].sort((a, b) => cmp(a.tx, b.tx))
  const rank = new Map(expected.map((u, i) => [`${u.tx.chain}:${u.tx.hash}`, i]))

  const entryOf = (tx: Tx, wallet: number, asNumber: boolean): TransactionEntry =>
    ({
      hash: tx.hash,
      block_timestamp: new Date(tx.time).toISOString(),
      block_number: String(tx.block),
      transaction_index: asNumber ? tx.index : String(tx.index),
      from_address: WALLETS[wallet]!,
      to_address: null,
      value: '0',
      summary: `seen by wallet ${wallet}`,
    }) as unknown as TransactionEntry

  let inFlight = 0
  const concurrency: number[] = []
  const client = {
    chain: undefined,
    extraChains: [],
    async getWalletHistory(params: WalletHistoryParameters) {
      const s = spec.find((x) => WALLETS[x.wallet] === params.address && CHAINS[x.chain] === params.chain)!
      expect(params.order).toBe(order)
      expect(params.limit).toBe(world.limit)
      s.requests++
      inFlight++
      concurrency.push(inFlight)
      await new Promise((r) => setTimeout(r, 0))
      inFlight--
      const page = params.cursor === undefined ? 0 : Number(params.cursor.slice(1))
      if (s.failAt === page && !s.failed) {
        s.failed = true
        throw new HttpStatusError({ status: 503, url: 'https://history.test' })
      }
      return { page: null, page_size: null, cursor: s.cursorAfter(page), result: s.pages[page]!.map((tx) => entryOf(tx, s.wallet, s.indexAsNumber)) }
    },
  }
  const params = {
    addresses: WALLETS.slice(0, world.wallets),
    chains: CHAINS.slice(0, world.chains.length),
    limit: world.limit,
    ...(world.order ? { order: world.order } : {}),
  }
  return { world, order, spec, delivered, expected, rank, client, params, concurrency, cmp }
}

const idOf = (e: MergedTransactionEntry) => `${CHAINS.indexOf(e.chain)}:${e.hash}`

/** The merged entry must be the oracle's: right chain, every wallet that holds it, each one's own view. */
function checkEntry(e: MergedTransactionEntry, w: ReturnType<typeof buildWorld>) {
  const u = w.expected[w.rank.get(idOf(e))!]!
  const wallets = [...u.wallets].sort((a, b) => a - b)
  expect(e.chain).toBe(CHAINS[u.tx.chain])
  // `wallet` and `wallets` only when several wallets are merged.
  expect(e.wallets).toEqual(w.world.wallets > 1 ? wallets.map((i) => WALLETS[i]) : undefined)
  expect(e.wallet).toBe(w.world.wallets > 1 ? WALLETS[wallets[0]!] : undefined)
  expect(e.summary).toBe(`seen by wallet ${wallets[0]}`)
  if (wallets.length > 1) expect(e.views!.map((v) => v.summary)).toEqual(wallets.map((i) => `seen by wallet ${i}`))
  else expect(e.views).toBeUndefined()
}

describe('mergedWalletHistoryPages over random sources', () => {
  it('emits exactly the sorted union, each entry once, never going back, with the fewest requests', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (input) => {
        const w = buildWorld({ world: input.world, sources: input.sources.map((s) => ({ ...s, failAt: undefined })) })
        const it = mergedWalletHistoryPages(w.client, w.params)
        const pages: MergedWalletHistoryPage[] = []
        let emitted = 0
        let first = true
        for await (const page of it) {
          pages.push(page)
          if (first) {
            // The first screen: every source asked at once (the counts are checked below).
            expect(w.concurrency.slice(0, w.spec.length)).toEqual(w.spec.map((_, i) => i + 1))
            first = false
          }
          expect(page.late).toEqual([])
          expect(page.incomplete).toEqual([])
          emitted += page.entries.length
          if (!page.done) {
            expect(page.entries).toHaveLength(w.world.limit)
            // Minimal requests: page j+1 of a source was asked for exactly when fewer than
            // `emitted` entries of the union sort at or before the last entry of its first j pages.
            w.spec.forEach((s, i) => {
              const pagesOf = w.delivered[i]!
              // An empty page with a cursor moves nothing, so it costs its next page too.
              let expected = 1
              let bound = -1
              for (let j = 1; j < pagesOf.length; j++) {
                for (const tx of pagesOf[j - 1]!) bound = Math.max(bound, w.rank.get(`${tx.chain}:${tx.hash}`)!)
                if (bound + 1 < emitted) expected++
                else break
              }
              expect(s.requests, `requests of source ${i} after ${emitted} entries`).toBe(expected)
            })
          }
        }
        expect(pages.at(-1)?.done).toBe(true)
        const all = pages.flatMap((p) => p.entries)
        expect(all.map(idOf)).toEqual(w.expected.map((u) => `${u.tx.chain}:${u.tx.hash}`))
        for (const e of all) checkEntry(e, w)
        // Loading everything costs exactly the sum of each source's own page count.
        expect(w.spec.map((s) => s.requests)).toEqual(w.delivered.map((d) => d.length))
        expect(pages.at(-1)!.sources.map((s) => s.status)).toEqual(w.spec.map(() => 'done'))
      }),
      { numRuns: 150 },
    )
    // 150 runs of CPU work: over 30 s on a loaded machine, so a longer guard (it bounds nothing in time).
  }, 90_000)

  it('keeps the others flowing past a failing source, says which are incomplete, and after retries is exact', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, fc.boolean(), async (input, eager) => {
        const w = buildWorld(input)
        const it = mergedWalletHistoryPages(w.client, w.params)
        let list: MergedTransactionEntry[] = []
        let lastRank = -1
        let retries = 0
        for (let guard = 0; guard < 1000; guard++) {
          const r = await it.next()
          if (r.done) {
            const failed = it.sources.filter((s) => s.status === 'error')
            if (failed.length === 0) break
            for (const s of failed) it.retrySource(s.chain, s.wallet)
            retries++
            continue
          }
          const page = r.value
          // `entries` never goes back, whatever failed.
          for (const e of page.entries) {
            const rank = w.rank.get(idOf(e))!
            expect(rank).toBeGreaterThan(lastRank)
            lastRank = rank
          }
          list = applyMergedPage(list, page, w.order, w.params.chains)
          for (const s of page.sources.filter((x) => x.status === 'error')) {
            expect(s.error).toBeInstanceOf(HttpStatusError)
          }
          // Whatever sorts before the last emitted entry and is still missing belongs to a source
          // the page names as incomplete.
          const have = new Set(list.map(idOf))
          const incomplete = new Set(page.incomplete.map((x) => `${x.wallet}:${x.chain}`))
          for (const u of w.expected.slice(0, lastRank + 1)) {
            if (have.has(`${u.tx.chain}:${u.tx.hash}`)) continue
            const owners = [...u.wallets].map((i) => `${WALLETS[i]}:${CHAINS[u.tx.chain]}`)
            expect(owners.some((o) => incomplete.has(o))).toBe(true)
          }
          if (eager) for (const s of page.sources.filter((x) => x.status === 'error')) it.retrySource(s.chain, s.wallet)
        }
        expect(list.map(idOf)).toEqual(w.expected.map((u) => `${u.tx.chain}:${u.tx.hash}`))
        for (const e of list) checkEntry(e, w)
        const failures = w.spec.filter((s) => s.failed).length
        expect(w.spec.reduce((n, s) => n + s.requests, 0)).toBe(w.delivered.reduce((n, d) => n + d.length, 0) + failures)
        if (failures === 0) expect(retries).toBe(0)
      }),
      { numRuns: 150 },
    )
    // 150 runs of CPU work: over 30 s on a loaded machine, so a longer guard (it bounds nothing in time).
  }, 90_000)
})
