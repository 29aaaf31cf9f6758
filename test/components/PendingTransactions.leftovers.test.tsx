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
