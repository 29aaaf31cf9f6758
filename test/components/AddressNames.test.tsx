import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Address } from '../../src/components/Address/Address.js'
import { NamesContext } from '../../src/components/shared/names.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { tx, WALLET } from './fixtures.js'

const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const names = new Map([[BOB.toLowerCase(), 'bob.eth'], ['0x0000000000000000000000000000000000000001', 'evil\u202Ehte.ecila']])

describe('Address with verified names from the feed', () => {
  it('shows the name where the service gave no label, the address in the title and the accessible name', () => {
    render(<NamesContext.Provider value={names}><Address address={BOB.toLowerCase()} chain="eth" /></NamesContext.Provider>)
    const link = screen.getByRole('link')
    expect(link.textContent).toContain('bob.eth')
    expect(link.getAttribute('title')).toBe(BOB)
    expect(link.textContent).toContain(BOB)
    expect(link.closest('.bf-address')!.getAttribute('data-name-source')).toBe('ens')
  })

  it('puts the service label first, then the name, then the short address', () => {
    const { rerender } = render(<NamesContext.Provider value={names}><Address address={BOB} label="Bob (exchange)" chain="eth" /></NamesContext.Provider>)
    expect(screen.getByRole('link').textContent).toContain('Bob (exchange)')
    expect(screen.getByRole('link').textContent).not.toContain('bob.eth')
    rerender(<Address address={BOB} chain="eth" />)
    expect(screen.getByRole('link').textContent).toContain('0x3C44…93BC')
  })

  it('cleans a name of bidi tricks like any text from outside', () => {
    render(<NamesContext.Provider value={names}><Address address="0x0000000000000000000000000000000000000001" chain="eth" /></NamesContext.Provider>)
    expect(screen.getByRole('link').textContent).not.toContain('\u202E')
  })
})

describe('TransactionRow summary with verified names', () => {
  const payment = tx({ from_address: BOB, to_address: WALLET, value: '2000000000000000000' })
  const row = (entry: typeof payment) => render(<NamesContext.Provider value={names}><TransactionRow transaction={entry} wallet={WALLET} chain="eth" locale="en-US" /></NamesContext.Provider>)

  it('names the party by its verified name, as the Address beside it does', () => {
    row(payment)
    expect(document.querySelector('.bf-tx__summary')!.textContent).toBe('Received 2 ETH from bob.eth')
  })

  it('keeps the service label first, and a name cleaned of bidi tricks', () => {
    row({ ...payment, from_address_label: 'Bob (exchange)' })
    expect(document.querySelector('.bf-tx__summary')!.textContent).toBe('Received 2 ETH from Bob (exchange)')
  })

  it('cleans a hostile name in the summary too', () => {
    row({ ...payment, from_address: '0x0000000000000000000000000000000000000001' })
    expect(document.querySelector('.bf-tx__summary')!.textContent).not.toContain('\u202E')
  })
})
