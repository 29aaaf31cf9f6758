import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { trackedToEntry } from '../../src/core/live/display.js'
import type { TrackedTransaction } from '../../src/core/live/record.js'
import { LIVE_WALLET, liveRecords, liveTokens, usdcReceiptLogs } from '../../stories/feed/liveFixtures.js'
import { axeViolations } from './axe.js'

const item = (container: HTMLElement) => container.querySelector<HTMLElement>('.bf-pending__item')!
const liveRegion = () => screen.getByRole('status')

describe('PendingTransactions: every state', () => {
  const cases: { name: string; record: TrackedTransaction; summary: string; status: string }[] = [
    { name: 'pending', record: liveRecords.pending, summary: 'Sending 25 USDC to 0x3C44…93BC', status: 'Sending' },
    { name: 'confirming', record: liveRecords.confirming, summary: 'Sent 25 USDC to 0x3C44…93BC', status: 'Confirming' },
    { name: 'confirmed', record: liveRecords.confirmed, summary: 'Sent 25 USDC to 0x3C44…93BC', status: 'Confirmed' },
    { name: 'failed', record: liveRecords.failed, summary: 'Send 0.5 ETH to 0x3C44…93BC', status: 'Failed' },
    { name: 'replaced', record: liveRecords.replaced, summary: 'Send <0.000001 ETH to 0x3C44…93BC', status: 'Replaced' },
    { name: 'dropped', record: liveRecords.dropped, summary: 'Send <0.000001 ETH to 0x3C44…93BC', status: 'Dropped' },
  ]
  for (const c of cases) {
    it(`${c.name}: data-status, what it does, status text, no axe violations`, async () => {
      const { container } = render(<PendingTransactions records={[c.record]} tokens={liveTokens} chain="eth" locale="en-US" onSendAgain={() => {}} />)
      expect(screen.getByRole('group', { name: 'Pending' })).toBeTruthy()
      expect(item(container).getAttribute('data-status')).toBe(c.name === 'confirming' ? 'confirmed' : c.name)
      expect(item(container).querySelector('.bf-pending__summary')!.textContent).toBe(c.summary)
      expect(item(container).querySelector('.bf-pending__status')!.textContent).toBe(c.status)
      expect(await axeViolations(container)).toEqual([])
    })
  }

  it('confirming shows the count of confirmations, and only while confirming', () => {
    const { container, rerender } = render(<PendingTransactions records={[liveRecords.confirming]} tokens={liveTokens} />)
    expect(item(container).querySelector('.bf-pending__confirmations')!.textContent).toBe('3 of 12 confirmations')
    expect(item(container).getAttribute('data-confirmations')).toBe('3')
    rerender(<PendingTransactions records={[liveRecords.confirmed]} tokens={liveTokens} />)
    expect(item(container).querySelector('.bf-pending__confirmations')).toBeNull()
  })

  it('without token facts the amount is in base units and the token is named by address', () => {
    const { container } = render(<PendingTransactions records={[liveRecords.pending]} locale="en-US" />)
    expect(item(container).querySelector('.bf-pending__summary')!.textContent).toBe('Sending 25,000,000 of token 0xA0b8…eB48 to 0x3C44…93BC')
  })

  it('words and amounts follow the locale (German: its catalogue, German digits)', async () => {
    const { container } = render(<PendingTransactions records={[liveRecords.failed]} locale="de-DE" />)
    const de = (await import('../../src/locales/de.js')).default
    const sentence = de.tracked.ended.transfer.replace('{amount}', de.tracked.amount.replace('{amount}', '0,5').replace('{symbol}', 'ETH')).replace('{to}', '0x3C44…93BC')
    await waitFor(() => expect(item(container).querySelector('.bf-pending__summary')!.textContent).toBe(sentence))
  })

  // What moved is said once, in the row's trailing column, as an indexed row says it: no second list of it below.
  const trailing = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.bf-row__trailing > *')].map((l) => l.textContent)

  it('given receipt logs, what their Transfer events moved for the wallet is the trailing amount, signed', () => {
    const receipts = new Map([[liveRecords.confirmed.hash, usdcReceiptLogs]])
    const { container } = render(<PendingTransactions records={[liveRecords.confirmed]} tokens={liveTokens} receipts={receipts} locale="en-US" />)
    expect(trailing(container)).toEqual(['\u221225 USDC'])
    expect(container.querySelector('.bf-row__trailing .bf-amount')!.getAttribute('data-direction')).toBe('out')
    expect(screen.queryByRole('list', { name: 'Transfers' })).toBeNull()
  })

  describe('once mined, the record\'s receipt lines (what the logs moved, not the calldata guess)', () => {
    const OTHER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    const NFT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const base = liveRecords.confirmed
    const mined = (lines: NonNullable<TrackedTransaction['receiptTransfers']>['lines'], total = lines.length, extra: Partial<TrackedTransaction> = {}): TrackedTransaction =>
      ({ ...base, ...extra, receiptTransfers: { lines, total } })

    it('ERC-20 out, ERC-721 in, ERC-1155 out: the first (outgoing first) and "+2 more", from the logs, not the calldata', async () => {
      const record = mined([
        { kind: 'erc20', token: base.tokenTransfer!.token, from: LIVE_WALLET, to: OTHER, amount: '1500000', tokenId: null, logIndex: 0 },
        { kind: 'erc721', token: NFT, from: OTHER, to: LIVE_WALLET, amount: '1', tokenId: '7', logIndex: 1 },
        { kind: 'erc1155', token: NFT, from: LIVE_WALLET, to: OTHER, amount: '3', tokenId: '42', logIndex: 2 },
      ])
      const { container } = render(<PendingTransactions records={[record]} tokens={liveTokens} chain="eth" locale="en-US" />)
      // The calldata said 25 USDC; the logs say 1.5 moved.
      expect(trailing(container)).toEqual(['\u22121.5 USDC', '+2 more'])
      expect(await axeViolations(container)).toEqual([])
    })

    it('a swap\'s two legs both show, outgoing first', () => {
      const record = mined([
        { kind: 'erc721', token: NFT, from: OTHER, to: LIVE_WALLET, amount: '1', tokenId: '7', logIndex: 1 },
        { kind: 'erc20', token: base.tokenTransfer!.token, from: LIVE_WALLET, to: OTHER, amount: '1500000', tokenId: null, logIndex: 0 },
      ])
      const { container } = render(<PendingTransactions records={[record]} tokens={liveTokens} chain="eth" locale="en-US" />)
      expect(trailing(container)).toEqual(['\u22121.5 USDC', '+#7'])
    })

    it('the native value is an amount too, and a failed transaction\'s reads as not moved', () => {
      const { container, rerender } = render(<PendingTransactions records={[mined([], 0, { tokenTransfer: null, value: '500000000000000000' })]} chain="eth" locale="en-US" />)
      expect(trailing(container)).toEqual(['\u22120.5 ETH'])
      rerender(<PendingTransactions records={[{ ...liveRecords.failed, receiptTransfers: { lines: [], total: 0 } }]} chain="eth" locale="en-US" />)
      expect(container.querySelector('.bf-row__trailing')!.getAttribute('data-moved')).toBe('false')
      expect(container.querySelector('.bf-row__trailing')!.textContent).toContain('not transferred')
    })

    it('lines the record did not keep are counted in "+N more"', () => {
      const line = { kind: 'erc20' as const, token: base.tokenTransfer!.token, from: LIVE_WALLET, to: OTHER, amount: '1', tokenId: null, logIndex: 0 }
      const { container } = render(<PendingTransactions records={[mined([line, { ...line, logIndex: 1 }], 30)]} tokens={liveTokens} locale="en-US" />)
      expect(trailing(container)).toEqual(['\u22120.000001 USDC', '+29 more'])
    })

    it('while pending (no receipt yet) the calldata\'s amount is the trailing one', () => {
      const { container } = render(<PendingTransactions records={[liveRecords.pending]} tokens={liveTokens} locale="en-US" />)
      expect(trailing(container)).toEqual(['\u221225 USDC'])
      expect(item(container).querySelector('.bf-pending__summary')!.textContent).toBe('Sending 25 USDC to 0x3C44…93BC')
    })
  })

  it('replaced links to the replacing transaction on the explorer', () => {
    render(<PendingTransactions records={[liveRecords.replaced]} chain="eth" />)
    const link = screen.getByRole('link', { name: new RegExp(`^${liveRecords.replaced.replacedBy!.slice(0, 10)}…`) })
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${liveRecords.replaced.replacedBy}`)
  })

  it('"Send again" on a dropped transaction calls back with its signed form; not offered without raw or without a callback', () => {
    const onSendAgain = vi.fn()
    const { rerender } = render(<PendingTransactions records={[liveRecords.dropped]} onSendAgain={onSendAgain} />)
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }))
    expect(onSendAgain).toHaveBeenCalledWith(liveRecords.dropped.raw, liveRecords.dropped)
    rerender(<PendingTransactions records={[{ ...liveRecords.dropped, raw: null }]} onSendAgain={onSendAgain} />)
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull()
    rerender(<PendingTransactions records={[liveRecords.dropped]} />)
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull()
    // Other states never offer it.
    rerender(<PendingTransactions records={[liveRecords.pending, liveRecords.failed, liveRecords.replaced]} onSendAgain={onSendAgain} />)
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull()
  })
})

describe('PendingTransactions: announcements and the merge with indexed rows', () => {
  it('announces "Transaction confirmed" when a record becomes confirmed, and nothing for records it first sees', () => {
    const { rerender } = render(<PendingTransactions records={[liveRecords.pending, liveRecords.failed]} tokens={liveTokens} />)
    // Already failed when first shown (e.g. from storage after a reload): no announcement.
    expect(liveRegion().textContent).toBe('')
    rerender(<PendingTransactions records={[liveRecords.confirming, liveRecords.failed]} tokens={liveTokens} />)
    expect(liveRegion().textContent).toBe('Transaction confirmed: Sent 25 USDC to 0x3C44…93BC')
    expect(liveRegion().getAttribute('aria-live')).toBe('polite')
  })

  it('announces failure, replacement and drop', () => {
    const pending = (r: TrackedTransaction) => ({ ...r, status: 'pending', final: false, replacedBy: null }) as TrackedTransaction
    for (const [r, said] of [[liveRecords.failed, 'Transaction failed'], [liveRecords.replaced, 'Transaction replaced'], [liveRecords.dropped, 'Transaction dropped']] as const) {
      const { rerender, unmount } = render(<PendingTransactions records={[pending(r)]} />)
      rerender(<PendingTransactions records={[r]} />)
      expect(liveRegion().textContent).toMatch(new RegExp(`^${said}: Send .+ ETH to 0x3C44…93BC$`))
      unmount()
    }
  })

  it('a record whose hash is indexed leaves the group (its row takes its place, never both), still announcing its confirmation', () => {
    const indexedRow = { hash: liveRecords.confirmed.hash.toUpperCase().replace('0X', '0x') }
    const { container, rerender } = render(<PendingTransactions records={[liveRecords.pending, liveRecords.dropped]} indexed={[]} tokens={liveTokens} />)
    expect(container.querySelectorAll('.bf-pending__item')).toHaveLength(2)
    rerender(<PendingTransactions records={[liveRecords.confirmed, liveRecords.dropped]} indexed={[indexedRow]} tokens={liveTokens} />)
    expect([...container.querySelectorAll('.bf-pending__item')].map((e) => e.getAttribute('data-status'))).toEqual(['dropped'])
    expect(liveRegion().textContent).toBe('Transaction confirmed: Sent 25 USDC to 0x3C44…93BC')
    rerender(<PendingTransactions records={[liveRecords.confirmed]} indexed={[indexedRow]} tokens={liveTokens} />)
    expect(screen.queryByRole('group', { name: 'Pending' })).toBeNull()
    expect(container.firstElementChild!.hasAttribute('data-empty')).toBe(true)
  })
})

describe('PendingTransactions: untrusted text and pass-through', () => {
  it('a token symbol from the service is text only, cleaned of bidi and zero-width characters and clipped', () => {
    const [address, info] = [...liveTokens][0]!
    const hostile = new Map([[address!, { ...info!, symbol: '\u202EDSU\u200B<img src=x onerror=alert(1)>' }]])
    const { container } = render(<PendingTransactions records={[liveRecords.pending]} tokens={hostile} />)
    expect(container.querySelector('img')).toBeNull()
    const text = item(container).querySelector('.bf-pending__summary')!.textContent!
    expect(text).not.toMatch(/[\u202E\u200B]/)
    expect(text).toBe('Sending 25 DSU<img src… to 0x3C44…93BC')
  })

  it('a symbol like "constructor" or "__proto__" from the service is just a name', () => {
    const [address, info] = [...liveTokens][0]!
    for (const symbol of ['constructor', '__proto__', 'toString']) {
      const { container, unmount } = render(<PendingTransactions records={[liveRecords.pending]} tokens={new Map([[address!, { ...info!, symbol }]])} />)
      expect(item(container).querySelector('.bf-pending__summary')!.textContent).toBe(`Sending 25 ${symbol} to 0x3C44…93BC`)
      unmount()
    }
  })

  it('ref, className and style reach the root element', () => {
    const ref = createRef<HTMLDivElement>()
    const { container } = render(<PendingTransactions ref={ref} records={[liveRecords.pending]} className="mine" style={{ margin: 3 }} />)
    expect(ref.current).toBe(container.firstElementChild)
    expect(ref.current!.className).toBe('bf-pending mine')
    expect(ref.current!.style.margin).toBe('3px')
  })
})

describe('trackedToEntry: a record drawn by the same row as an indexed entry', () => {
  it('pending ERC-20 transfer (from calldata) and, after the receipt, from its logs: the row shows the same transfer line', async () => {
    const { container, rerender } = render(<TransactionRow transaction={trackedToEntry(liveRecords.pending, { tokens: liveTokens })} wallet={LIVE_WALLET} chain="eth" locale="en-US" timeZone="UTC" defaultExpanded />)
    const line = () => container.querySelector<HTMLElement>('.bf-transfer[data-kind="erc20"]')!
    // The row's details (its transfer lines) load as a chunk of their own.
    await waitFor(() => expect(line()).not.toBeNull())
    expect(line().getAttribute('data-direction')).toBe('out')
    expect(line().textContent).toContain('\u221225 USDC')
    const before = line().textContent
    rerender(<TransactionRow transaction={trackedToEntry(liveRecords.confirmed, { tokens: liveTokens, logs: usdcReceiptLogs })} wallet={LIVE_WALLET} chain="eth" locale="en-US" timeZone="UTC" defaultExpanded />)
    expect(line().textContent).toBe(before)
  })
})
