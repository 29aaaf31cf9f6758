import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FilterBar } from '../../src/components/FilterBar/FilterBar.js'
import { TransactionList } from '../../src/components/TransactionList/TransactionList.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { tx, WALLET } from './fixtures.js'

// The caller's props go on last (as Radix spreads them): an app that names, styles or tags a
// component's root gets what it asked for, and the component keeps only what it must compose.
const display = { wallet: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const

describe("the caller's props win on the root", () => {
  it('TransactionRow: aria-labelledby, className and data-* reach the article and beat the row’s own', () => {
    const onClick = vi.fn()
    render(
      <>
        <h3 id="app-title">Rent to Bob</h3>
        <TransactionRow transaction={tx({ value: '1' })} {...display} aria-labelledby="app-title" className="app-row" data-testid="row" data-status="app" onClick={onClick} />
      </>,
    )
    const row = screen.getByTestId('row')
    expect(row.tagName).toBe('ARTICLE')
    expect(row.getAttribute('aria-labelledby')).toBe('app-title')
    expect(screen.getByRole('article', { name: 'Rent to Bob' })).toBe(row)
    // The row's class stays beside the caller's: its stylesheet still applies.
    expect(row.className).toBe('bf-tx app-row')
    expect(row.getAttribute('data-status')).toBe('app')
    // A handler the row composes: the caller's runs and the row still opens.
    fireEvent.click(row)
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(row.hasAttribute('data-expanded')).toBe(true)
  })

  it('TransactionList: aria-labelledby, className and data-* reach the root and beat the list’s own', () => {
    render(<TransactionList transactions={[tx({ value: '1' })]} {...display} aria-labelledby="app-heading" className="app-feed" data-testid="feed" data-density="app" />)
    const root = screen.getByTestId('feed')
    expect(root.getAttribute('aria-labelledby')).toBe('app-heading')
    expect(root.className).toBe('bf-root bf-feed app-feed')
    expect(root.getAttribute('data-density')).toBe('app')
    expect(root.querySelector('[role="feed"]')).not.toBeNull()
  })

  it('FilterBar: a caller’s aria-label names the group instead of the bar’s own, and its data-* win', () => {
    render(<FilterBar locale="en-US" aria-label="Find a payment" className="app-filters" data-testid="bar" data-active="app" />)
    const bar = screen.getByRole('group', { name: 'Find a payment' })
    expect(bar).toBe(screen.getByTestId('bar'))
    expect(bar.className).toBe('bf-filters app-filters')
    expect(bar.getAttribute('data-active')).toBe('app')
  })
})
