import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TransactionList } from '../../../src/components/TransactionList/TransactionList.js'
import { tx, WALLET } from '../fixtures.js'

afterEach(() => vi.restoreAllMocks())

describe('TransactionList with a merged feed’s entries', () => {
  it('shows an entry of the same hash on two chains twice, as two rows with their own keys', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const one = tx({ block_timestamp: '2024-05-10T14:00:00.000Z', value: '1' })
    const transactions = [{ ...one, chain: 'eth' }, { ...one, chain: 'base' }]
    const { container } = render(<TransactionList transactions={transactions} wallet={WALLET} chain="eth" locale="en-US" timeZone="UTC" status="success" />)
    expect(screen.getAllByRole('article')).toHaveLength(2)
    const keys = [...container.querySelectorAll<HTMLElement>('[data-key]')].map((e) => e.dataset.key).filter((k) => !k!.startsWith('day-'))
    expect(new Set(keys).size).toBe(2)
    // React warns of two children with one key when rows are keyed by hash alone.
    expect(errors.mock.calls.filter((c) => String(c[0]).includes('same key'))).toEqual([])
  })
})
