/**
 * The feed's connected details panel (RowDetails) over a real client and real HTTP batching (a
 * fetch that answers from the mainnet-shaped fixtures): the approvals the service listed are read
 * in the same HTTP request as the details, and Revoke follows what the node says now.
 */
import { screen, waitFor } from '@testing-library/react'
import { maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { setup } from './TransactionDetails.rowSetup.js'

describe('RowDetails: approvals the service listed', () => {
  it('reads the allowance in the details’ own HTTP request, and offers Revoke while it is still unlimited', async () => {
    const { batches } = setup(maxUint256)
    const approvals = await screen.findByRole('region', { name: 'Approvals' }, { timeout: 10_000 })
    await waitFor(() => expect(approvals.textContent).toContain('still active'), { timeout: 10_000 })
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy()
    const withDetails = batches.filter((b) => b.includes('eth_getTransactionByHash') || b.includes('allowance'))
    expect(withDetails).toHaveLength(1)
    expect(withDetails[0]).toEqual(expect.arrayContaining(['eth_getTransactionByHash', 'eth_getTransactionReceipt', 'eth_getBlockByNumber', 'allowance']))
  })

  it('spent down to a limited amount since: the amount remaining, and still Revoke (a live allowance is a live risk)', async () => {
    setup(12_500_000n)
    const approvals = await screen.findByRole('region', { name: 'Approvals' }, { timeout: 10_000 })
    await waitFor(() => expect(approvals.textContent).toContain('now 12.5 remaining'), { timeout: 10_000 })
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy()
  })

  it('spent in part on a token that subtracts even from max: still unlimited, still active, with Revoke', async () => {
    setup(maxUint256 - 12_500_000n)
    const approvals = await screen.findByRole('region', { name: 'Approvals' }, { timeout: 10_000 })
    await waitFor(() => expect(approvals.textContent).toContain('may spend unlimited USDT — still active'), { timeout: 10_000 })
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy()
  })

  it('revoked since: no longer active, no Revoke', async () => {
    setup(0n)
    const approvals = await screen.findByRole('region', { name: 'Approvals' }, { timeout: 10_000 })
    await waitFor(() => expect(approvals.textContent).toContain('no longer active'), { timeout: 10_000 })
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
  })
})
