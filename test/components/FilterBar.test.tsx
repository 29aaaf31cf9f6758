import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FilterBar } from '../../src/components/FilterBar/FilterBar.js'
import type { WalletHistoryFilter } from '../../src/core/history/filter.js'
import { axeViolations } from './axe.js'
import { ALICE, COLLECTION, erc20, nft, TOKEN, tx, WALLET } from './fixtures.js'

afterEach(() => vi.useRealTimers())

const entries = [
  tx({ category: 'send', value: '1' }),
  tx({ category: 'token receive', to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET })] }),
  tx({ category: 'nft receive', to_address: COLLECTION, nft_transfers: [nft()] }),
  // Hostile service text: names that are also Object.prototype's keys stay plain options.
  tx({ category: 'constructor', to_address: '0x3333333333333333333333333333333333333333', erc20_transfer: [erc20({ address: '0x3333333333333333333333333333333333333333', token_symbol: '__proto__', token_name: 'toString' })] }),
]

describe('FilterBar', () => {
  it('chips toggle directions and kinds (aria-pressed), uncontrolled from defaultFilter', async () => {
    const changes: WalletHistoryFilter[] = []
    render(<FilterBar defaultFilter={{ kinds: ['nft'] }} onFilterChange={(f) => changes.push(f)} />)
    expect(screen.getByRole('button', { name: 'NFTs' }).getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(screen.getByRole('button', { name: 'Received' }))
    await userEvent.click(screen.getByRole('button', { name: 'NFTs' }))
    expect(changes).toEqual([{ kinds: ['nft'], directions: ['in'] }, { directions: ['in'] }])
    expect(screen.getByRole('button', { name: 'Received' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'NFTs' }).getAttribute('aria-pressed')).toBe('false')
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(changes.at(-1)).toEqual({})
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull()
  })

  it('the search box shows each keystroke at once; the filter gets the text once typing pauses', () => {
    vi.useFakeTimers()
    const changes: WalletHistoryFilter[] = []
    render(<FilterBar onFilterChange={(f) => changes.push(f)} searchDelayMs={200} />)
    const box = screen.getByRole('searchbox', { name: /Search by hash/ }) as HTMLInputElement
    for (const text of ['u', 'us', 'usd', 'usdc']) {
      fireEvent.change(box, { target: { value: text } })
      expect(box.value).toBe(text)
      act(() => vi.advanceTimersByTime(100))
    }
    expect(changes).toEqual([])
    act(() => vi.advanceTimersByTime(100))
    expect(changes).toEqual([{ search: 'usdc' }])
    // A chip clicked while a search is pending keeps the typed text.
    fireEvent.change(box, { target: { value: 'usdc 0x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }))
    act(() => vi.advanceTimersByTime(200))
    expect(changes.at(-1)).toEqual({ search: 'usdc 0x', directions: ['out'] })
  })

  it('"More filters" lists the loaded categories and tokens (service text as text, own keys only); Escape closes it and returns focus', async () => {
    const changes: WalletHistoryFilter[] = []
    const { container } = render(<FilterBar entries={entries} onFilterChange={(f) => changes.push(f)} />)
    const more = screen.getByRole('button', { name: 'More filters' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    await userEvent.click(more)
    expect(more.getAttribute('aria-expanded')).toBe('true')
    // The menu is a chunk of its own, loaded as the pointer reaches its button.
    const categories = within(await screen.findByRole('group', { name: 'Categories' })).getAllByRole('checkbox')
    expect(categories.map((c) => c.parentElement!.textContent!.trim())).toEqual(['send', 'token receive', 'nft receive', 'constructor'])
    const tokens = within(screen.getByRole('group', { name: 'Tokens' })).getAllByRole('checkbox')
    // Each with its contract: a look-alike token can carry the same symbol.
    expect(tokens.map((c) => c.parentElement!.textContent!.trim())).toEqual(['USDC · 0xA0b8…eB48', '0xBC4C…f13D', '__proto__ · 0x3333…3333'])
    await userEvent.click(screen.getByRole('checkbox', { name: 'USDC · 0xA0b8…eB48' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'constructor' }))
    expect(changes.at(-1)).toEqual({ tokens: [TOKEN], categories: ['constructor'] })
    expect(more.textContent).toBe('More filters (2)')
    expect(await axeViolations(container)).toEqual([])
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: 'Tokens' })).toBeNull()
    expect(document.activeElement).toBe(more)
  })

  it('dates: whole UTC days, the last one included', async () => {
    const changes: WalletHistoryFilter[] = []
    render(<FilterBar onFilterChange={(f) => changes.push(f)} />)
    await userEvent.click(screen.getByRole('button', { name: 'More filters' }))
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-03-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-03-31' } })
    expect(changes.at(-1)).toEqual({ fromDate: '2024-03-01', toDate: '2024-03-31T23:59:59Z' })
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2024-03-31')
  })

  it('dates: each box offers only days the other allows, so a range cannot end before it starts', async () => {
    const { rerender } = render(<FilterBar filter={{ fromDate: '2024-03-05', toDate: '2024-03-31T23:59:59Z' }} onFilterChange={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: /More filters/ }))
    const from = screen.getByLabelText('From') as HTMLInputElement
    const to = screen.getByLabelText('To') as HTMLInputElement
    expect([from.max, to.min]).toEqual(['2024-03-31', '2024-03-05'])
    // Unset on one side: no bound on the other.
    rerender(<FilterBar filter={{ fromDate: '2024-03-05' }} onFilterChange={() => {}} />)
    expect([from.max, to.min]).toEqual(['', '2024-03-05'])
    expect(from.hasAttribute('max')).toBe(false)
  })

  it('controlled: shows the parent’s filter, including a search set from outside (a URL)', async () => {
    function Parent() {
      const [filter, setFilter] = useState<WalletHistoryFilter>({ search: 'uniswap' })
      return (
        <>
          <button type="button" onClick={() => setFilter({ search: '0xabc', directions: ['self'] })}>
            from URL
          </button>
          <FilterBar filter={filter} onFilterChange={setFilter} />
        </>
      )
    }
    const { container } = render(<Parent />)
    const box = screen.getByRole('searchbox') as HTMLInputElement
    expect(box.value).toBe('uniswap')
    await userEvent.click(screen.getByRole('button', { name: 'from URL' }))
    expect(box.value).toBe('0xabc')
    expect(screen.getByRole('button', { name: 'To self' }).getAttribute('aria-pressed')).toBe('true')
    expect(await axeViolations(container)).toEqual([])
  })
})
