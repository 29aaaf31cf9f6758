import axe from 'axe-core'
import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { TransactionList, type TransactionListProps } from '../../src/components/TransactionList/TransactionList.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { ChainFilter } from '../../src/components/ChainFilter/ChainFilter.js'
import { ChainMark } from '../../src/components/ChainBadge/ChainMark.js'
import { ChainMarkContext } from '../../src/components/shared/chainMarkContext.js'
import { ALICE, erc20, TOKEN, tx, WALLET } from '../components/fixtures.js'
import { everyKind } from './rowFixtures.js'
import { interactiveOverlaps, wholeRowsIn } from './geometry.js'

// The stylesheet as shipped: every component CSS part.
import.meta.glob('../../src/components/**/*.css', { eager: true })

// Real clicks and keys from the browser: React batches them itself, as in an app.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false

let root: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  root?.unmount()
  host?.remove()
  root = undefined
  host = undefined
  document.documentElement.removeAttribute('data-theme')
})

async function mount(node: ReactNode, width: number): Promise<HTMLElement> {
  host = document.createElement('div')
  host.style.width = `${width}px`
  document.body.append(host)
  root = createRoot(host)
  root.render(node)
  for (let i = 0; i < 4; i++) await new Promise<void>((r) => requestAnimationFrame(() => r()))
  return host
}

const base = { wallet: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const
const feed = (props: Partial<TransactionListProps> = {}) => <TransactionList transactions={everyKind()} {...base} {...props} />

function rowHeights(el: HTMLElement): number[] {
  return [...el.querySelectorAll('article')].map((a) => a.getBoundingClientRect().height)
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

describe('Row anatomy in Chromium: density', () => {
  for (const [density, most, rows] of [['comfortable', 72, 7], ['compact', 56, 9]] as const) {
    it(`${density} at 1024 px: median row ≤ ${most} px, ≥ ${rows} whole rows in the 560 px viewport`, async () => {
      await page.viewport(1024, 800)
      const el = await mount(feed({ density }), 1024)
      const heights = rowHeights(el)
      expect(median(heights)).toBeLessThanOrEqual(most)
      expect(wholeRowsIn(el.querySelector('.bf-feed__viewport')!)).toBeGreaterThanOrEqual(rows)
    })
  }

  it('360 × 780: ≥ 5 whole rows, no sideways scroll, titles give way before amounts', async () => {
    await page.viewport(360, 780)
    const el = await mount(feed(), 360)
    const viewport = el.querySelector<HTMLElement>('.bf-feed__viewport')!
    expect(wholeRowsIn(viewport)).toBeGreaterThanOrEqual(5)
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360)
    expect(viewport.scrollWidth).toBeLessThanOrEqual(viewport.clientWidth)
    for (const amount of el.querySelectorAll<HTMLElement>('.bf-row__amount')) {
      // No amount clipped: its text fits its box, and its box is inside the row.
      expect.soft(amount.scrollWidth, amount.textContent!).toBeLessThanOrEqual(amount.clientWidth + 1)
      const row = amount.closest('article')!.getBoundingClientRect()
      expect.soft(amount.getBoundingClientRect().right).toBeLessThanOrEqual(row.right + 0.5)
    }
  })
})

describe('Row anatomy in Chromium: large amounts on a phone', () => {
  // 360: a feed as wide as the phone; 326: inside a page's margins (the stories' frame at 360).
  it.each([360, 326])('%i px: a received 13,404.764499 DAI and a swap of 163.828096 USDC keep their titles whole (the rows show 7 digits; the exact amount is the title)', async (width) => {
    await page.viewport(360, 780)
    const dai = { token_symbol: 'DAI', token_decimals: '18', address: '0x6b175474e89094c44da98b954eedeac495271d0f' }
    const transactions = [
      tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ ...dai, from_address: ALICE, to_address: WALLET, value: '13404764499000000000000' })] }),
      tx({ to_address: ALICE, category: 'token swap', erc20_transfer: [erc20({ value: '163828096' })], native_transfers: [{ from_address: ALICE, to_address: WALLET, value: '2752709000000000000', internal_transaction: true }] }),
    ]
    const el = await mount(feed({ transactions }), width)
    const verbs = [...el.querySelectorAll<HTMLElement>('.bf-row__verb')]
    expect(verbs.map((v) => v.textContent)).toEqual(['Received', 'Swapped'])
    for (const verb of verbs) expect(verb.scrollWidth, verb.textContent!).toBeLessThanOrEqual(verb.clientWidth)
    const amounts = [...el.querySelectorAll<HTMLElement>('.bf-row__amount .bf-amount')]
    expect(amounts.map((a) => a.textContent)).toEqual(['+13,404.76 DAI', '−163.8281 USDC', '+2.752709 ETH'])
    expect(amounts[0]!.title).toBe('+13,404.764499 DAI')
  })
})

describe('Row anatomy in Chromium: one column of chevrons', () => {
  for (const [width, dir] of [[1024, 'ltr'], [360, 'ltr'], [360, 'rtl']] as const) {
    it(`${width} px, ${dir}: every row's chevron ends at the same edge, with or without an amount`, async () => {
      await page.viewport(width, 800)
      const el = await mount(<div dir={dir}>{feed()}</div>, width)
      const rows = [...el.querySelectorAll('article')]
      const bare = rows.filter((a) => !a.querySelector('.bf-row__trailing'))
      // The fixtures hold rows without an amount (an approval, a deployment): the case that drifted.
      expect(bare.length).toBeGreaterThan(0)
      const edges = rows.map((a) => {
        const box = a.querySelector('.bf-row__chevron')!.getBoundingClientRect()
        return Math.round(dir === 'rtl' ? box.left : box.right)
      })
      expect(new Set(edges).size, JSON.stringify(edges)).toBe(1)
    })
  }
})

describe('Row anatomy in Chromium: every interactive element apart', () => {
  for (const width of [1024, 360]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${width} px, ${theme}: no two interactive elements overlap, axe finds nothing (contrast included)`, async () => {
        await page.viewport(width, 800)
        document.documentElement.setAttribute('data-theme', theme)
        const el = await mount(feed({ showSpam: true }), width)
        expect(interactiveOverlaps(el)).toEqual([])
        const result = await axe.run(el)
        expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([])
      })
    }
  }
})

describe('Row anatomy in Chromium: details open in place', () => {
  it('click, Enter and Space on the row open and close its details; the chevron says aria-expanded', async () => {
    await page.viewport(1024, 800)
    const el = await mount(feed(), 1024)
    const article = el.querySelector<HTMLElement>('article')!
    const chevron = article.querySelector<HTMLElement>('.bf-row__chevron')!
    expect(chevron.getAttribute('aria-expanded')).toBe('false')
    const closed = article.getBoundingClientRect().height
    await userEvent.click(article.querySelector('.bf-row__title')!)
    expect(chevron.getAttribute('aria-expanded')).toBe('true')
    expect(article.querySelector('.bf-tx__details')!.hasAttribute('hidden')).toBe(false)
    await expect.poll(() => article.getBoundingClientRect().height).toBeGreaterThan(closed + 40)
    // The explorer link lives in the details now, with the hash.
    await expect.poll(() => article.querySelector('.bf-tx__details a[href^="https://etherscan.io/tx/"]')).not.toBeNull()
    article.focus()
    await userEvent.keyboard('{Enter}')
    expect(chevron.getAttribute('aria-expanded')).toBe('false')
    await userEvent.keyboard(' ')
    expect(chevron.getAttribute('aria-expanded')).toBe('true')
    // Open rows push the next ones down: nothing overlaps.
    expect(interactiveOverlaps(el)).toEqual([])
  })

  it('a standalone row opens with its chevron, without a feed around it', async () => {
    await page.viewport(1024, 800)
    const el = await mount(<TransactionRow transaction={everyKind()[2]!} {...base} />, 600)
    const chevron = el.querySelector<HTMLElement>('.bf-row__chevron')!
    await userEvent.click(chevron)
    expect(chevron.getAttribute('aria-expanded')).toBe('true')
    await expect.poll(() => el.querySelector('.bf-transfer[data-kind="erc20"]')).not.toBeNull()
  })
})

describe('Row anatomy in Chromium: a feed across chains', () => {
  const chains = ['eth', 'base', 'polygon', 'arbitrum', 'optimism', 'bsc'] as const
  const merged = () => everyKind().map((tx, i) => ({ ...tx, chain: chains[i % chains.length]!, wallet: WALLET }))
  for (const width of [1024, 360]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${width} px, ${theme}: every row carries its chain's mark on its leading mark, the chips and rows never overlap, axe is clean`, async () => {
        await page.viewport(width, 800)
        document.documentElement.setAttribute('data-theme', theme)
        // The marks as the feed across chains supplies them to its rows.
        const el = await mount(<ChainMarkContext.Provider value={ChainMark}>{feed({ transactions: merged(), toolbar: <div className="bf-feed__toolbar"><ChainFilter chains={chains} /></div> })}</ChainMarkContext.Provider>, width)
        await expect.poll(() => el.querySelectorAll('.bf-row__badge svg').length).toBe(el.querySelectorAll('article').length)
        const badge = el.querySelector('.bf-row__badge')!.getBoundingClientRect()
        const leading = el.querySelector('.bf-row__leading')!.getBoundingClientRect()
        // A badge on the mark, not beside it: its centre lies inside the leading mark's box.
        expect(badge.left + badge.width / 2).toBeGreaterThan(leading.left)
        expect(badge.left + badge.width / 2).toBeLessThan(leading.right)
        expect(el.querySelector('article')!.textContent).toContain('on Ethereum')
        expect(interactiveOverlaps(el)).toEqual([])
        expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width)
        const result = await axe.run(el)
        expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([])
      })
    }
  }
})
