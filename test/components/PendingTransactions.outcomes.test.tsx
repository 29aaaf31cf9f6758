import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import type { TrackedTransaction } from '../../src/core/live/record.js'
import { liveRecords, liveTokens, USDC } from '../../stories/feed/liveFixtures.js'
import { axeViolations } from './axe.js'

/** What a sighted user reads: the row's text without the parts only a screen reader gets. */
function visibleText(row: HTMLElement): string {
  const copy = row.cloneNode(true) as HTMLElement
  for (const hidden of copy.querySelectorAll('.bf-visually-hidden')) hidden.remove()
  return copy.textContent!
}

const IN_PROGRESS = /Sending|Calling|Deploying|Pending|Confirming/

describe('PendingTransactions: a failed, replaced or dropped row says what happened, never "Sending"', () => {
  const { failed, replaced, dropped } = liveRecords
  // Every kind of summary: a native send, a token transfer, a contract call, a deployment, one known by hash only.
  const kinds: [string, Partial<TrackedTransaction>][] = [
    ['native send', {}],
    ['token transfer', { tokenTransfer: { token: USDC, from: failed.from!, to: failed.to!, amount: '25000000' } }],
    ['contract call', { raw: liveRecords.pending.raw }],
    ['deployment', { to: null, raw: null }],
    ['hash only', { from: null, raw: null }],
  ]
  const states: [TrackedTransaction, RegExp][] = [
    [failed, /Failed/],
    [replaced, /Replaced/],
    [dropped, /Dropped/],
  ]
  for (const [record, said] of states) {
    for (const [kind, over] of kinds) {
      it(`${record.status}, ${kind}: the visible text and what a screen reader reads say ${said.source}, and nothing in progress`, async () => {
        const { container } = render(<PendingTransactions records={[{ ...record, ...over }]} tokens={liveTokens} chain="eth" locale="en-US" onSendAgain={() => {}} />)
        const row = screen.getByRole('listitem')
        expect(visibleText(row)).toMatch(said)
        expect(row.textContent).toMatch(said)
        expect(visibleText(row)).not.toMatch(IN_PROGRESS)
        expect(row.textContent).not.toMatch(IN_PROGRESS)
        expect(await axeViolations(container)).toEqual([])
      })
    }
  }
})

describe('PendingTransactions: a replaced or dropped row can be dismissed', () => {
  it('"Dismiss" names the transaction, is offered on replaced and dropped rows only, and hands back the record', async () => {
    const dismissed: string[] = []
    const records = [liveRecords.replaced, liveRecords.dropped, liveRecords.pending, liveRecords.confirmed, liveRecords.failed]
    const { container } = render(<PendingTransactions records={records} tokens={liveTokens} chain="eth" locale="en-US" onDismiss={(r) => dismissed.push(r.hash)} />)
    const buttons = screen.getAllByRole('button', { name: /^Dismiss/ })
    expect(buttons.map((b) => b.closest('li')!.getAttribute('data-status'))).toEqual(['replaced', 'dropped'])
    expect(screen.getAllByRole('button', { name: 'Dismiss Send <0.000001 ETH to 0x3C44…93BC' })).toHaveLength(2)
    expect(await axeViolations(container)).toEqual([])
    buttons[1]!.click()
    expect(dismissed).toEqual([liveRecords.dropped.hash])
  })
})

describe('PendingTransactions: an announcement names the transaction', () => {
  const A = `0x${'a1'.repeat(32)}`
  const B = `0x${'b2'.repeat(32)}`
  const pending = (r: TrackedTransaction, hash: string): TrackedTransaction => ({ ...r, hash, status: 'pending', final: false, confirmations: 0, blockNumber: null, replacedBy: null, error: null })
  const usdc = pending(liveRecords.pending, A)
  const eth = pending(liveRecords.failed, B)

  it('two pending, one confirmed: the live region says which, as its row names it', () => {
    const { rerender } = render(<PendingTransactions records={[usdc, eth]} tokens={liveTokens} locale="en-US" />)
    rerender(<PendingTransactions records={[usdc, { ...eth, status: 'confirmed', final: true, confirmations: 12, blockNumber: 100 }]} tokens={liveTokens} locale="en-US" />)
    expect(screen.getByRole('status').textContent).toBe('Transaction confirmed: Sent 0.5 ETH to 0x3C44…93BC')
    rerender(<PendingTransactions records={[{ ...usdc, status: 'failed', final: true, confirmations: 1, blockNumber: 101 }, { ...eth, status: 'confirmed', final: true, confirmations: 12, blockNumber: 100 }]} tokens={liveTokens} locale="en-US" />)
    expect(screen.getByRole('status').textContent).toBe('Transaction failed: Send 25 USDC to 0x3C44…93BC')
  })

  it('the token symbol from the service is cleaned and clipped there as in the row (no hidden or bidi characters)', () => {
    const hostile = new Map([[USDC.toLowerCase(), { symbol: '\u202EUS\u200BDC\u0007 FREE MONEY AT EVIL DOT COM', decimals: 6 }]])
    const { rerender } = render(<PendingTransactions records={[usdc]} tokens={hostile} locale="en-US" />)
    rerender(<PendingTransactions records={[{ ...usdc, status: 'confirmed', final: true, confirmations: 12, blockNumber: 100 }]} tokens={hostile} locale="en-US" />)
    const said = screen.getByRole('status').textContent!
    expect(said).toBe(`Transaction confirmed: ${screen.getByRole('listitem').querySelector('.bf-pending__summary')!.textContent}`)
    expect(said).toMatch(/^Transaction confirmed: Sent 25 USDC FREE M…/)
    expect(said).not.toMatch(/[\p{Cc}\p{Cf}]/u)
  })
})
