import { describe, expect, it } from 'vitest'
import {
  createMergeStateAt,
  mergedEntryId,
  mergedPagesOf,
  mergedWalletHistoryPages,
  snapshotOf,
  type HistorySource,
  type MergeSnapshot,
  type MergeState,
  type MergedTransactionEntry,
} from '../../../src/core/history/merge.js'
import type { WalletHistoryParameters } from '../../../src/core/history/params.js'
import type { WalletHistoryPage } from '../../../src/core/history/schema.js'
import { specEntry } from './fixtures.js'

const A = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
const B = '0x267be1c1d684f78cb4f6a176c4911b741e4ffdc0'
const CHAINS = ['eth', 'base', 'polygon']
const T0 = Date.UTC(2024, 5, 1)

/** A small deterministic random source (the same world every run). */
function random(seed: number) {
  return () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32)
}

/**
 * Per chain, `count` transactions newest first, each held by A, B or both (a transfer between them);
 * times collide within and across chains. Each (wallet, chain) is served `limit` at a time, cursor =
 * offset, and every page after the first repeats the entry before it (a service that overlaps pages).
 */
function world(count: number, wallets: readonly string[], seed = 7) {
  const next = random(seed)
  const lists = new Map<string, Record<string, unknown>[]>()
  CHAINS.forEach((chain, c) => {
    let t = T0
    for (let i = 0; i < count; i++) {
      t -= Math.floor(next() * 3) * 12_000
      const holders = wallets.length === 1 ? wallets : [[A], [B], [A, B]][Math.floor(next() * 3)]!
      for (const w of holders) {
        const key = `${w}:${chain}`
        if (!lists.has(key)) lists.set(key, [])
        lists.get(key)!.push(specEntry({
          hash: `0x${(c + 1).toString(16)}${i.toString(16).padStart(63, '0')}`,
          block_number: String(9_000_000 - i), transaction_index: String(i % 5),
          block_timestamp: new Date(t).toISOString(), from_address: holders[0], to_address: holders.at(-1),
        }))
      }
    }
  })
  const requests: string[] = []
  const client: HistorySource = {
    async getWalletHistory(p: WalletHistoryParameters): Promise<WalletHistoryPage> {
      requests.push(`${p.address}:${p.chain}:${p.cursor ?? ''}`)
      const list = lists.get(`${String(p.address).toLowerCase()}:${String(p.chain)}`) ?? []
      const at = Number(p.cursor ?? 0)
      const limit = p.limit!
      const from = at === 0 ? 0 : at - 1
      const result = structuredClone(list.slice(from, at + limit))
      return { page: 0, page_size: limit, cursor: at + limit < list.length ? String(at + limit) : null, result } as unknown as WalletHistoryPage
    },
  }
  return { client, requests }
}

const ids = (entries: readonly MergedTransactionEntry[]) => entries.map((e) => `${mergedEntryId(e)}=${(e.wallets ?? [e.wallet ?? '']).join('+')}`)

/** What the merge remembers of delivered transactions, all chains: records and hashes. */
const remembered = (state: MergeState) =>
  state.known.flat().reduce((n, g) => n + g.records.size + (g.hashes.exact?.size ?? g.hashes.list.length), 0)

describe('a merged page read again from its snapshot', () => {
  for (const wallets of [[A], [A, B]]) {
    it(`is the same rows in the same order, with one request per source still answering (${wallets.length} wallet(s), 3 chains)`, async () => {
      const params = { addresses: wallets, chains: CHAINS, limit: 10 }
      const { client, requests } = world(120, wallets)
      const live = mergedWalletHistoryPages(client, params)
      const pages: MergedTransactionEntry[][] = []
      const snapshots: (MergeSnapshot | undefined)[] = [undefined]
      for (;;) {
        const step = await live.next()
        if (step.done) break
        pages.push(step.value.entries)
        snapshots.push(snapshotOf(live.state))
      }
      expect(pages.length).toBeGreaterThan(30)
      // Each transaction once across every page boundary: every wallet's view is folded in before it is emitted.
      const all = pages.flat().map(mergedEntryId)
      expect(new Set(all).size).toBe(all.length)
      let asked = 0
      for (let k = 0; k < pages.length; k++) {
        const before = requests.length
        const answering = snapshots[k]?.sources.filter((s) => s.status === 'ok').length ?? CHAINS.length * wallets.length
        const again = mergedPagesOf(client, createMergeStateAt(params, {}, snapshots[k]))
        const step = await again.next()
        expect(ids(step.done ? [] : step.value.entries), `page ${k}`).toEqual(ids(pages[k]!))
        const sent = requests.length - before
        // One request per source still answering at the boundary, plus what the page itself needed further on.
        expect(sent).toBeGreaterThanOrEqual(answering > 0 ? 1 : 0)
        expect(sent).toBeLessThanOrEqual(answering + CHAINS.length * wallets.length)
        asked += sent
      }
      console.info(`${wallets.length} wallet(s): ${pages.length} pages read again with ${(asked / pages.length).toFixed(2)} requests a page`)
    })
  }

  it('keeps what it remembers of delivered transactions flat at any depth, and drops repeats across source pages', async () => {
    for (const wallets of [[A], [A, B]]) {
      const { client } = world(3000, wallets, 11)
      const live = mergedWalletHistoryPages(client, { addresses: wallets, chains: CHAINS, limit: 10 })
      const sizes: number[] = []
      const seen = new Set<string>()
      for (let k = 0; k < 600; k++) {
        const step = await live.next()
        if (step.done) break
        for (const e of step.value.entries) {
          expect(seen.has(mergedEntryId(e))).toBe(false)
          seen.add(mergedEntryId(e))
        }
        sizes.push(remembered(live.state))
      }
      expect(sizes.length).toBe(600)
      console.info(`${wallets.length} wallet(s): transactions remembered at page 50: ${sizes[49]}, at page 600: ${sizes[599]}`)
      // The first pages (kept for arrivals) and a source page or two around the frontier: not the depth.
      expect(sizes[599]).toBeLessThanOrEqual(sizes[49]! + 60)
      expect(Math.max(...live.state.sources.map((s) => s.seen.size))).toBeLessThanOrEqual(64)
    }
  })
})
