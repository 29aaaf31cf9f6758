import axe from 'axe-core'
import { act, useState, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cdp, page } from 'vitest/browser'
import { TransactionList, type TransactionListProps } from '../../src/components/TransactionList/TransactionList.js'
import { ALICE, COLLECTION, erc20, internal, manyTransactions, nft, TOKEN, tx, UINT256_MAX, WALLET } from '../components/fixtures.js'

// The stylesheet as shipped: every component CSS part.
import.meta.glob('../../src/components/**/*.css', { eager: true })

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  act(() => root?.unmount())
  host?.remove()
  root = undefined
  host = undefined
})

async function mount(node: ReactNode, width = 640): Promise<HTMLElement> {
  host = document.createElement('div')
  host.style.width = `${width}px`
  document.body.append(host)
  root = createRoot(host)
  await act(async () => root!.render(node))
  await frames(3)
  return host
}

async function frames(n: number) {
  for (let i = 0; i < n; i++) await act(() => new Promise<void>((r) => requestAnimationFrame(() => r())))
}

const base = { wallet: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const
const list = (props: Partial<TransactionListProps>) => <TransactionList transactions={[]} {...base} {...props} />

/** Every state and kind in one list: what the layout and contrast checks look at. */
function showcase() {
  const long = 'Extremely-long-token-name-that-should-never-break-the-layout-'.repeat(4)
  return [
    tx({ value: '1500000000000000000', from_address_label: 'me' }),
    tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, token_symbol: long, from_address_label: long })] }),
    tx({ to_address: TOKEN, erc20_transfer: [erc20({ value: UINT256_MAX })], method_label: 'approve' }),
    tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft({ token_id: '9'.repeat(78) }), nft({ contract_type: 'ERC1155', amount: '12' })] }),
    tx({ receipt_status: '0', value: '1000000000000000000' }),
    tx({ to_address: null, receipt_contract_address: '0x3333333333333333333333333333333333333333' }),
    tx({ from_address: ALICE, to_address: WALLET, value: '1', possible_spam: true }),
    tx({ from_address: ALICE, to_address: '0x4444444444444444444444444444444444444444', internal_transactions: [internal()] }),
  ]
}

describe('TransactionList in Chromium: virtualization and paging', () => {
  it('10,000 entries mount at most 60 article rows', async () => {
    const el = await mount(list({ transactions: manyTransactions(10_000) }))
    const count = el.querySelectorAll('article').length
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(60)
    expect(el.querySelector('[role="feed"]')!.getBoundingClientRect().height).toBeGreaterThan(10_000 * 50)
  })

  it('scrolling to the end calls onLoadMore once', async () => {
    const onLoadMore = vi.fn()
    const el = await mount(list({ transactions: manyTransactions(300), hasNextPage: true, onLoadMore }))
    expect(onLoadMore).not.toHaveBeenCalled()
    const viewport = el.querySelector<HTMLElement>('.bf-feed__viewport')!
    // Scroll in steps (as a person would), then keep nudging at the bottom.
    for (let i = 0; i < 40 && viewport.scrollTop + viewport.clientHeight < viewport.scrollHeight - 1; i++) {
      viewport.scrollTop = viewport.scrollHeight
      await frames(2)
    }
    for (let i = 0; i < 5; i++) {
      viewport.scrollTop = viewport.scrollHeight
      viewport.dispatchEvent(new Event('scroll'))
      await frames(2)
    }
    await expect.poll(() => onLoadMore.mock.calls.length).toBe(1)
    await frames(5)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    // The last transaction is on screen.
    expect(el.querySelector('article[aria-posinset="300"]')).not.toBeNull()
  })

  it('keyboard focus moves to rows that were not mounted (End on 2,000 rows)', async () => {
    const el = await mount(list({ transactions: manyTransactions(2000) }))
    const first = el.querySelector<HTMLElement>('article')!
    await act(async () => first.focus())
    await act(async () => first.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })))
    await expect.poll(() => document.activeElement?.getAttribute('aria-posinset')).toBe('2000')
    await act(async () => (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true })))
    await expect.poll(() => document.activeElement?.getAttribute('aria-posinset')).toBe('1999')
  })
})

describe('TransactionList in Chromium: paging past pages that add no visible row', () => {
  // A parent that pages like useWalletHistory: each request takes a turn, then adds a page (or nothing new).
  function Pager({ pages, onRequest }: { pages: ReturnType<typeof tx>[][]; onRequest: () => void }) {
    const [loaded, setLoaded] = useState(1)
    const [fetching, setFetching] = useState(false)
    const loadMore = () => {
      onRequest()
      setFetching(true)
      setTimeout(() => {
        setLoaded((n) => n + 1)
        setFetching(false)
      }, 10)
    }
    return list({ transactions: pages.slice(0, loaded).flat(), hasNextPage: loaded < pages.length, isFetchingNextPage: fetching, onLoadMore: loadMore })
  }
  const spamPage = (k: number) =>
    Array.from({ length: 10 }, (_, i) =>
      tx({ from_address: ALICE, to_address: TOKEN, block_timestamp: new Date(Date.parse('2024-04-01T00:00:00Z') - (k * 10 + i) * 60_000).toISOString(), erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, possible_spam: true })] }),
    )

  it('two pages of only hidden spam between short visible pages: it loads on to the end with no click', async () => {
    const onRequest = vi.fn()
    const pages = [manyTransactions(2), spamPage(0), spamPage(1), manyTransactions(2, Date.parse('2024-03-01T00:00:00Z'))]
    const el = await mount(<Pager pages={pages} onRequest={onRequest} />)
    await expect.poll(() => el.querySelectorAll('article').length, { timeout: 5_000 }).toBe(4)
    expect(onRequest).toHaveBeenCalledTimes(3)
    expect(el.querySelector('.bf-feed__spam')!.textContent).toContain('20 transactions hidden as possible spam')
    expect(el.querySelector('.bf-feed__more')).toBeNull()
  })
})

describe('TransactionList in Chromium: layout', () => {
  for (const width of [360, 1280]) {
    it(`holds at ${width} px: nothing overflows the feed sideways`, async () => {
      await page.viewport(width, 900)
      const el = await mount(list({ transactions: showcase(), showSpam: true, hasNextPage: true, onLoadMore: () => {} }), width)
      const feed = el.querySelector<HTMLElement>('.bf-feed')!
      const box = feed.getBoundingClientRect()
      expect(Math.round(box.width)).toBe(width)
      const viewport = el.querySelector<HTMLElement>('.bf-feed__viewport')!
      expect(viewport.scrollWidth).toBeLessThanOrEqual(viewport.clientWidth)
      const articles = [...el.querySelectorAll('article')]
      expect(articles.length).toBeGreaterThanOrEqual(4)
      for (const node of el.querySelectorAll('article *')) {
        const r = node.getBoundingClientRect()
        if (r.width === 0 || node.closest('.bf-visually-hidden')) continue
        expect.soft(r.right, `${node.className || node.tagName} overflows`).toBeLessThanOrEqual(box.right + 0.5)
        expect.soft(r.left).toBeGreaterThanOrEqual(box.left - 0.5)
      }
      // Rows are measured, not assumed: no row overlaps the next.
      const items = [...el.querySelectorAll<HTMLElement>('.bf-feed__item')].map((i) => i.getBoundingClientRect())
      for (let i = 1; i < items.length; i++) expect(items[i]!.top).toBeGreaterThanOrEqual(items[i - 1]!.bottom - 0.5)
    })
  }
})

describe('TransactionList in Chromium: accessibility of light and dark themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: axe (including colour contrast) finds no violations`, async () => {
      await page.viewport(1024, 900)
      document.documentElement.setAttribute('data-theme', theme)
      try {
        const el = await mount(list({ transactions: showcase(), showSpam: true, hasNextPage: true, onLoadMore: () => {} }), 720)
        const background = getComputedStyle(el.querySelector('.bf-feed')!).backgroundColor
        expect(background).toBe(theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(11, 15, 23)')
        const result = await axe.run(el)
        expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`))).toEqual([])
        const contrast = await axe.run(el, { runOnly: ['color-contrast'] })
        expect(contrast.passes.length + contrast.incomplete.length).toBeGreaterThan(0)
      } finally {
        document.documentElement.removeAttribute('data-theme')
      }
    })
  }

  it('follows the OS dark preference, and data-theme="light" still wins over it', async () => {
    const session = cdp()
    await session.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] })
    try {
      const el = await mount(list({ transactions: showcase() }), 720)
      const background = () => getComputedStyle(el.querySelector('.bf-feed')!).backgroundColor
      expect(background()).toBe('rgb(11, 15, 23)')
      expect((await axe.run(el, { runOnly: ['color-contrast'] })).violations).toEqual([])
      document.documentElement.setAttribute('data-theme', 'light')
      expect(background()).toBe('rgb(255, 255, 255)')
    } finally {
      document.documentElement.removeAttribute('data-theme')
      await session.send('Emulation.setEmulatedMedia', { features: [] })
    }
  })

  it('loading, empty and error states pass axe in dark mode too', async () => {
    document.documentElement.setAttribute('data-theme', 'dark')
    try {
      for (const props of [{ status: 'pending' as const }, { status: 'success' as const }, { status: 'error' as const, error: new Error('HTTP 503'), onRetry: () => {} }]) {
        const el = await mount(list(props))
        const result = await axe.run(el)
        expect(result.violations.map((v) => v.id)).toEqual([])
        act(() => root!.unmount())
        el.remove()
        root = undefined
      }
    } finally {
      document.documentElement.removeAttribute('data-theme')
    }
  })
})
