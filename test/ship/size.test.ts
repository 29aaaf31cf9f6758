/**
 * Size budgets (issue 8), measured the way an app ships them: minified + gzip with react,
 * react-dom, @tanstack/react-query and viem already in the app. wagmi's provider + config +
 * useBalance + useBlockNumber, measured in the same run, is the reference for the hooks.
 */
import { beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM bench module without types
import { budgets, measureSizes } from '../bench/size.mjs'

type Size = { name: string; gzipBytes: number }
let sizes: Record<'core' | 'hooks' | 'feed' | 'styles' | 'wagmi', Size & { lazyGzipBytes: number }>

beforeAll(async () => {
  sizes = await measureSizes()
}, 120_000)

describe('bundle budgets', () => {
  it('BlockfeedProvider + useWalletHistory (with filters) + useRpc weigh at most 0.7 of wagmi’s provider and two hooks', () => {
    expect(sizes.hooks.gzipBytes / sizes.wagmi.gzipBytes).toBeLessThanOrEqual(budgets.hooksVsWagmi)
  })

  it('the drop-in WalletActivityFeed (rows, filter bar, export) loads within its budget (40 kB gzip); what it loads later (pending group, arrivals, details, approvals, merged feed) stays within 38.5 kB in all', () => {
    expect(sizes.feed.gzipBytes).toBeLessThanOrEqual(budgets.feedGzipBytes)
    expect(sizes.feed.lazyGzipBytes).toBeGreaterThan(0)
    expect(sizes.feed.lazyGzipBytes).toBeLessThanOrEqual(budgets.feedLazyGzipBytes)
  })

  it('styles.css stays within 5 kB gzip', () => {
    expect(sizes.styles.gzipBytes).toBeGreaterThan(500)
    expect(sizes.styles.gzipBytes).toBeLessThanOrEqual(budgets.cssGzipBytes)
  })
})
