import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { FeedToolbar } from '../../src/components/WalletActivityFeed/FeedToolbar.js'
import type { ExportProgress } from '../../src/core/export/csv.js'
import type { WalletHistoryFilter } from '../../src/core/history/filter.js'
import type { ExportStatus } from '../../src/react/useExportWalletHistory.js'
import { axeViolations } from './axe.js'
import { ALICE, erc20, TOKEN, tx, WALLET } from './fixtures.js'

const entries = [tx({ category: 'send', value: '1' }), tx({ category: 'token receive', to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET })] })]
const progress: ExportProgress = { entries: 1200, rows: 1300, requests: 12, chain: 'eth', reached: '2024-03-02T12:00:00.000Z', resume: null, done: false }

function Toolbar({ status = 'idle', defaultFilter = {}, onStart = () => {}, onCancel = () => {} }: { status?: ExportStatus; defaultFilter?: WalletHistoryFilter; onStart?: () => void; onCancel?: () => void }) {
  const [filter, setFilter] = useState(defaultFilter)
  return (
    <>
      <button type="button">Elsewhere</button>
      <FeedToolbar
        filterBar={{ filter, onFilterChange: setFilter, entries }}
        exportControl={{ status, progress: status === 'running' ? progress : null, onStart, onCancel, locale: 'en-GB', timeZone: 'UTC' }}
      />
    </>
  )
}

// jsdom has no layout: both forms are in its DOM (the stylesheet shows one of them in a browser).
const filtersButton = () => screen.getByRole('button', { name: /^Filters/ })
const moreButton = () => screen.getByRole('button', { name: 'More' })

describe('FeedToolbar', () => {
  it('the Filters button shows and hides the chips panel (aria-expanded, aria-controls); Escape closes it and returns focus', async () => {
    render(<Toolbar />)
    const button = filtersButton()
    expect(screen.getByRole('button', { name: 'Filters' })).toBe(button)
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(within(panel).getByRole('button', { name: 'Received' })).toBeTruthy()
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(panel.hasAttribute('data-open')).toBe(false)
    await userEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(panel.hasAttribute('data-open')).toBe(true)
    await userEvent.click(within(panel).getByRole('button', { name: 'Sent' }))
    await userEvent.keyboard('{Escape}')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
    await userEvent.click(button)
    await userEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('the Filters button counts the filters its panel holds (a date range once; the search box is in view)', async () => {
    render(<Toolbar defaultFilter={{ directions: ['in'], kinds: ['erc20', 'nft'], fromDate: '2024-03-01', toDate: '2024-03-31T23:59:59Z', search: 'usdc' }} />)
    expect(screen.getByRole('button', { name: 'Filters (4 active)' })).toBe(filtersButton())
    expect(filtersButton().querySelector('.bf-filters__count')!.textContent).toBe('4')
    await userEvent.click(filtersButton())
    await userEvent.click(screen.getByRole('button', { name: 'NFTs' }))
    expect(screen.getByRole('button', { name: 'Filters (3 active)' })).toBe(filtersButton())
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(screen.getByRole('button', { name: 'Filters' })).toBe(filtersButton())
    expect(filtersButton().querySelector('.bf-filters__count')).toBeNull()
  })

  it('"More" is a menu button: click opens it with focus on its first item, click again or Escape closes it (focus back on the button)', async () => {
    render(<Toolbar />)
    const more = moreButton()
    expect(more.getAttribute('aria-haspopup')).toBe('menu')
    expect(more.getAttribute('aria-expanded')).toBe('false')
    // Its items exist only while it is open: one "Export CSV" button in the DOM, the wide one.
    expect(screen.queryByRole('menu')).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Export CSV' })).toHaveLength(1)

    await userEvent.click(more)
    expect(more.getAttribute('aria-expanded')).toBe('true')
    const menu = screen.getByRole('menu', { name: 'More' })
    expect(more.getAttribute('aria-controls')).toBe(menu.id)
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Export CSV' }))
    expect(screen.getAllByRole('button', { name: 'Export CSV' })).toHaveLength(1)
    await userEvent.click(more)
    expect(more.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('menu')).toBeNull()

    await userEvent.click(more)
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(more)
  })

  it('arrow keys: Down or Up on the button opens the menu; in it they move between the items and never leave it', async () => {
    render(<Toolbar />)
    moreButton().focus()
    await userEvent.keyboard('{ArrowDown}')
    const item = screen.getByRole('menuitem', { name: 'Export CSV' })
    expect(document.activeElement).toBe(item)
    for (const key of ['{ArrowDown}', '{ArrowUp}', '{End}', '{Home}']) {
      await userEvent.keyboard(key)
      expect(document.activeElement).toBe(item)
    }
    await userEvent.keyboard('{Escape}')
    await userEvent.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Export CSV' }))
    expect(moreButton().getAttribute('aria-expanded')).toBe('true')
  })

  it('a click outside closes the menu', async () => {
    render(<Toolbar />)
    await userEvent.click(moreButton())
    expect(screen.getByRole('menu')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(screen.queryByRole('menu')).toBeNull()
    expect(moreButton().getAttribute('aria-expanded')).toBe('false')
    await userEvent.click(moreButton())
    await userEvent.click(document.body)
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('"Export CSV" in the menu starts the export, closes the menu and leaves focus on "More"', async () => {
    const onStart = vi.fn()
    render(<Toolbar onStart={onStart} />)
    await userEvent.click(moreButton())
    await userEvent.keyboard('{Enter}')
    expect(onStart).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(moreButton())
  })

  it('while exporting: "More" says so, the live region keeps the progress, and the menu shows it with "Cancel export"', async () => {
    const onCancel = vi.fn()
    const { container } = render(<Toolbar status="running" onCancel={onCancel} />)
    expect(document.getElementById(moreButton().getAttribute('aria-describedby')!)!.textContent).toBe('Export in progress')
    // The export's machinery (its words among it) loads after the toolbar's first render.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1,200 transactions, up to 2 Mar 2024'))
    await userEvent.click(moreButton())
    await waitFor(() => expect(container.querySelector('.bf-toolbar__status')!.textContent).toBe('1,200 transactions, up to 2 Mar 2024'))
    // Still one live region: what the menu shows is not announced twice.
    expect(screen.getAllByRole('status')).toHaveLength(1)
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cancel export' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(moreButton())
  })

  it('after a failure the menu offers "Resume export"', async () => {
    const onStart = vi.fn()
    render(<Toolbar status="error" onStart={onStart} />)
    await userEvent.click(moreButton())
    await userEvent.click(screen.getByRole('menuitem', { name: 'Resume export' }))
    expect(onStart).toHaveBeenCalledTimes(1)
  })

  it('passes axe with the panel and the menu open', async () => {
    const { container } = render(<Toolbar defaultFilter={{ directions: ['in'] }} />)
    await userEvent.click(filtersButton())
    await userEvent.click(moreButton())
    expect(await axeViolations(container)).toEqual([])
  })

  it('without a filter bar there is no fold: Export CSV alone, no "More"', () => {
    render(<FeedToolbar exportControl={{ status: 'idle', progress: null, onStart: () => {}, onCancel: () => {} }} />)
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull()
  })
})
