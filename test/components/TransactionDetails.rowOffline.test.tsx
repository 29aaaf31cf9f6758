/**
 * The approval-state chunk fails to load (offline, or replaced by a new deploy): the details still
 * open, the approval says it could not be checked, and no Revoke is offered.
 */
import { screen, waitFor } from '@testing-library/react'
import { maxUint256 } from 'viem'
import { expect, it, vi } from 'vitest'
import { setup } from './TransactionDetails.rowSetup.js'

vi.mock('../../src/core/details/approvalStates.js', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

it('shows the details with the approval unchecked, and no Revoke', async () => {
  setup(maxUint256)
  const approvals = await screen.findByRole('region', { name: 'Approvals' }, { timeout: 10_000 })
  await waitFor(() => expect(approvals.textContent).toContain('could not check whether it is still active'), { timeout: 10_000 })
  expect(screen.getByRole('region', { name: 'Transaction details' }).textContent).toContain('Succeeded, 20 confirmations')
  expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
})
