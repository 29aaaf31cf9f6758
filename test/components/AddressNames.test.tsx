import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Address } from '../../src/components/Address/Address.js'
import { NamesContext } from '../../src/components/shared/names.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { tx, WALLET } from './fixtures.js'
import { openedDetails } from './TransactionRow/openRow.js'

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

describe('TransactionRow party with verified names', () => {
  const payment = tx({ from_address: BOB, to_address: WALLET, value: '2000000000000000000' })
  const row = (entry: typeof payment) => render(<NamesContext.Provider value={names}><TransactionRow transaction={entry} wallet={WALLET} chain="eth" locale="en-US" defaultExpanded /></NamesContext.Provider>)
  const party = () => document.querySelector('.bf-row__subtitle')!.textContent!.split('·')[0]

  it('names the party by its verified name, as the Address beside it does', async () => {
    row(payment)
    expect(document.querySelector('.bf-row__title')!.textContent).toBe('Received')
    expect(party()).toBe('From bob.eth')
    expect(document.querySelector('.bf-row__amount')!.textContent).toBe('+2 ETH')
    // The name is a tooltip away from the address it stands for.
    expect(document.querySelector('.bf-row__party')!.getAttribute('title')).toBe(BOB)
    const details = await openedDetails()
    expect(within(details).getByRole('link', { name: /bob\.eth/ }).getAttribute('title')).toBe(BOB)
  })

  it('keeps the service label first, and a name cleaned of bidi tricks', () => {
    row({ ...payment, from_address_label: 'Bob (exchange)' })
    expect(party()).toBe('From Bob (exchange)')
  })

  it('cleans a hostile name in the party too', async () => {
    row({ ...payment, from_address: '0x0000000000000000000000000000000000000001' })
    expect(party()).not.toContain('\u202E')
    await openedDetails()
    expect(document.querySelector('article')!.textContent).not.toContain('\u202E')
  })
})

describe('Address with a reverse name made to pass for another', () => {
  const HOLDER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
  const as = (name: string) => render(<NamesContext.Provider value={new Map([[HOLDER.toLowerCase(), name]])}><Address address={HOLDER} chain="eth" /></NamesContext.Provider>)

  it('keeps the short address visible beside a verified name, so a look-alike name cannot stand in for another address', () => {
    as('vitalik.eth')
    const link = screen.getByRole('link')
    expect(link.querySelector('.bf-clip')!.textContent).toBe('vitalik.eth')
    expect(link.querySelector('.bf-address__hex')?.textContent).toBe('0x90F7…b906')
    expect(link.closest('.bf-address')!.getAttribute('data-name-source')).toBe('ens')
  })

  it.each([
    ['a zero-width space inside', 'vit\u200Balik.eth'],
    ['a zero-width joiner inside', 'vita\u200Dlik.eth'],
    ['a capital letter', 'Vitalik.eth'],
    ['a Cyrillic letter among Latin ones', 'vital\u0456k.eth'],
    ['a right-to-left override', 'evil\u202Ehte.ecila'],
    ['a trailing space', 'vitalik.eth '],
  ])('does not show a name with %s: the address shows instead', (_, name) => {
    as(name)
    const link = screen.getByRole('link')
    expect(link.textContent).not.toContain('vitalik.eth')
    expect(link.querySelector('.bf-clip')).toBeNull()
    expect(link.querySelector('.bf-address__hex')!.textContent).toBe('0x90F7…b906')
    expect(link.closest('.bf-address')!.getAttribute('data-name-source')).toBeNull()
  })

  it('an emoji name keeps its joiners (cleaning them away would show another name)', () => {
    as('\u{1F469}\u{1F3FD}\u200D\u{1F4BB}.eth')
    expect(screen.getByRole('link').querySelector('.bf-clip')!.textContent).toBe('\u{1F469}\u{1F3FD}\u200D\u{1F4BB}.eth')
  })
})
