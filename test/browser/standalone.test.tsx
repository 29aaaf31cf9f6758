import axe from 'axe-core'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { getAddress, maxUint256 } from 'viem'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import { TransactionDetails } from '../../src/components/TransactionDetails/TransactionDetails.js'
import type { ApprovalStates } from '../../src/core/details/approvalStates.js'
import { getTransactionDetails } from '../../src/core/details/getTransactionDetails.js'
import { transactionEntrySchema } from '../../src/core/history/schema.js'
import { liveRecords, liveTokens, usdcReceiptLogs } from '../../stories/feed/liveFixtures.js'
import * as F from '../core/details/fixtures.js'
import { interactiveOverlaps } from './geometry.js'
import { mountOnPage } from './support/mount.js'




/** On a bare page, as an app would place it: the page's own background for the theme, nothing else around it. */
async function mount(node: ReactNode, width: number, theme: 'light' | 'dark'): Promise<HTMLElement> {
  await page.viewport(width, 900)
  document.documentElement.setAttribute('data-theme', theme)
  document.body.style.margin = '0'
  document.body.style.background = theme === 'dark' ? '#0b0f17' : '#ffffff'
  const host = await mountOnPage(node)
  await new Promise<void>((r) => requestAnimationFrame(() => r()))
  return host
}

/** The space between two boxes (0 when they touch or overlap). */
function distance(a: Element, b: Element): number {
  const p = a.getBoundingClientRect()
  const q = b.getBoundingClientRect()
  const dx = Math.max(q.left - p.right, p.left - q.right, 0)
  const dy = Math.max(q.top - p.bottom, p.top - q.bottom, 0)
  return Math.max(dx, dy)
}

/** What every standalone component must be on a bare page: themed, no bullets, nothing overlapping or scrolling sideways, axe clean. */
async function expectStandalone(el: HTMLElement, width: number) {
  const style = getComputedStyle(el)
  expect(style.fontFamily).not.toBe(getComputedStyle(document.body).fontFamily)
  expect(style.fontFamily).not.toMatch(/^\s*("?Times New Roman"?|serif)\b/)
  expect(style.getPropertyValue('--bf-text').trim()).not.toBe('')
  expect(style.fontSize).toBe('14px')
  for (const list of el.querySelectorAll('ul, ol, li')) expect(getComputedStyle(list).listStyleType, list.outerHTML.slice(0, 80)).toBe('none')
  expect(interactiveOverlaps(el)).toEqual([])
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width)
  expect(el.scrollWidth).toBeLessThanOrEqual(el.clientWidth)
  const result = await axe.run(el)
  expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`))).toEqual([])
  const contrast = await axe.run(el, { runOnly: ['color-contrast'] })
  expect(contrast.passes.length + contrast.incomplete.length).toBeGreaterThan(0)
}

// The fixtures' confirming and confirmed records are one transaction at two moments: here, two.
const records = [liveRecords.pending, liveRecords.confirming, { ...liveRecords.confirmed, hash: `0x${'c0'.repeat(32)}` as const }, liveRecords.failed, liveRecords.replaced, liveRecords.dropped]

async function approvalDetails() {
  const f = F.unlimitedApproval()
  const details = (await getTransactionDetails(F.fixtureRpc([f]), { hash: f.hash }))!
  const entry = transactionEntrySchema.parse({
    hash: f.hash, from_address: F.SENDER, to_address: f.tx.to, value: '0', block_timestamp: '2024-08-21T08:13:47.000Z', block_number: '20589436', category: 'approve',
    contract_interactions: { approvals: [{ value: maxUint256.toString(), token: { address: F.USDT, token_symbol: 'USDT', token_decimals: '6' }, spender: { address: F.ROUTER, address_label: 'Uniswap V2: Router 2' } }] },
  })
  const approvalStates: ApprovalStates = {
    headBlockNumber: BigInt(F.HEAD),
    approvals: [{ forAll: false, token: getAddress(F.USDT), owner: getAddress(F.SENDER), spender: getAddress(F.ROUTER), current: maxUint256 }],
  }
  return { details, entry, approvalStates }
}

async function transferDetails() {
  const f = F.usdcTransfer()
  const details = (await getTransactionDetails(F.fixtureRpc([f]), { hash: f.hash }))!
  const entry = transactionEntrySchema.parse({
    hash: f.hash, from_address: F.SENDER, to_address: f.tx.to, value: '0', block_timestamp: '2024-08-21T08:13:47.000Z', block_number: '20589436',
    erc20_transfers: [{ address: F.USDC, token_symbol: 'USDC', token_decimals: '6', from_address: F.SENDER, to_address: F.RECEIVER, value: '25000000' }],
  })
  return { details, entry }
}

for (const width of [1024, 360]) {
  for (const theme of ['light', 'dark'] as const) {
    describe(`used alone on a bare page, ${width} px, ${theme}`, () => {
      it('PendingTransactions: every status on the row anatomy, themed, words apart, actions apart', async () => {
        const el = await mount(
          <PendingTransactions records={records} tokens={liveTokens} receipts={new Map([[liveRecords.confirming.hash, usdcReceiptLogs]])} chain="eth" locale="en-US" onSendAgain={() => {}} onDismiss={() => {}} />,
          width,
          theme,
        )
        const group = el.querySelector<HTMLElement>('.bf-pending')!
        await expectStandalone(group, width)
        const items = [...group.querySelectorAll<HTMLElement>('.bf-pending__item')]
        expect(items.map((i) => i.querySelector('.bf-pending__status')!.textContent)).toEqual(['Sending', 'Confirming', 'Confirmed', 'Failed', 'Replaced', 'Dropped'])
        for (const item of items) {
          const status = item.querySelector('.bf-pending__status')!
          const link = item.querySelector('.bf-pending__link')!
          expect(distance(status, link)).toBeGreaterThanOrEqual(4)
          // A row of the shared grid, 40 px glyph leading.
          expect(item.querySelector('.bf-row > .bf-row__leading')!.getBoundingClientRect().width).toBe(40)
          expect(item.innerText).not.toMatch(/(Sending|Confirming|Confirmed|Failed|Replaced|Dropped|confirmations|BC)(View|To|3 of|Send again)/)
        }
        const confirming = items[1]!
        expect(distance(confirming.querySelector('.bf-pending__confirmations')!, confirming.querySelector('.bf-pending__link')!)).toBeGreaterThanOrEqual(4)
        expect(confirming.querySelector('.bf-row__subtitle')!.textContent).toBe('To 0x3C44…93BC·3 of 12 confirmations')
        // Amounts signed like the rows', said once, on the row's trailing edge.
        expect(items[0]!.querySelector('.bf-row__trailing')!.textContent).toBe('\u221225 USDC')
        const dropped = items[5]!
        const [again, dismiss] = [...dropped.querySelectorAll('button')]
        expect(distance(again!, dismiss!)).toBeGreaterThanOrEqual(4)
        expect(distance(dropped.querySelector('.bf-pending__link')!, again!)).toBeGreaterThanOrEqual(4)
        // The amount is never pushed off: it ends at the row's end edge, inside the item.
        for (const item of items) {
          const trailing = item.querySelector('.bf-row__trailing')
          if (trailing) expect(trailing.getBoundingClientRect().right).toBeLessThanOrEqual(item.getBoundingClientRect().right)
        }
      })

      it('TransactionDetails: a disclosure and a panel with an unlimited approval and Revoke, themed, aligned, no bullets', async () => {
        const approval = await approvalDetails()
        const transfer = await transferDetails()
        const el = await mount(
          <>
            <TransactionDetails {...transfer} chain="eth" locale="en-US" timeZone="UTC" defaultOpen />
            <TransactionDetails {...approval} chain="eth" locale="en-US" timeZone="UTC" variant="panel" onRevoke={() => {}} />
          </>,
          width,
          theme,
        )
        await expect.poll(() => el.querySelector('.bf-details__revoke'), { timeout: 10_000 }).not.toBeNull()
        for (const details of el.querySelectorAll<HTMLElement>('.bf-details')) await expectStandalone(details, width)
        const revoke = el.querySelector<HTMLElement>('.bf-details__revoke')!
        const look = getComputedStyle(revoke)
        expect(look.borderTopLeftRadius).not.toBe('0px')
        expect(look.cursor).toBe('pointer')
        expect(distance(revoke, revoke.previousElementSibling!)).toBeGreaterThanOrEqual(4)
        // Terms and values in two aligned columns, apart.
        const rows = [...el.querySelectorAll('.bf-details__row')]
        const starts = new Set(rows.map((r) => Math.round(r.querySelector('dd')!.getBoundingClientRect().left)))
        expect(starts.size).toBe(1)
        for (const r of rows) expect(distance(r.querySelector('dt')!, r.querySelector('dd')!)).toBeGreaterThanOrEqual(8)
      })
    })
  }
}
