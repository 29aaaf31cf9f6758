/**
 * Approvals in the row's title whatever the service calls them: a method or selector that grants an
 * allowance reads "Approved" with no category and under the generic "contract interaction"; one whose
 * approval events all withdraw it (an allowance of 0, approval for all turned off) reads "Revoked".
 */
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { BOB, COLLECTION, erc20, TOKEN, tx, WALLET } from './fixtures.js'

const props = { wallet: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const APPROVAL_FOR_ALL = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'
const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
const log = (topic0: string, data: string, topic3: string | null = null) => ({ topic0, topic1: word(WALLET), topic2: word(BOB), topic3, data, address: TOKEN })

function titleOf(raw: Record<string, unknown>) {
  const { unmount } = render(<TransactionRow transaction={tx({ to_address: TOKEN, ...raw })} {...props} />)
  const title = screen.getByRole('article').querySelector('.bf-row__title')!.textContent
  unmount()
  return title
}

describe('an approval row', () => {
  it('reads "Approved" from the method label alone, as the devnet sends it (no category, no input)', () => {
    expect(titleOf({ method_label: 'approve' })).toBe('Approved')
    expect(titleOf({ method_label: 'setApprovalForAll', to_address: COLLECTION })).toBe('Approved')
  })

  it('reads "Approved" under the generic "contract interaction", by method label or by selector', () => {
    expect(titleOf({ category: 'contract interaction', method_label: 'approve' })).toBe('Approved')
    expect(titleOf({ category: 'contract interaction', input: `0x095ea7b3${word(BOB).slice(2)}${word('ff').slice(2)}` })).toBe('Approved')
    expect(titleOf({ category: 'Contract Interaction', method_label: 'setApprovalForAll', to_address: COLLECTION })).toBe('Approved')
  })

  it('keeps "Called {method}" for another method under "contract interaction", and the service’s own approval categories', () => {
    expect(titleOf({ category: 'contract interaction', method_label: 'execute' })).toBe('Called execute')
    expect(titleOf({ category: 'contract interaction' })).toBe('Contract call')
    expect(titleOf({ category: 'revoke', method_label: 'approve' })).toBe('Revoked')
  })

  it('an approve that moved tokens is not an approval row (a permit-and-transfer reads by what moved)', () => {
    expect(titleOf({ category: 'contract interaction', method_label: 'approve', erc20_transfer: [erc20({ to_address: BOB })] })).not.toBe('Approved')
  })

  it('reads "Revoked" when its approval events withdraw the permission: an allowance of 0, approval for all off, a cleared NFT approval', () => {
    expect(titleOf({ method_label: 'approve', logs: [log(APPROVAL, word('0'))] })).toBe('Revoked')
    expect(titleOf({ category: 'contract interaction', method_label: 'setApprovalForAll', logs: [log(APPROVAL_FOR_ALL, word('0'))] })).toBe('Revoked')
    const cleared = { ...log(APPROVAL, '0x', word('2a')), topic2: word('0') }
    expect(titleOf({ method_label: 'approve', to_address: COLLECTION, logs: [cleared] })).toBe('Revoked')
    // A live allowance, approval for all on, an NFT approved to someone: granted.
    expect(titleOf({ method_label: 'approve', logs: [log(APPROVAL, word('5f5e100'))] })).toBe('Approved')
    expect(titleOf({ method_label: 'setApprovalForAll', logs: [log(APPROVAL_FOR_ALL, word('1'))] })).toBe('Approved')
    expect(titleOf({ method_label: 'approve', to_address: COLLECTION, logs: [log(APPROVAL, '0x', word('2a'))] })).toBe('Approved')
  })
})
