/**
 * Size budgets, measured the way an app ships them: minified + gzip with react, react-dom,
 * @tanstack/react-query and viem already in the app (test/bench/size.mjs). wagmi's provider + config
 * + useBalance + useBlockNumber, measured in the same run, is the reference for the hooks. Budgets
 * over their figure are `it.fails` with the reason: such a test fails once the figure is back within
 * its budget, and the plain assertion is to come back then.
 */
import { beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM bench module without types
import { budgets, measureCatalogues, measureSizes } from '../bench/size.mjs'

type Size = { name: string; gzipBytes: number; lazyGzipBytes: number; initialInputs: string[]; locales: Record<string, { gzipBytes: number }[]> }
let sizes: Record<'core' | 'hooks' | 'hooksClient' | 'clientPage' | 'app' | 'feed' | 'styles' | 'wagmi' | 'wagmiApp', Size>
let catalogues: Record<string, Record<string, number>>

beforeAll(async () => {
  ;[sizes, catalogues] = await Promise.all([measureSizes(), measureCatalogues()])
}, 120_000)

const vsWagmi = (s: Size) => s.gzipBytes / sizes.wagmi.gzipBytes

describe('bundle budgets', () => {
  it('BlockfeedProvider + useWalletHistory (with filters) + useRpc weigh at most 0.7 of wagmi’s provider and two hooks (phase two)', () => {
    expect(vsWagmi(sizes.hooks)).toBeLessThanOrEqual(budgets.hooksVsWagmi)
  })

  // Over since issue 25 (languages) and left as written: that issue is blocked on it. Issue 26 added
  // the CSV writer and the names lookup, which the client used to carry, as chunks of their own.
  it.fails('what the feed loads later (pending group, arrivals, details, approvals, merged feed, export, names, menus; one language) stays within 38.5 kB in all [over since #25, blocked]', () => {
    expect(sizes.feed.lazyGzipBytes).toBeGreaterThan(0)
    expect(sizes.feed.lazyGzipBytes).toBeLessThanOrEqual(budgets.feedLazyGzipBytes)
  })

  // Over since issue 26 (43.2 kB): the CSV writer and the names lookup were the client's, outside this
  // measure of the feed alone; as actions the feed imports they count here. Loading them with
  // `import()` instead measured 41.0 kB here but heavier in every row of issue 26 below: esbuild keeps
  // a module that an entry re-exports in the first load even when only a lazy chunk uses it, and splits
  // the code that chunk shares with the first load into more chunks. The same app from the sources,
  // without the entries, loads 56.6 kB with the page, against 64.2 kB before the actions left the client.
  it.fails('the drop-in WalletActivityFeed (rows, filter bar, export) loads within its budget (40 kB gzip) [over since #26, blocked]', () => {
    expect(sizes.feed.gzipBytes).toBeLessThanOrEqual(budgets.feedGzipBytes)
  })

  it('styles.css stays within 5 kB gzip', () => {
    expect(sizes.styles.gzipBytes).toBeGreaterThan(500)
    expect(sizes.styles.gzipBytes).toBeLessThanOrEqual(budgets.cssGzipBytes)
  })
})

// Issue 26's table, each over its budget today (issue 26 is blocked on them; the figures are in
// test/bench/RESULTS.md). The app rows import the package by its entries: esbuild keeps in the first
// load every module an entry re-exports that a lazy chunk also uses (evanw/esbuild#3704), which is
// most of the gap between the app's 94 kB and the 56.6 kB it loads when importing modules directly.
describe('issue 26: an app pays only for what it uses', () => {
  it('each row is measured from the built package', () => {
    for (const s of [sizes.hooks, sizes.hooksClient, sizes.clientPage, sizes.app]) {
      expect(s.initialInputs.some((i) => i.startsWith('dist/'))).toBe(true)
      expect(s.initialInputs.some((i) => i.startsWith('src/'))).toBe(false)
    }
  })

  it('createClient and one history read bring no action: no details, names, CSV or merge code', () => {
    const inputs = sizes.clientPage.initialInputs.join('\n')
    for (const action of ['details/getTransactionDetails', 'details/names', 'export/csv', 'history/merge']) expect(inputs).not.toContain(action)
  })

  it.fails('provider + useWalletHistory + useRpc weigh at most 0.5 × wagmi [0.67 ×, blocked]', () => {
    expect(vsWagmi(sizes.hooks)).toBeLessThanOrEqual(budgets.hooksVsWagmiIssue26)
  })

  it.fails('the same with createClient weighs at most 1.0 × wagmi [2.1 ×, blocked]', () => {
    expect(vsWagmi(sizes.hooksClient)).toBeLessThanOrEqual(budgets.hooksWithClientVsWagmi)
  })

  it.fails('createClient + reading one history page stays within 12 kB [16.6 kB, blocked]', () => {
    expect(sizes.clientPage.gzipBytes).toBeLessThanOrEqual(budgets.clientPageGzipBytes)
  })

  it.fails('an app with the drop-in feed (feed + provider + createClient) loads at most 30 kB before any lazy chunk [blocked]', () => {
    expect(sizes.app.gzipBytes).toBeLessThanOrEqual(budgets.appGzipBytes)
  })

  it.fails('… and at most 60 kB with every chunk it may load, in one language [blocked]', () => {
    expect(sizes.app.gzipBytes + sizes.app.lazyGzipBytes).toBeLessThanOrEqual(budgets.appAllChunksGzipBytes)
  })
})

describe('language budgets (issue 25)', () => {
  it('the English catalogue adds at most 3 kB gzip to the feed’s first load: its first-screen part, and no other language', () => {
    expect(catalogues.en!.main).toBeLessThanOrEqual(budgets.englishFirstLoadGzipBytes)
    const locales = sizes.feed.initialInputs.filter((i) => i.includes('src/locales/'))
    expect(locales).toEqual(['src/locales/en/main.ts'])
  })

  it('every other language is chunks of its own, each within 2.5 kB gzip, loaded only when used', () => {
    const tags = Object.keys(catalogues).filter((t) => t !== 'en')
    expect(tags.length).toBeGreaterThanOrEqual(17)
    for (const tag of tags) for (const [part, bytes] of Object.entries(catalogues[tag]!)) expect(bytes, `${tag}/${part}`).toBeLessThanOrEqual(budgets.localeChunkGzipBytes)
    // In the feed's bundle they are chunks loaded later, never with the page.
    expect(Object.keys(sizes.feed.locales).sort()).toEqual(tags.sort())
    for (const chunks of Object.values(sizes.feed.locales)) for (const c of chunks) expect(c.gzipBytes).toBeLessThanOrEqual(budgets.localeChunkGzipBytes)
  })
})

describe('the wagmi bridge (issue 28)', () => {
  it('blockfeed/wagmi adds at most 2 kB gzip beyond what the feed app already loads', () => {
    const added = sizes.wagmiApp.gzipBytes - sizes.app.gzipBytes
    expect(added).toBeGreaterThan(0)
    expect(added).toBeLessThanOrEqual(budgets.wagmiBridgeGzipBytes)
    // It adds nothing loaded later either: every chunk the feed loads later is the same size give or take a name.
    expect(Math.abs(sizes.wagmiApp.lazyGzipBytes - sizes.app.lazyGzipBytes)).toBeLessThan(100)
  })

  it('nothing of it reaches the other entries', () => {
    for (const row of [sizes.core, sizes.hooks, sizes.hooksClient, sizes.clientPage, sizes.app]) {
      expect(row.initialInputs.filter((i) => i.includes('/wagmi/')), row.name).toEqual([])
    }
    expect(sizes.wagmiApp.initialInputs.some((i) => i.startsWith('dist/wagmi/'))).toBe(true)
  })
})
