/**
 * Right to left in Chromium: the feed, an opened row and the Pending group in Arabic. The layout
 * mirrors through the logical CSS alone; data (addresses, amounts with symbols) keeps reading left
 * to right. Screenshots in baselines/ (`--update` to change them, in a commit of their own).
 */
import { act, type ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import { TransactionList } from '../../src/components/TransactionList/TransactionList.js'
import ar from '../../src/locales/ar.js'
import { liveRecords, liveTokens } from '../../stories/feed/liveFixtures.js'
import { WALLET } from '../components/fixtures.js'
import { everyKind } from './rowFixtures.js'
import { mountOnPage } from './support/mount.js'

beforeAll(() => void vi.useFakeTimers({ now: new Date('2024-05-01T14:00:00Z'), toFake: ['Date'] }))
afterAll(() => void vi.useRealTimers())

const frames = async (n = 4) => {
  for (let i = 0; i < n; i++) await act(() => new Promise<void>((r) => requestAnimationFrame(() => r())))
}
async function mount(node: ReactNode, width = 1024) {
  await page.viewport(width, 900)
  const host = await mountOnPage(node, (h) => (h.style.cssText = `width:${width}px;background:#fff`))
  // The Arabic catalogue is a chunk loaded on first use.
  await expect.poll(() => host.textContent).toContain(ar.row.titles.send)
  await frames()
  return host
}
async function shot(name: string, host: HTMLElement) {
  await expect.element(page.elementLocator(host.firstElementChild!)).toMatchScreenshot(name, {
    comparatorName: 'pixelmatch',
    comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.01 },
  })
}

const feed = () => <TransactionList transactions={everyKind()} wallet={WALLET} chain="eth" locale="ar" timeZone="UTC" />
const rect = (e: Element) => e.getBoundingClientRect()

describe('the feed in Arabic', () => {
  it('reads right to left: dir and computed direction on the root, amounts on the left edge, the title and glyph on the right', async () => {
    const host = await mount(feed())
    const root = host.firstElementChild as HTMLElement
    expect(root.getAttribute('dir')).toBe('rtl')
    expect(getComputedStyle(root).direction).toBe('rtl')
    const row = host.querySelector('article .bf-row')!
    const leading = rect(row.querySelector('.bf-row__leading')!)
    const middle = rect(row.querySelector('.bf-row__middle')!)
    const trailing = rect(row.querySelector('.bf-row__trailing')!)
    expect(trailing.right).toBeLessThanOrEqual(middle.left + 1)
    expect(leading.left).toBeGreaterThanOrEqual(middle.right - 1)
    expect(leading.right).toBeGreaterThan(rect(row).right - 48)
    await shot('feed-ar', host)
  })

  it('an address and a signed amount still read left to right', async () => {
    const host = await mount(feed())
    const party = [...host.querySelectorAll<HTMLElement>('.bf-row__party')].find((p) => p.textContent!.startsWith('0x'))!
    expect(party.textContent).toMatch(/^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/)
    // On screen too: "0x" is the party's leftmost text.
    const range = document.createRange()
    range.setStart(party.firstChild!, 0)
    range.setEnd(party.firstChild!, 2)
    expect(range.getBoundingClientRect().left).toBeLessThanOrEqual(rect(party).left + 1)
    expect(getComputedStyle(party).direction).toBe('ltr')
    const amount = host.querySelector<HTMLElement>('.bf-row__trailing .bf-amount')!
    expect(getComputedStyle(amount).direction).toBe('ltr')
    // The sign stays before the number, the symbol after it, on screen too.
    const number = rect(amount.querySelector('.bf-amount__number')!)
    const symbol = amount.querySelector('.bf-amount__symbol')
    if (symbol) expect(rect(symbol).left).toBeGreaterThan(number.left)
    expect(amount.querySelector('.bf-amount__number')!.textContent).toMatch(/^[−+]/)
  })

  it('at 360 px nothing scrolls sideways', async () => {
    const host = await mount(feed(), 360)
    const root = host.firstElementChild as HTMLElement
    expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1)
    for (const a of host.querySelectorAll('article')) expect(a.scrollWidth).toBeLessThanOrEqual(a.clientWidth + 1)
    await shot('feed-ar-360', host)
  })

  it('an opened row’s details, in Arabic', async () => {
    const host = await mount(feed())
    await act(async () => host.querySelectorAll<HTMLElement>('.bf-row__chevron')[3]!.click())
    await expect.poll(() => host.querySelector('.bf-tx__details:not([hidden]) .bf-transfers')).not.toBeNull()
    await expect.poll(() => host.querySelector('.bf-tx__details .bf-transfers')!.getAttribute('aria-label')).toBe(ar.rowDetails.transfers)
    await frames()
    await shot('feed-ar-details', host)
  })
})

describe('the Pending group in Arabic', () => {
  it('every status, right to left', async () => {
    const records = [liveRecords.pending, liveRecords.confirming, liveRecords.confirmed, liveRecords.failed, liveRecords.replaced, liveRecords.dropped]
    await page.viewport(720, 900)
    const host = await mountOnPage(<PendingTransactions records={records} tokens={liveTokens} chain="eth" locale="ar" onSendAgain={() => {}} onDismiss={() => {}} />, (h) => (h.style.cssText = 'width:720px;background:#fff'))
    await expect.poll(() => host.textContent).toContain(ar.pending.status.dropped)
    const root = host.firstElementChild as HTMLElement
    expect(root.getAttribute('dir')).toBe('rtl')
    expect(getComputedStyle(root).direction).toBe('rtl')
    await frames()
    await shot('pending-ar', host)
  })
})
