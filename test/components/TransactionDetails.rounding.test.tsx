import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import { TransactionDetails } from '../../src/components/TransactionDetails/TransactionDetails.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { getTransactionDetails } from '../../src/core/details/getTransactionDetails.js'
import { liveRecords, LIVE_WALLET, RECIPIENT } from '../../stories/feed/liveFixtures.js'
import * as F from '../core/details/fixtures.js'
import { tx } from './fixtures.js'

// 1.234567890123456789 ETH and the fixture's fee, 41937 gas × 20.000000238 gwei = 0.000838700009981006 ETH.
const VALUE = 1_234_567_890_123_456_789n
const GAS = 41_937n
const PRICE = 20_000_000_238n

/** The figure as a person reads it, sign and symbol aside. */
const number = (text: string | null | undefined) => (text ?? '').replace(/[\u2212+]/g, '').replace(/\s*ETH\s*$/, '').trim()

describe('one rounding rule: the same figure reads the same in the row, its details and the pending group', () => {
  it('a value and a fee', async () => {
    const f = F.usdcTransfer()
    const node = (await getTransactionDetails(F.fixtureRpc([f]), { hash: f.hash }))!
    const details = { ...node, value: { wei: VALUE, formatted: '1.234567890123456789' } }
    const entry = tx({ from_address: LIVE_WALLET, to_address: RECIPIENT, value: VALUE.toString(), receipt_gas_used: GAS.toString(), gas_price: PRICE.toString(), transaction_fee: null })

    const row = render(<TransactionRow transaction={entry} wallet={LIVE_WALLET} chain="eth" locale="en-US" timeZone="UTC" defaultExpanded />).container
    // The row's details load as a chunk of their own.
    await waitFor(() => expect(row.querySelector('.bf-tx__fee dd')).not.toBeNull())
    const rowValue = number(row.querySelector('.bf-row__trailing .bf-amount')!.textContent)
    const rowFee = number(row.querySelector('.bf-tx__fee dd')!.textContent)

    const panel = render(<TransactionDetails details={details} chain="eth" locale="en-US" timeZone="UTC" variant="panel" />).container
    const term = (name: string) => [...panel.querySelectorAll('.bf-details__row')].find((r) => r.querySelector('dt')!.textContent === name)!.querySelector('dd')!
    const detailsValue = number(term('Value').textContent)
    const detailsFee = number(term('Fee').firstElementChild!.textContent)

    const record = { ...liveRecords.failed, value: VALUE.toString() }
    const group = render(<PendingTransactions records={[record]} chain="eth" locale="en-US" />).container
    const pendingValue = number(group.querySelector('.bf-row__trailing .bf-amount')!.textContent)
    const pendingSentence = group.querySelector('.bf-pending__summary')!.textContent

    expect(rowValue).toBe('1.234568')
    expect(detailsValue).toBe(rowValue)
    expect(pendingValue).toBe(rowValue)
    expect(pendingSentence).toBe('Send 1.234568 ETH to 0x3C44…93BC')
    expect(rowFee).toBe('0.000839')
    expect(detailsFee).toBe(rowFee)
  })

  it('an amount below the sixth decimal reads "<0.000001" everywhere', async () => {
    const f = F.usdcTransfer()
    const node = (await getTransactionDetails(F.fixtureRpc([f]), { hash: f.hash }))!
    const details = { ...node, value: { wei: 3n, formatted: '0.000000000000000003' } }
    const row = render(<TransactionRow transaction={tx({ from_address: LIVE_WALLET, to_address: RECIPIENT, value: '3' })} wallet={LIVE_WALLET} chain="eth" locale="en-US" timeZone="UTC" />).container
    const panel = render(<TransactionDetails details={details} chain="eth" locale="en-US" variant="panel" />).container
    const group = render(<PendingTransactions records={[liveRecords.dropped]} chain="eth" locale="en-US" />).container
    expect(number(row.querySelector('.bf-row__trailing .bf-amount')!.textContent)).toBe('<0.000001')
    expect(panel.textContent).toContain('Value<0.000001 ETH')
    expect(number(group.querySelector('.bf-row__trailing .bf-amount')!.textContent)).toBe('<0.000001')
  })
})
