import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRef } from 'react'
import { AUTO_LOAD_PAGES_PER_SCROLL } from '../../src/components/TransactionList/autoLoad.js'
import { TransactionList, type TransactionListProps } from '../../src/components/TransactionList/TransactionList.js'
import { axeViolations } from './axe.js'
import { openedDetails } from './TransactionRow/openRow.js'
import { ALICE, erc20, manyTransactions, TOKEN, tx, WALLET } from './fixtures.js'

const base = { wallet: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const
const list = (props: Partial<TransactionListProps>) => <TransactionList transactions={[]} {...base} {...props} />
const articles = () => screen.queryAllByRole('article')

afterEach(() => vi.useRealTimers())

describe('TransactionList: states', () => {
  it('loading: a busy feed with a skeleton and a spoken status', async () => {
    const { container } = render(list({ status: 'pending' }))
    expect(screen.getByRole('feed', { name: 'Wallet activity' }).getAttribute('aria-busy')).toBe('true')
    expect(container.querySelectorAll('.bf-skeleton').length).toBeGreaterThan(0)
    expect(screen.getByRole('status').textContent).toBe('Loading activity…')
    expect(await axeViolations(container)).toEqual([])
  })

  it('empty: says there is no activity', async () => {
    const { container } = render(list({ status: 'success' }))
    expect(screen.getByText('No activity yet')).toBeTruthy()
    expect(screen.queryByRole('feed')).toBeNull()
    expect(await axeViolations(container)).toEqual([])
  })

  it('error: an alert with the reason and a retry button that calls onRetry', async () => {
    const onRetry = vi.fn()
    const { container } = render(list({ status: 'error', error: new Error('HTTP 503 from the service'), onRetry }))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Couldn’t load activity')
    expect(alert.textContent).toContain('HTTP 503 from the service')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(await axeViolations(container)).toEqual([])
  })

  it('error while paging: the rows stay, with a retry below them', async () => {
    const onRetry = vi.fn()
    const { container } = render(list({ status: 'error', error: new Error('timeout'), onRetry, transactions: manyTransactions(2) }))
    expect(articles()).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(await axeViolations(container)).toEqual([])
  })

  it('rows: a feed of focusable articles with aria-posinset / aria-setsize', async () => {
    const { container } = render(list({ transactions: manyTransactions(3) }))
    const feed = screen.getByRole('feed')
    expect(feed.getAttribute('aria-busy')).toBe('false')
    expect(articles().map((a) => [a.getAttribute('aria-posinset'), a.getAttribute('aria-setsize'), a.tabIndex])).toEqual([
      ['1', '3', 0],
      ['2', '3', 0],
      ['3', '3', 0],
    ])
    expect(await axeViolations(container)).toEqual([])
  })

  it('more pages: set size unknown (-1), a "Load more" button, busy while fetching', async () => {
    const onLoadMore = vi.fn()
    const { container, rerender } = render(list({ transactions: manyTransactions(3), hasNextPage: true, onLoadMore }))
    expect(articles()[0]!.getAttribute('aria-setsize')).toBe('-1')
    onLoadMore.mockClear() // the short list already asked for more on mount (see below)
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    rerender(list({ transactions: manyTransactions(3), hasNextPage: true, isFetchingNextPage: true, onLoadMore }))
    expect(screen.getByRole('feed').getAttribute('aria-busy')).toBe('true')
    const button = screen.getByRole('button', { name: 'Loading more…' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    await userEvent.click(button)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    expect(await axeViolations(container)).toEqual([])
  })

  it('the "Load more" button is reachable with the keyboard', async () => {
    const user = userEvent.setup()
    render(list({ transactions: manyTransactions(1), hasNextPage: true, onLoadMore: () => {} }))
    const button = screen.getByRole('button', { name: 'Load more' })
    for (let i = 0; i < 20 && document.activeElement !== button; i++) await user.tab()
    expect(document.activeElement).toBe(button)
  })

  it('when the end of the list is in view it asks for the next page once per length', () => {
    const onLoadMore = vi.fn()
    const txs = manyTransactions(4)
    const { rerender } = render(list({ transactions: txs, hasNextPage: true, onLoadMore }))
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    rerender(list({ transactions: [...txs], hasNextPage: true, onLoadMore }))
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    rerender(list({ transactions: [...txs, ...manyTransactions(2, Date.parse('2024-04-01T00:00:00Z'))], hasNextPage: true, onLoadMore }))
    expect(onLoadMore).toHaveBeenCalledTimes(2)
    rerender(list({ transactions: [...txs, ...manyTransactions(2, Date.parse('2024-03-01T00:00:00Z'))], hasNextPage: false, onLoadMore }))
    expect(onLoadMore).toHaveBeenCalledTimes(2)
  })

  it('passes className and style to its root', () => {
    const { container } = render(list({ transactions: manyTransactions(1), className: 'mine', style: { maxWidth: 400 } }))
    const root = container.firstElementChild as HTMLElement
    expect(root.className).toBe('bf-root bf-feed mine')
    expect(root.style.maxWidth).toBe('400px')
  })
})

describe('TransactionList: date headers', () => {
  it('Today, Yesterday, then dates, keyed by the calendar day whatever the language', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse('2024-05-10T15:00:00Z'))
    const at = (iso: string) => tx({ block_timestamp: iso, value: '1' })
    const txs = [at('2024-05-10T14:00:00Z'), at('2024-05-10T01:00:00Z'), at('2024-05-09T23:00:00Z'), at('2024-05-01T12:00:00Z'), at('2023-12-31T12:00:00Z')]
    const { container, rerender } = render(list({ transactions: txs }))
    const headers = () => [...container.querySelectorAll('.bf-day')].map((h) => [h.parentElement!.getAttribute('data-key'), h.textContent])
    expect(headers()).toEqual([
      ['day-2024-05-10', 'Today'],
      ['day-2024-05-09', 'Yesterday'],
      ['day-2024-05-01', 'Wed, May 1'],
      ['day-2023-12-31', 'Sun, December 31, 2023'],
    ])
    rerender(list({ transactions: txs, locale: 'de-DE' }))
    expect(headers().map(([key]) => key)).toEqual(['day-2024-05-10', 'day-2024-05-09', 'day-2024-05-01', 'day-2023-12-31'])
    expect(headers()[0]![1]).toBe('Heute')
    // A day is a day in the given time zone: 23:00 UTC on the 9th is the 10th in Tokyo.
    rerender(list({ transactions: txs, timeZone: 'Asia/Tokyo' }))
    expect(headers().map(([key]) => key)).toEqual(['day-2024-05-10', 'day-2024-05-01', 'day-2023-12-31'])
  })

  it('days end at local midnight, also across a daylight-saving change and in a +05:45 zone', () => {
    const at = (iso: string) => tx({ block_timestamp: iso, value: '1' })
    // Each header, then one mark per row under it.
    const keys = (container: HTMLElement) =>
      [...container.querySelectorAll('.bf-feed__item')].map((item) => (item.querySelector('.bf-day') ? item.getAttribute('data-key') : 'row'))
    // New York springs forward on 10 March 2024: that day is 23 hours long.
    const ny = ['2024-03-11T04:30:00.000Z', '2024-03-11T03:59:00.000Z', '2024-03-10T05:00:00.000Z', '2024-03-10T04:59:00.000Z', '2024-03-09T05:00:00.000Z', '2024-03-09T04:59:59.999Z']
    const { container, rerender } = render(list({ transactions: ny.map(at), timeZone: 'America/New_York' }))
    expect(keys(container)).toEqual(['day-2024-03-11', 'row', 'day-2024-03-10', 'row', 'row', 'day-2024-03-09', 'row', 'row', 'day-2024-03-08', 'row'])
    const kathmandu = ['2024-05-10T18:14:59.999Z', '2024-05-10T06:00:00.000Z', '2024-05-09T18:15:00.000Z', '2024-05-09T18:14:00.000Z']
    rerender(list({ transactions: kathmandu.map(at), timeZone: 'Asia/Kathmandu' }))
    expect(keys(container)).toEqual(['day-2024-05-10', 'row', 'row', 'row', 'day-2024-05-09', 'row'])
  })

  it('the same hash twice is one row', () => {
    const one = tx({ value: '1' })
    render(list({ transactions: [one, { ...one, hash: one.hash.toUpperCase().replace('0X', '0x') }] }))
    expect(articles()).toHaveLength(1)
  })
})

describe('TransactionList: virtualization (jsdom, assumed 560 px viewport)', () => {
  it('1,000 entries mount only a screenful of articles', () => {
    render(list({ transactions: manyTransactions(1000) }))
    expect(articles().length).toBeGreaterThan(3)
    expect(articles().length).toBeLessThan(20)
    expect(articles().at(-1)!.getAttribute('aria-setsize')).toBe('1000')
  })
})

describe('TransactionList: keyboard (feed pattern)', () => {
  it('arrow and Page keys move between articles; Home/End go to the first/last', () => {
    render(list({ transactions: manyTransactions(4) }))
    const all = articles()
    act(() => all[0]!.focus())
    fireEvent.keyDown(all[0]!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(articles()[1])
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' })
    expect(document.activeElement).toBe(articles()[2])
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(articles()[1])
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    expect(document.activeElement).toBe(articles()[3])
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(articles()[3])
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    expect(document.activeElement).toBe(articles()[0])
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp' })
    expect(document.activeElement).toBe(articles()[0])
  })

  it('arrow keys from a link inside a row move to the next article', async () => {
    render(list({ transactions: manyTransactions(2) }))
    // The row's links are in its details: open them first.
    await userEvent.click(within(articles()[0]!).getByRole('button', { name: 'Details' }))
    const details = await openedDetails(articles()[0]!)
    const link = within(details).getAllByRole('link')[0]!
    act(() => link.focus())
    fireEvent.keyDown(link, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(articles()[1])
  })

  it('arrow keys from the chevron move to the next article; Enter on an article opens it in place', async () => {
    const user = userEvent.setup()
    render(list({ transactions: manyTransactions(2) }))
    const chevron = within(articles()[0]!).getByRole('button', { name: 'Details' })
    act(() => chevron.focus())
    fireEvent.keyDown(chevron, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(articles()[1])
    await user.keyboard('{Enter}')
    expect(within(articles()[1]!).getByRole('button', { name: 'Details' }).getAttribute('aria-expanded')).toBe('true')
    expect(within(articles()[0]!).getByRole('button', { name: 'Details' }).getAttribute('aria-expanded')).toBe('false')
    await openedDetails(articles()[1]!)
    expect(document.activeElement).toBe(articles()[1])
  })
})

describe('TransactionList: spam and poisoning', () => {
  const normal = () => tx({ value: '1000000000000000000' })
  const airdrop = () =>
    tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, token_symbol: 'SCAM', possible_spam: true, token_logo: 'https://tracker.example/p.png' })] })
  const flagged = () => tx({ from_address: ALICE, to_address: WALLET, value: '1', possible_spam: true, summary: 'FLAGGED TX' })
  // Address poisoning: someone else's transaction moving 0 of a token "from" the wallet to a look-alike address.
  const poisoning = () =>
    tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: WALLET, to_address: '0xd8da000000000000000000000000000000006045', value: '0', token_symbol: 'USDC' })] })

  it('hidden by default, with a count and a visible toggle; shown and marked on demand', async () => {
    const user = userEvent.setup()
    const { container } = render(list({ transactions: [normal(), airdrop(), flagged()] }))
    expect(articles()).toHaveLength(1)
    expect(screen.getByText('2 transactions hidden as possible spam')).toBeTruthy()
    const toggle = screen.getByRole('button', { name: 'Show possible spam' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    expect(container.innerHTML).not.toContain('tracker.example')
    expect(await axeViolations(container)).toEqual([])

    await user.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(articles()).toHaveLength(3)
    expect(screen.getByText('2 transactions flagged as possible spam')).toBeTruthy()
    // Both now shown, each said as a verb, its party and its amount, marked "Possible spam".
    const [, scam, flaggedRow] = articles()
    expect(scam!.querySelector('.bf-row__title')!.textContent).toBe('ReceivedPossible spam')
    expect(scam!.querySelector('.bf-row__subtitle')!.textContent).toMatch(/^From 0x1111…1111·/)
    expect(scam!.querySelector('.bf-row__trailing')!.textContent).toBe('+1.5 SCAM')
    expect(flaggedRow!.querySelector('.bf-row__title')!.textContent).toBe('ReceivedPossible spam')
    // The service's own summary of the flagged one is in its details.
    await user.click(within(flaggedRow!).getByRole('button', { name: 'Details' }))
    await openedDetails(flaggedRow!)
    expect(within(flaggedRow!).getByText('FLAGGED TX')).toBeTruthy()
    expect(articles().filter((a) => a.hasAttribute('data-spam'))).toHaveLength(2)
    expect(container.innerHTML).not.toContain('tracker.example')
    expect(await axeViolations(container)).toEqual([])
  })

  it('controlled: showSpam and onShowSpamChange', async () => {
    const onShowSpamChange = vi.fn()
    render(list({ transactions: [normal(), flagged()], showSpam: true, onShowSpamChange }))
    expect(articles()).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Show possible spam' }))
    expect(onShowSpamChange).toHaveBeenCalledWith(false)
  })

  it('hideZeroValueTransfers hides poisoning transactions (counted with the hidden ones)', () => {
    const txs = [normal(), poisoning()]
    const { rerender } = render(list({ transactions: txs }))
    expect(articles()).toHaveLength(2)
    rerender(list({ transactions: txs, hideZeroValueTransfers: true }))
    expect(articles()).toHaveLength(1)
    expect(screen.getByText('1 transaction hidden as possible spam')).toBeTruthy()
  })

  it('only spam: the empty state says so', () => {
    render(list({ transactions: [flagged()] }))
    expect(screen.getByText('No activity yet')).toBeTruthy()
    expect(screen.getByText('Only transactions flagged as possible spam were found.')).toBeTruthy()
  })
})

describe('TransactionList: infinite scroll past pages that add no visible row', () => {
  // A page of nothing but someone else's spam airdrops: every entry hidden.
  const spamPage = (n: number, start: number) =>
    Array.from({ length: n }, (_, i) =>
      tx({ from_address: ALICE, to_address: TOKEN, block_timestamp: new Date(start - i * 60_000).toISOString(), erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, possible_spam: true })] }),
    )

  it('a page of only hidden spam: it asks for the next one', () => {
    const onLoadMore = vi.fn()
    const visible = manyTransactions(4)
    const { rerender } = render(list({ transactions: visible, hasNextPage: true, onLoadMore }))
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    rerender(list({ transactions: [...visible, ...spamPage(5, Date.parse('2024-04-01T00:00:00Z'))], hasNextPage: true, onLoadMore }))
    expect(articles()).toHaveLength(4)
    expect(onLoadMore).toHaveBeenCalledTimes(2)
  })

  it('a page of only duplicates (the list is given the same entries after a fetch): it asks again', () => {
    const onLoadMore = vi.fn()
    const visible = manyTransactions(4)
    const { rerender } = render(list({ transactions: visible, hasNextPage: true, onLoadMore }))
    rerender(list({ transactions: visible, hasNextPage: true, isFetchingNextPage: true, onLoadMore }))
    rerender(list({ transactions: visible, hasNextPage: true, isFetchingNextPage: false, onLoadMore }))
    expect(onLoadMore).toHaveBeenCalledTimes(2)
  })

  it('a first page of only spam: no row yet, and it keeps looking', () => {
    const onLoadMore = vi.fn()
    render(list({ transactions: spamPage(3, Date.parse('2024-05-01T00:00:00Z')), hasNextPage: true, onLoadMore }))
    expect(articles()).toHaveLength(0)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    // Not "only spam was found": older pages may hold more.
    expect(screen.getByText('Only transactions flagged as possible spam were found so far; older pages remain.')).toBeTruthy()
  })

  it(`stops after ${AUTO_LOAD_PAGES_PER_SCROLL} pages on its own; a scroll or "Load more" goes on`, async () => {
    const onLoadMore = vi.fn()
    let txs = manyTransactions(4)
    const { rerender } = render(list({ transactions: txs, hasNextPage: true, onLoadMore }))
    for (let page = 0; page < AUTO_LOAD_PAGES_PER_SCROLL + 3; page++) {
      txs = [...txs, ...spamPage(2, Date.parse('2024-04-01T00:00:00Z') - page * 3_600_000)]
      rerender(list({ transactions: txs, hasNextPage: true, onLoadMore }))
    }
    expect(onLoadMore).toHaveBeenCalledTimes(AUTO_LOAD_PAGES_PER_SCROLL)
    fireEvent.scroll(document.querySelector('.bf-feed__viewport')!)
    txs = [...txs, ...spamPage(2, Date.parse('2024-03-01T00:00:00Z'))]
    rerender(list({ transactions: txs, hasNextPage: true, onLoadMore }))
    expect(onLoadMore).toHaveBeenCalledTimes(AUTO_LOAD_PAGES_PER_SCROLL + 1)
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(onLoadMore).toHaveBeenCalledTimes(AUTO_LOAD_PAGES_PER_SCROLL + 2)
  })

  it('a failed page is not retried on its own', () => {
    const onLoadMore = vi.fn()
    const visible = manyTransactions(4)
    const { rerender } = render(list({ transactions: visible, hasNextPage: true, onLoadMore }))
    rerender(list({ transactions: visible, hasNextPage: true, isFetchingNextPage: true, onLoadMore }))
    rerender(list({ transactions: visible, hasNextPage: true, status: 'error', error: new Error('HTTP 503'), onLoadMore }))
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })
})

describe('TransactionList: density and rows open in place', () => {
  it('density="compact" reaches the feed and every row; comfortable is the default', () => {
    const { rerender } = render(list({ transactions: manyTransactions(2) }))
    expect(articles().map((a) => a.getAttribute('data-density'))).toEqual(['comfortable', 'comfortable'])
    rerender(list({ transactions: manyTransactions(2), density: 'compact' }))
    expect(articles().map((a) => a.getAttribute('data-density'))).toEqual(['compact', 'compact'])
    expect(document.querySelector('[data-density="compact"]:not(article)')).not.toBeNull()
  })

  it('a row opened stays open when the list is given new entries, and the others stay closed', async () => {
    const user = userEvent.setup()
    const txs = manyTransactions(3)
    const { rerender } = render(list({ transactions: txs }))
    await user.click(within(articles()[1]!).getByRole('button', { name: 'Details' }))
    await openedDetails(articles()[1]!)
    // A new arrival on top: the opened entry is now the third row, and still open.
    rerender(list({ transactions: [tx({ value: '5', block_timestamp: '2024-05-01T13:00:00.000Z' }), ...txs] }))
    const chevrons = articles().map((a) => within(a).getByRole('button', { name: 'Details' }).getAttribute('aria-expanded'))
    expect(chevrons).toEqual(['false', 'false', 'true', 'false'])
    expect(within(articles()[2]!).getByRole('link', { name: /^View on explorer/ }).getAttribute('href')).toBe(`https://etherscan.io/tx/${txs[1]!.hash}`)
  })
})

describe('TransactionList: ref and DOM attributes', () => {
  it('the ref is the root element in every state; other attributes land on it', () => {
    for (const props of [{ status: 'pending' as const }, { status: 'error' as const, error: new Error('x') }, { status: 'success' as const }, { transactions: manyTransactions(2) }]) {
      const ref = createRef<HTMLDivElement>()
      const { container, unmount } = render(<TransactionList transactions={[]} {...base} {...props} ref={ref} id="feed-root" data-testid="feed" />)
      expect(ref.current).toBe(container.firstElementChild)
      expect(ref.current!.id).toBe('feed-root')
      expect(ref.current!.getAttribute('data-testid')).toBe('feed')
      unmount()
    }
  })
})
