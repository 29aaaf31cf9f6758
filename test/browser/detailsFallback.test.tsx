/**
 * An opened row whose node does not know the transaction, in Chromium: the history's facts and the
 * quiet note fit the row at 1024 and 360 px, light and dark, and in Arabic (right to left), with
 * nothing wider than the page. Set VITE_BLOCKFEED_SHOTS=1 to save each state as a PNG under
 * __screenshots__/ beside this file (to look at them; nothing compares them).
 */
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { TransactionDetails } from '../../src/components/TransactionDetails/TransactionDetails.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { transactionEntrySchema } from '../../src/core/history/schema.js'
import { mountOnPage } from './support/mount.js'

const SENDER = '0x4838b106fce9647bdf1e7877bf73ce8b0bad5f97'
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const entry = transactionEntrySchema.parse({
  hash: '0x1111111111111111111111111111111111111111111111111111111111111111', nonce: '7', from_address: SENDER, to_address: USDC,
  to_address_label: 'Circle: USDC', value: '0', block_timestamp: '2024-08-21T08:13:47.000Z', block_number: '20589436', receipt_status: '1',
  transaction_fee: '0.000838740009980999', method_label: 'transfer',
  erc20_transfers: [{ address: USDC, token_symbol: 'USDC', token_decimals: '6', value: '25000000', from_address: SENDER, to_address: '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5' }],
})

const NOTES = { 'en-US': 'The node does not know this transaction yet.', ar: 'لا تعرف العقدة هذه المعاملة بعد.' }
const SHOTS = import.meta.env.VITE_BLOCKFEED_SHOTS ? '__screenshots__/detailsFallback/' : undefined

async function open(width: number, theme: 'light' | 'dark', locale: 'en-US' | 'ar') {
  await page.viewport(width, 900)
  document.documentElement.setAttribute('data-theme', theme)
  const host = await mountOnPage(
    <TransactionRow
      transaction={entry}
      wallet={SENDER}
      chain="eth"
      locale={locale}
      timeZone="UTC"
      defaultExpanded
      renderDetails={(tx) => <TransactionDetails details={null} entry={tx} variant="panel" chain="eth" locale={locale} timeZone="UTC" />}
    />,
    (h) => {
      h.style.cssText = `width:${width}px;background:${theme === 'dark' ? '#000' : '#fff'}`
      // A row on its own reads the page's direction, as in an Arabic app.
      if (locale === 'ar') h.dir = 'rtl'
    },
  )
  // The details chunk and a catalogue other than English load on first use.
  await expect.poll(() => host.querySelector('.bf-details__note')?.textContent ?? '', { timeout: 15_000 }).toContain(NOTES[locale])
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((r) => requestAnimationFrame(() => r())))
  return host
}

const states = [
  [1024, 'light', 'en-US'], [1024, 'dark', 'en-US'], [360, 'light', 'en-US'], [360, 'dark', 'en-US'], [1024, 'light', 'ar'], [360, 'dark', 'ar'],
] as const

describe('details from the history while the node does not know the transaction', () => {
  it.each(states)('%i px, %s, %s: every fact inside the row, nothing wider than the page', async (width, theme, locale) => {
    const host = await open(width, theme, locale)
    const details = host.querySelector('.bf-details')!
    const box = details.getBoundingClientRect()
    for (const el of details.querySelectorAll('dt, dd, .bf-details__note, .bf-details__explorer')) {
      const r = el.getBoundingClientRect()
      expect(r.width, el.textContent ?? '').toBeGreaterThan(0)
      expect(r.left, el.textContent ?? '').toBeGreaterThanOrEqual(box.left - 0.5)
      expect(r.right, el.textContent ?? '').toBeLessThanOrEqual(box.right + 0.5)
    }
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width)
    // The note is quieter than the facts: muted, and no larger.
    const note = getComputedStyle(details.querySelector('.bf-details__note')!)
    const value = getComputedStyle(details.querySelector('dd')!)
    expect(note.color).not.toBe(value.color)
    expect(parseFloat(note.fontSize)).toBeLessThanOrEqual(parseFloat(value.fontSize))
    if (locale === 'ar') expect(getComputedStyle(details).direction).toBe('rtl')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}details-fallback-${width}-${theme}-${locale}.png`, element: host.firstElementChild as HTMLElement })
  })
})
