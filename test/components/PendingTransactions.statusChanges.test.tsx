import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import type { TrackedTransaction } from '../../src/core/live/record.js'
import { liveRecords, liveTokens } from '../../stories/feed/liveFixtures.js'

const pending = (r: TrackedTransaction, hash: string): TrackedTransaction => ({ ...r, hash, status: 'pending', final: false, confirmations: 0, blockNumber: null, replacedBy: null, error: null })
const confirmed = (r: TrackedTransaction, hash: string): TrackedTransaction => ({ ...r, hash, status: 'confirmed', final: true, confirmations: 12, blockNumber: 100 })
const A = `0x${'a1'.repeat(32)}`
const B = `0x${'b2'.repeat(32)}`

describe('PendingTransactions: a second status change of the same kind is announced again', () => {
  it('two transactions confirmed one after the other: the live region changes both times', () => {
    const base = liveRecords.pending
    const { rerender } = render(<PendingTransactions records={[pending(base, A), pending(base, B)]} tokens={liveTokens} />)
    const region = screen.getByRole('status')
    // What a screen reader reacts to: the region's content being changed.
    const observer = new MutationObserver(() => {})
    observer.observe(region, { childList: true, characterData: true, subtree: true })

    rerender(<PendingTransactions records={[confirmed(base, A), pending(base, B)]} tokens={liveTokens} />)
    expect(region.textContent).toBe('Transaction confirmed: Sent 25 USDC to 0x3C44…93BC')
    expect(observer.takeRecords().length).toBeGreaterThan(0)
    // The second confirmation: a screen reader only speaks when the region's content changes.
    rerender(<PendingTransactions records={[confirmed(base, A), confirmed(base, B)]} tokens={liveTokens} />)
    expect(region.textContent).toBe('Transaction confirmed: Sent 25 USDC to 0x3C44…93BC')
    expect(observer.takeRecords().length).toBeGreaterThan(0)
    observer.disconnect()
  })
})

describe('PendingTransactions: keyboard focus stays in the group when the focused part goes away', () => {
  it('"Send again" pressed from the keyboard: the button goes (pending again) and focus stays in the group, not at the page top', () => {
    const { container, rerender } = render(<PendingTransactions records={[liveRecords.dropped]} onSendAgain={() => {}} />)
    const button = screen.getByRole('button', { name: 'Send again' })
    button.focus()
    expect(document.activeElement).toBe(button)
    rerender(<PendingTransactions records={[{ ...liveRecords.dropped, status: 'pending', final: false, error: null }]} onSendAgain={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull()
    expect(document.activeElement).not.toBe(document.body)
    expect(container.firstElementChild!.contains(document.activeElement)).toBe(true)
  })

  it('the indexed row takes the place of the row whose link had focus: focus stays in the group', () => {
    const { container, rerender } = render(<PendingTransactions records={[liveRecords.confirmed]} indexed={[]} chain="eth" />)
    const link = screen.getByRole('link', { name: /View/ })
    link.focus()
    expect(document.activeElement).toBe(link)
    rerender(<PendingTransactions records={[liveRecords.confirmed]} indexed={[{ hash: liveRecords.confirmed.hash }]} chain="eth" />)
    expect(container.querySelector('.bf-pending__item')).toBeNull()
    expect(document.activeElement).not.toBe(document.body)
    expect(container.firstElementChild!.contains(document.activeElement)).toBe(true)
  })
})

describe('PendingTransactions: a stored reason is untrusted text', () => {
  it('a dropped record says why in the viewer\'s language; its stored reason (read back from storage) is kept for developers without bidi overrides or zero-width characters', () => {
    const error = 'Dropped \u202Ehtap.exe\u202C by node\u200B\u200B — try again'
    const { container } = render(<PendingTransactions records={[{ ...liveRecords.dropped, error }]} locale="en" />)
    const reason = container.querySelector('.bf-pending__reason')!
    expect(reason.textContent).toBe('The network no longer knows this transaction; it was never included in a block.')
    const detail = reason.getAttribute('data-detail')!
    expect(detail).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/)
    expect(detail).toContain('htap.exe')
  })
})
