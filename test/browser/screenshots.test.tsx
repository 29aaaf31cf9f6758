/**
 * Screenshot baselines of the feed's key states (Vitest browser mode's toMatchScreenshot). The
 * references live in __screenshots__/ beside this file and change only on purpose, in a commit of
 * their own: `npx vitest run --project browser test/browser/screenshots.test.tsx --update`.
 */
import { act, type ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { ChainMark } from '../../src/components/ChainBadge/ChainMark.js'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import { ChainMarkContext } from '../../src/components/shared/chainMarkContext.js'
import { TransactionList, type TransactionListProps } from '../../src/components/TransactionList/TransactionList.js'
import { liveRecords, liveTokens } from '../../stories/feed/liveFixtures.js'
import { WALLET } from '../components/fixtures.js'
import { everyKind } from './rowFixtures.js'
import { mountOnPage } from './support/mount.js'



// Relative times read "2 hours ago" on any day the suite runs.
beforeAll(() => void vi.useFakeTimers({ now: new Date('2024-05-01T14:00:00Z'), toFake: ['Date'] }))
afterAll(() => void vi.useRealTimers())


async function shot(name: string, node: ReactNode, { width = 1024, theme = 'light' as 'light' | 'dark', open }: { width?: number; theme?: 'light' | 'dark'; open?: number } = {}) {
  await page.viewport(width, 900)
  document.documentElement.setAttribute('data-theme', theme)
  const host = await mountOnPage(node, (host) => {
    host.style.cssText = `width:${width}px;background:${theme === 'dark' ? '#000' : '#fff'}`
  })
  if (open !== undefined) {
    await act(async () => host.querySelectorAll<HTMLElement>('.bf-row__chevron')[open]!.click())
    await expect.poll(() => host.querySelector('.bf-tx__details:not([hidden]) .bf-transfers')).not.toBeNull()
  }
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((r) => requestAnimationFrame(() => r())))
  await expect.element(page.elementLocator(host.firstElementChild!)).toMatchScreenshot(name, {
    comparatorName: 'pixelmatch',
    // Font hinting moves a few edge pixels between machines; a changed layout moves thousands.
    comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.01 },
  })
}

const feed = (props: Partial<TransactionListProps> = {}) => (
  <TransactionList transactions={everyKind()} wallet={WALLET} chain="eth" locale="en-US" timeZone="UTC" {...props} />
)
const merged = () =>
  everyKind().slice(0, 6).map((tx, i) => ({ ...tx, chain: ['eth', 'base', 'polygon', 'arbitrum', 'optimism', 'bsc'][i]!, wallet: WALLET }))

describe('Screenshots of the feed', () => {
  it('default', () => shot('feed-default', feed()))
  it('dark', () => shot('feed-dark', feed(), { theme: 'dark' }))
  it('360 px', () => shot('feed-360', feed(), { width: 360 }))
  it('360 px, dark', () => shot('feed-360-dark', feed(), { width: 360, theme: 'dark' }))
  it('compact', () => shot('feed-compact', feed({ density: 'compact' })))
  it('merged across chains', () => shot('feed-merged', <ChainMarkContext.Provider value={ChainMark}>{feed({ transactions: merged() })}</ChainMarkContext.Provider>))
  it('details open (a swap)', () => shot('feed-details-swap', feed(), { open: 3 }))
  it('details open (failed), dark', () => shot('feed-details-failed-dark', feed(), { open: 8, theme: 'dark' }))
})

describe('Screenshots of the pending group', () => {
  const records = () => [liveRecords.pending, liveRecords.confirming, liveRecords.confirmed, liveRecords.failed, liveRecords.replaced, liveRecords.dropped]
  const group = () => <PendingTransactions records={records()} tokens={liveTokens} chain="eth" locale="en-US" onSendAgain={() => {}} onDismiss={() => {}} />
  it('every status', () => shot('pending-every-status', group(), { width: 720 }))
  it('every status, dark, 360 px', () => shot('pending-every-status-360-dark', group(), { width: 360, theme: 'dark' }))
})
