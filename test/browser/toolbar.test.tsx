import axe from 'axe-core'
import { act, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { ExportStatus } from '../../src/react/useExportWalletHistory.js'
import type { WalletHistoryFilter } from '../../src/core/history/filter.js'
import { FeedToolbar } from '../../src/components/WalletActivityFeed/FeedToolbar.js'
import { ALICE, COLLECTION, erc20, nft, TOKEN, tx, WALLET } from '../components/fixtures.js'
import { mountOnPage } from './support/mount.js'




const entries = [
  tx({ category: 'send', value: '1' }),
  tx({ category: 'token receive', to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET })] }),
  tx({ category: 'nft receive', to_address: COLLECTION, nft_transfers: [nft()] }),
]

function Toolbar({ status, filter: initial }: { status: ExportStatus; filter: WalletHistoryFilter }) {
  const [filter, setFilter] = useState(initial)
  const progress = status === 'running' ? { entries: 1200, rows: 1300, requests: 12, chain: 'eth', reached: '2024-03-02T12:00:00.000Z', resume: null, done: false } : null
  return (
    <FeedToolbar
      filterBar={{ filter, onFilterChange: setFilter, entries }}
      exportControl={{ status, progress, onStart: () => {}, onCancel: () => {}, locale: 'en-US', timeZone: 'UTC' }}
    />
  )
}

/** The toolbar at the top of a feed-like root of the given width, in the given theme. */
async function mount(width: number, theme: 'light' | 'dark', { status = 'idle', filter = {} }: { status?: ExportStatus; filter?: WalletHistoryFilter } = {}) {
  await page.viewport(width, 800)
  document.body.style.margin = '0'
  const host = await mountOnPage(
    <div className="bf-root bf-feed" data-theme={theme} style={{ width, boxSizing: 'border-box' }}>
      <Toolbar status={status} filter={filter} />
      {/* Room below the toolbar for its menus, as the feed's rows give. */}
      <div style={{ height: 480 }} />
    </div>,
  )
  // The folded menu and the export's control are chunks loaded after the first render: wait for both.
  await expect.poll(() => host.querySelector('[aria-haspopup="menu"][data-status]') && host.querySelector('.bf-export [role="status"]')).not.toBeNull()
  await frames(3)
  return host.querySelector<HTMLElement>('.bf-toolbar')!
}

async function frames(n: number) {
  for (let i = 0; i < n; i++) await act(() => new Promise<void>((r) => requestAnimationFrame(() => r())))
}

const visible = (el: Element | null | undefined): el is HTMLElement => !!el && (el as HTMLElement).getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
const buttonNamed = (scope: HTMLElement, name: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)
const rect = (el: Element) => el.getBoundingClientRect()
const intersects = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5

/** No pair of the elements' boxes intersects. */
function expectNoOverlap(els: HTMLElement[]) {
  for (let i = 0; i < els.length; i++)
    for (let j = i + 1; j < els.length; j++) expect(intersects(rect(els[i]!), rect(els[j]!)), `${els[i]!.className || els[i]!.tagName} × ${els[j]!.className || els[j]!.tagName}`).toBe(false)
}

/** The input's inner width left over once its placeholder is drawn in its own font (negative: clipped). */
function placeholderRoom(input: HTMLElement): number {
  const style = getComputedStyle(input)
  const context = document.createElement('canvas').getContext('2d')!
  context.font = style.font
  const text = context.measureText((input as HTMLInputElement).placeholder).width
  return input.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - text
}

function expectNoSidewaysScroll(toolbar: HTMLElement) {
  for (const el of [toolbar, toolbar.querySelector('.bf-toolbar__line')!, document.documentElement]) expect(el.scrollWidth, el.className || el.tagName).toBeLessThanOrEqual(el.clientWidth)
}

function expectWithinViewport(el: HTMLElement) {
  const r = rect(el)
  expect(r.left).toBeGreaterThanOrEqual(0)
  expect(r.right).toBeLessThanOrEqual(window.innerWidth)
  expect(r.bottom).toBeLessThanOrEqual(window.innerHeight)
}

async function expectAxeClean(el: HTMLElement) {
  const result = await axe.run(el)
  expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`))).toEqual([])
  // Contrast was checked, not skipped.
  const contrast = await axe.run(el, { runOnly: ['color-contrast'] })
  expect(contrast.passes.length).toBeGreaterThan(0)
}

describe('FeedToolbar in Chromium: folded at 360 px, whole at 1024 px', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}, 360 px: one line of search, Filters and More; nothing overlaps or scrolls sideways; touch targets ≥ 32 px`, async () => {
      const toolbar = await mount(360, theme, { filter: { directions: ['in'], kinds: ['erc20'] } })
      expect(rect(toolbar).height).toBeLessThanOrEqual(48)
      const search = toolbar.querySelector<HTMLElement>('input[type="search"]')!
      const filters = toolbar.querySelector<HTMLElement>('.bf-filters__toggle')!
      const more = toolbar.querySelector<HTMLElement>('[aria-haspopup="menu"]')!
      for (const el of [search, filters, more]) {
        expect(visible(el)).toBe(true)
        expect(rect(el).height).toBeGreaterThanOrEqual(32)
      }
      // Seen as "Filters" and a badge, heard as one phrase.
      await expect.element(page.getByRole('button', { name: 'Filters (2 active)', exact: true })).toBeVisible()
      expect(filters.querySelector('.bf-filters__count')!.textContent).toBe('2')
      expectNoOverlap([search, filters, more])
      // "More" folds to three dots, still heard as "More", so the search box shows its whole placeholder.
      await expect.element(page.getByRole('button', { name: 'More', exact: true })).toBeVisible()
      expect(rect(more).width).toBeLessThanOrEqual(40)
      expect(placeholderRoom(search)).toBeGreaterThanOrEqual(0)
      // The wide form is out of sight and out of the tab order: no second "Export CSV", no chips.
      expect(visible(buttonNamed(toolbar, 'Export CSV'))).toBe(false)
      expect(visible(buttonNamed(toolbar, 'Received'))).toBe(false)
      expectNoSidewaysScroll(toolbar)
      await expectAxeClean(toolbar.closest('.bf-root')!.parentElement!)
    })

    it(`${theme}, 360 px: the Filters panel and the More menu open below the line, inside the viewport, overlapping nothing of it`, async () => {
      const toolbar = await mount(360, theme)
      const search = toolbar.querySelector<HTMLElement>('input[type="search"]')!
      const filters = toolbar.querySelector<HTMLElement>('.bf-filters__toggle')!
      const more = toolbar.querySelector<HTMLElement>('[aria-haspopup="menu"]')!

      await userEvent.click(filters)
      const panel = document.getElementById(filters.getAttribute('aria-controls')!)!
      expect(visible(panel)).toBe(true)
      const chips = [...panel.querySelectorAll<HTMLElement>('button')]
      expect(chips.length).toBeGreaterThan(5)
      for (const chip of chips) {
        expect(visible(chip)).toBe(true)
        expect(rect(chip).height).toBeGreaterThanOrEqual(32)
        expectWithinViewport(chip)
      }
      expectNoOverlap([search, filters, more, panel])
      expectNoOverlap(chips)
      expectNoSidewaysScroll(toolbar)
      await expectAxeClean(toolbar.closest('.bf-root')!.parentElement!)

      await userEvent.click(more)
      const menu = toolbar.querySelector<HTMLElement>('[role="menu"]')!
      expect(visible(menu)).toBe(true)
      expectWithinViewport(toolbar.querySelector<HTMLElement>('.bf-toolbar__popover')!)
      const item = menu.querySelector<HTMLElement>('[role="menuitem"]')!
      expect(item.textContent).toBe('Export CSV')
      expect(rect(item).height).toBeGreaterThanOrEqual(32)
      expectNoOverlap([search, filters, more, toolbar.querySelector<HTMLElement>('.bf-toolbar__popover')!])
      expectNoSidewaysScroll(toolbar)
      await expectAxeClean(toolbar.closest('.bf-root')!.parentElement!)
    })

    it(`${theme}, 360 px: an export under way shows on the closed More button and stays in the live region`, async () => {
      const toolbar = await mount(360, theme, { status: 'running' })
      expect(rect(toolbar).height).toBeLessThanOrEqual(48)
      expect(visible(toolbar.querySelector('.bf-toolbar__spinner'))).toBe(true)
      const region = toolbar.querySelector<HTMLElement>('[role="status"]')!
      // Hidden from the eye, not from a screen reader: not display:none.
      expect(getComputedStyle(region).display).not.toBe('none')
      // The export's machinery (its words among it) loads after the toolbar's first render.
      await expect.poll(() => region.textContent).toBe('1,200 transactions, up to Mar 2, 2024')
      expect(visible(toolbar.querySelector('[role="progressbar"]'))).toBe(false)
      // The menu's own button (it says the export's status) once its chunk is in.
      await expect.poll(() => toolbar.querySelector('[aria-haspopup="menu"][data-status]')).not.toBeNull()
      await userEvent.click(toolbar.querySelector<HTMLElement>('[aria-haspopup="menu"]')!)
      await expect.poll(() => toolbar.querySelector('.bf-toolbar__status')?.textContent).toBe('1,200 transactions, up to Mar 2, 2024')
      expect(toolbar.querySelector('[role="menuitem"]')!.textContent).toBe('Cancel export')
      expectWithinViewport(toolbar.querySelector<HTMLElement>('.bf-toolbar__popover')!)
      expectNoSidewaysScroll(toolbar)
      await expectAxeClean(toolbar.closest('.bf-root')!.parentElement!)
    })

    it(`${theme}, 1024 px: Export CSV in view without a menu, the chips inline, no Filters or More button`, async () => {
      const toolbar = await mount(1024, theme)
      const exportButton = buttonNamed(toolbar, 'Export CSV')
      expect(visible(exportButton)).toBe(true)
      expect(visible(buttonNamed(toolbar, 'Received'))).toBe(true)
      expect(visible(toolbar.querySelector('.bf-filters__toggle'))).toBe(false)
      expect(visible(toolbar.querySelector('[aria-haspopup="menu"]'))).toBe(false)
      expect(rect(toolbar).height).toBeLessThanOrEqual(100)
      const search = toolbar.querySelector<HTMLElement>('input[type="search"]')!
      expectNoOverlap([search, ...toolbar.querySelectorAll<HTMLElement>('.bf-chip'), exportButton!])
      expectNoSidewaysScroll(toolbar)
      await expectAxeClean(toolbar.closest('.bf-root')!.parentElement!)
    })
  }

  it('folds on the feed’s width, not the window’s: a 360 px feed in a 1024 px window is folded', async () => {
    await page.viewport(1024, 800)
    const host = await mountOnPage(
      <div className="bf-root bf-feed" style={{ width: 360, boxSizing: 'border-box' }}>
        <Toolbar status="idle" filter={{}} />
      </div>,
    )
    await frames(3)
    const toolbar = host.querySelector<HTMLElement>('.bf-toolbar')!
    expect(visible(toolbar.querySelector('.bf-filters__toggle'))).toBe(true)
    expect(visible(buttonNamed(toolbar, 'Export CSV'))).toBe(false)
    expect(rect(toolbar).height).toBeLessThanOrEqual(48)
  })
})
