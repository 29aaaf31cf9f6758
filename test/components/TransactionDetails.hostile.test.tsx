import { render, screen } from '@testing-library/react'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { TransactionDetails } from '../../src/components/TransactionDetails/TransactionDetails.js'
import { getTransactionDetails, type TransactionDetails as Details } from '../../src/core/details/getTransactionDetails.js'
import * as F from '../core/details/fixtures.js'

async function detailsOf(fixture: F.RpcFixture): Promise<Details> {
  return (await getTransactionDetails(F.fixtureRpc([fixture]), { hash: fixture.hash }))!
}

const row = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement

describe('TransactionDetails with names from outside', () => {
  it('a verified name shows with the short address beside it, in the rows and in the events', async () => {
    const names = { [getAddress(F.SENDER)]: 'alice.eth', [getAddress(F.RECEIVER)]: 'bob.eth' }
    render(<TransactionDetails details={await detailsOf(F.usdcTransfer())} names={names} variant="panel" chain="eth" />)
    const from = row('From').querySelector('a')!
    expect(from.querySelector('.bf-clip')!.textContent).toBe('alice.eth')
    expect(from.querySelector('.bf-address__hex')?.textContent).toBe('0x4838…5f97')
    const transfer = screen.getByRole('region', { name: /^Events/ }).querySelector('li')!
    expect([...transfer.querySelectorAll('.bf-address__hex')].map((e) => e.textContent)).toEqual(['0x4838…5f97', '0x9522…Afe5'])
  })

  it('a name with a zero-width character is not shown cleaned into another name: the address is', async () => {
    const names = { [getAddress(F.SENDER)]: 'vit\u200Balik.eth' }
    render(<TransactionDetails details={await detailsOf(F.usdcTransfer())} names={names} variant="panel" chain="eth" />)
    expect(row('From').textContent).not.toContain('vitalik.eth')
    expect(row('From').querySelector('.bf-address__hex')!.textContent).toBe('0x4838…5f97')
  })
})
